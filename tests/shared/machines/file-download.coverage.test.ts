import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'file-download')!;

describeMachinePaths(entry, {
  events: [
    { type: 'file.download', file: { recordId: 7, id: 3, name: 'log.txt' } },
    { type: 'file.view', file: { recordId: 7, id: 4, name: 'jam.png' } },
    { type: 'file.close' },
  ],
  outputs: { fetch: [new Blob(['line'])] },
  errors: { fetch: [new ApiError(404, 'not_found', 'No such file on this ticket')] },
  check: (snapshot) => {
    if (snapshot.matches('fetching')) expect((snapshot.context as { file: unknown }).file).not.toBeNull();
    // The viewer shows an image only while it is open: closed, its object URL is let go.
    expect(snapshot.matches('viewing')).toBe((snapshot.context as { viewed: unknown }).viewed !== null);
  },
});
