import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { ClientCareSurveyContext } from '@/features/surveys/machines/client-care-survey.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'client-care-survey')!;

describeMachinePaths(entry, {
  inputs: { 'a company': () => ({ companyId: 3 }) },
  events: [
    { type: 'survey.send' },
    { type: 'survey.sent', result: { queued: 2 } },
    { type: 'survey.failed', error: 'Only a manager or admin may send surveys', fieldErrors: {} },
  ],
  check: (snapshot) => {
    const c = snapshot.context as ClientCareSurveyContext;
    expect(c.companyId).toBe(3);
    if (snapshot.matches('sending')) expect(c.error).toBeNull();
  },
});
