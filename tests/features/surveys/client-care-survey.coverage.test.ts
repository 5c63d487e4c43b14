import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { ClientCareSurveyContext } from '@/features/surveys/machines/client-care-survey.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'client-care-survey')!;

describeMachinePaths(entry, {
  inputs: { 'a company': () => ({ companyId: 3 }) },
  events: [
    { type: 'survey.open' },
    { type: 'recipients.loaded', data: [{ id: 11, name: 'Ann Lee', email: 'ann@acme.example.test' }] },
    { type: 'recipients.failed', error: 'The server is not answering' },
    { type: 'recipients.retry' },
    { type: 'survey.choose', contactIds: [] },
    { type: 'survey.choose', contactIds: [11] },
    { type: 'survey.confirm' },
    { type: 'survey.cancel' },
    { type: 'survey.sent', result: { queued: 2 } },
    { type: 'survey.failed', error: 'Only a manager or admin may send surveys', fieldErrors: {} },
  ],
  check: (snapshot) => {
    const c = snapshot.context as ClientCareSurveyContext;
    expect(c.companyId).toBe(3);
    if (snapshot.matches('sending')) expect(c.error).toBeNull();
    // Only listed contacts are ever ticked.
    for (const id of c.chosen) expect((c.recipients ?? []).map((r) => r.id)).toContain(id);
  },
});
