import { FORMS, type Kudo } from '@contracts/forms';
import { call } from '@/shared/http/http';
import { createQueryMachine } from '@/shared/machines/query.machine';

/** The latest kudos (Home, the Kudos form); light, as Home shows them on the first screen. */
export const recentKudosMachine = createQueryMachine('kudos-recent', (person: number | undefined): Promise<Kudo[]> =>
  call(FORMS.recentKudos, { query: person ? { person } : {} }),
);
/** The kudos one person received, newest first (their profile). */
export const receivedKudosMachine = createQueryMachine('kudos-received', (person: number): Promise<Kudo[]> => call(FORMS.receivedKudos, { params: { person } }));
