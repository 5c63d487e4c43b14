import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'thumbnails')!;

describeMachinePaths(entry, {
  events: [
    { type: 'thumbnails.show', files: [{ recordId: 9, id: 6 }] },
    { type: 'thumbnails.show', files: [{ recordId: 9, id: 7 }] },
  ],
  outputs: { fetchAll: [{ 6: 'blob:thumb-6' }] },
  errors: { fetchAll: [new Error('offline')] },
  check: (snapshot) => {
    // Once idle, nothing is being fetched.
    if (snapshot.matches('idle')) expect((snapshot.context as { inFlight: number[] }).inFlight).toEqual([]);
  },
});
