import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { SuggestionsContext } from '@/features/assistant/machines/suggestions.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

describeMachinePaths(machineRegistry.find((m) => m.id === 'assistant-suggestions')!, {
  events: [
    { type: 'suggestions.type', title: 'reset my password' },
    { type: 'suggestions.type', title: 'ab' },
  ],
  outputs: { suggest: [{ items: [{ id: 3, title: 'How to reset your password', href: '/client/help/resources?article=3' }] }] },
  errors: { suggest: [new Error('Offline')] },
  check: (snapshot) => {
    const c = snapshot.context as SuggestionsContext;
    if (c.title.trim().length < 4) expect(c.items).toEqual([]);
  },
});
