import { expect } from 'vitest';
import { UPLOAD_LIMITS } from '@contracts/common/uploads';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'file-list')!;
/** What the machine reads of a file (its name and size), as plain data so the path generator tells the events apart. */
const file = (name: string, size: number) => ({ name, size }) as File;

describeMachinePaths(entry, {
  events: [
    { type: 'files.add', files: [file('log.txt', 10)] },
    { type: 'files.add', files: [file('blank.txt', 0)] },
    { type: 'files.add', files: [file('huge.bin', UPLOAD_LIMITS.fileBytes + 1)] },
    { type: 'files.remove', index: 0 },
    { type: 'files.clear' },
  ],
  // The list is bounded by the limit (a file past it is kept out), so the traversal ends by itself.
  serializeState: (s) => JSON.stringify([s.value, (s.context as { files: File[] }).files.length, (s.context as { error: string | null }).error]),
  check: (snapshot) => {
    const { files } = snapshot.context as { files: File[] };
    expect(snapshot.matches('empty')).toBe(files.length === 0);
  },
});
