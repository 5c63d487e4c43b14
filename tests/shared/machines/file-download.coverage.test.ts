import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'file-download')!;

describeMachinePaths(entry, {
  events: [{ type: 'file.download', file: { recordId: 7, id: 3, name: 'log.txt' } }],
  outputs: { fetch: [new Blob(['line'])] },
  errors: { fetch: [new ApiError(404, 'not_found', 'No such file on this ticket')] },
  check: (snapshot) => {
    if (snapshot.matches('fetching')) expect((snapshot.context as { file: unknown }).file).not.toBeNull();
  },
});
