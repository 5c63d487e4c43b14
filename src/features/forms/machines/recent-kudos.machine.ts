import { KUDOS_FEED, type Kudo } from '@contracts/kudos-feed';
import { call } from '@/shared/http/http';
import { createQueryMachine } from '@/shared/machines/query.machine';

/** The latest kudos (Home, the Kudos form); light, as Home shows them on the first screen. */
export const recentKudosMachine = createQueryMachine('kudos-recent', (person: number | undefined): Promise<Kudo[]> =>
  call(KUDOS_FEED.recent, { query: person ? { person } : {} }),
);
