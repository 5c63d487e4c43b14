import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { AVATAR_UPLOAD } from '@contracts/people';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { avatarProblem } from '@/features/people/machines/profile-avatar.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'profile-avatar')!;
// Plain stand-ins for chosen files: the paths tell events apart by their JSON, and a File has none.
const PNG = { name: 'me.png', size: 4, type: 'image/png' } as unknown as File;
const PDF = { name: 'cv.pdf', size: 8, type: 'application/pdf' } as unknown as File;
const REFUSED = 'face.png is a HTML or other markup file; an avatar must be a PNG, JPEG or WebP image';

type Snap = { context: { version: number | null; url: string | null; error: string | null } };

describeMachinePaths(entry, {
  inputs: { default: () => ({ id: 3, version: 4 }), none: () => ({ id: 3, version: null }) },
  events: [
    { type: 'avatar.choose', file: PNG },
    { type: 'avatar.choose', file: PDF },
    { type: 'avatar.remove' },
    { type: 'avatar.imageFailed' },
  ],
  outputs: { fetchImage: ['blob:picture'], upload: [9], remove: [null] },
  errors: { fetchImage: [new ApiError(404, 'not_found', 'This person has no avatar')], upload: [new ApiError(415, 'unsupported_media_type', REFUSED, { files: REFUSED })], remove: [new ApiError(0, 'network', 'The server could not be reached')] },
  serializeState: (s) => {
    const { context } = s as unknown as Snap;
    return JSON.stringify([(s as unknown as { value: unknown }).value, context.version, context.url, context.error]);
  },
  check: (snapshot) => {
    const { context } = snapshot as unknown as Snap;
    if (snapshot.matches('uploading') || snapshot.matches('removing')) expect(snapshot.hasTag('busy')).toBe(true);
    // No picture is shown without an avatar.
    if (context.version === null) expect(context.url).toBeNull();
    if (context.error) expect([REFUSED, 'cv.pdf is a PDF document file; an avatar must be a PNG, JPEG or WebP image', 'The server could not be reached']).toContain(context.error);
  },
});

describe('profile avatar machine', () => {
  let notices: ReturnType<typeof recordingNotifier>;
  let restore: () => void;
  beforeEach(() => {
    notices = recordingNotifier();
    restore = provideNotifier(notices);
  });
  afterEach(() => restore());

  it('refuses a picture that is too large or not an image before sending it, in the server words', () => {
    expect(avatarProblem({ name: 'big.png', size: AVATAR_UPLOAD.fileBytes + 1, type: 'image/png' })).toBe('big.png is larger than 5 MB');
    expect(avatarProblem({ name: 'a.gif', size: 10, type: 'image/gif' })).toBe('a.gif is a GIF image file; an avatar must be a PNG, JPEG or WebP image');
    expect(avatarProblem({ name: 'odd', size: 10, type: '' })).toBeNull();
    let sent = 0;
    const actor = createActor(entry.machine.provide({ actors: { upload: fromPromise(async () => (sent++, 1)) } }), { input: { id: 3, version: null } }).start();
    actor.send({ type: 'avatar.choose', file: PDF });
    expect(sent).toBe(0);
    expect(actor.getSnapshot().context.error).toBe('cv.pdf is a PDF document file; an avatar must be a PNG, JPEG or WebP image');
    actor.stop();
  });

  it('keeps the previous picture when an upload is refused, and shows the new one once stored', async () => {
    let answer: { resolve: (v: number) => void; reject: (e: unknown) => void } = { resolve: () => undefined, reject: () => undefined };
    const actor = createActor(
      entry.machine.provide({
        actors: {
          fetchImage: fromPromise(async ({ input }: { input: { version: number } }) => `blob:v${input.version}`),
          upload: fromPromise(() => new Promise<number>((resolve, reject) => (answer = { resolve, reject }))),
        },
      }),
      { input: { id: 3, version: 4 } },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.url).toBe('blob:v4');
    actor.send({ type: 'avatar.choose', file: PNG });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    answer.reject(new ApiError(415, 'unsupported_media_type', REFUSED, { files: REFUSED }));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context).toMatchObject({ version: 4, url: 'blob:v4', error: REFUSED });
    expect(notices.notices.at(-1)).toMatchObject({ tone: 'error', title: 'The avatar was not saved', description: REFUSED });
    actor.send({ type: 'avatar.choose', file: PNG });
    answer.resolve(5);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context).toMatchObject({ version: 5, url: 'blob:v5', error: null });
    expect(notices.notices.at(-1)).toEqual({ tone: 'success', title: 'Avatar saved' });
    actor.stop();
  });
});
