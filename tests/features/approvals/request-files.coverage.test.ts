import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { RequestFilesInput } from '@/features/approvals/machines/request-files.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'request-files')!;
const PHOTO = { id: 71, name: 'taxi.jpg', mime_type: 'image/jpeg', size_bytes: 4096, image: true };
const PDF = { id: 72, name: 'hotel.pdf', mime_type: 'application/pdf', size_bytes: 2048, image: false };

describeMachinePaths(entry, {
  inputs: { 'a claim with a photo and a PDF': () => ({ requestId: 90, files: [PHOTO, PDF] }) },
  events: [{ type: 'file.open', file: PHOTO }, { type: 'file.open', file: PDF }, { type: 'file.close' }],
  check: (snapshot) => {
    const c = snapshot.context as RequestFilesInput;
    expect(c.files.map((f) => f.id)).toEqual([71, 72]);
  },
});
