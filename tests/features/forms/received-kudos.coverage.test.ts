import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { RECEIVED_KUDOS_PAGE, type Kudo } from '@contracts/forms';
import type { ReceivedKudosContext } from '@/features/forms/machines/received-kudos.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const kudo = (id: number): Kudo => ({ id, from: 'Avery Agent', to: 'Dana Developer', toId: 7, message: 'Thanks for the runbook.', value: 'Own it', ticketId: null, projectId: null, createdAt: '2026-11-20T10:00:00Z' });
const full = Array.from({ length: RECEIVED_KUDOS_PAGE }, (_, i) => kudo(1000 - i));

describeMachinePaths(machineRegistry.find((m) => m.id === 'received-kudos')!, {
  inputs: { "Dana's profile": () => ({ person: 7 }) },
  events: [{ type: 'kudos.more' }, { type: 'kudos.retry' }],
  // A full page offers more; a short one is the last.
  outputs: { loadPage: [full, [kudo(1)]] },
  errors: { loadPage: [new Error('Offline')] },
  stopWhen: (s) => (s.context as ReceivedKudosContext).kudos.length > RECEIVED_KUDOS_PAGE * 2,
  serializeState: (s) => {
    const c = s.context as ReceivedKudosContext;
    return JSON.stringify([s.value, c.kudos.length, c.more, c.error !== null]);
  },
  check: (snapshot) => {
    const c = snapshot.context as ReceivedKudosContext;
    // "Show more" shows only after a full page, and a failure never drops what is shown.
    if (c.more) expect(c.kudos.length % RECEIVED_KUDOS_PAGE).toBe(0);
    if (snapshot.matches('failed')) expect(c.kudos).toEqual([]);
  },
});
