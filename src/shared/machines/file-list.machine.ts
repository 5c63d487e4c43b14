/**
 * The files chosen for a note or a reply before it is sent (docs/adr/0116): added from the file
 * dialog or a drop, removed one by one, cleared once the note is saved. A file the server would
 * refuse for its size (empty, over the limit) or one past the count is kept out and said beside
 * the control; the type is judged by the server from the bytes, and its refusal comes back as the
 * form's `files` error.
 */
import { assertEvent, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@contracts/common/uploads';

export type FileListContext = {
  files: File[];
  /** Why files chosen last were kept out (beside the control); null when all were taken. */
  error: string | null;
};

export type FileListEvent =
  | { type: 'files.add'; files: readonly File[] }
  | { type: 'files.remove'; index: number }
  | { type: 'files.clear' };

/** Adds files to a list under the limits: answers the list and the reason for any left out. */
export function addChosenFiles(current: readonly File[], incoming: readonly File[]): FileListContext {
  const files = [...current];
  const refused: string[] = [];
  for (const file of incoming) {
    if (file.size === 0) refused.push(UPLOAD_MESSAGES.empty(file.name));
    else if (file.size > UPLOAD_LIMITS.fileBytes) refused.push(UPLOAD_MESSAGES.tooLarge(file.name));
    else if (files.length >= UPLOAD_LIMITS.filesPerNote) refused.push(UPLOAD_MESSAGES.tooMany(file.name));
    else files.push(file);
  }
  return { files, error: refused.length ? refused.join('. ') : null };
}

export const fileListMachine = setup({
  types: { context: {} as FileListContext, events: {} as FileListEvent },
}).createMachine({
  id: 'fileList',
  description: 'The files chosen for a note or a reply: added under the limits, removed, cleared once sent.',
  context: { files: [], error: null },
  initial: 'empty',
  states: {
    empty: {
      description: 'No file is chosen (a refusal of the last choice may be shown).',
      on: {
        'files.add': [
          {
            guard: ({ context, event }) => addChosenFiles(context.files, event.files).files.length > 0,
            target: 'chosen',
            actions: assign(({ context, event }) => addChosenFiles(context.files, event.files)),
            description: 'At least one file passed the limits.',
          },
          { actions: assign(({ context, event }) => addChosenFiles(context.files, event.files)), description: 'Every file was kept out; the reason is shown.' },
        ],
        'files.clear': { actions: assign({ files: [], error: null }) },
      },
    },
    chosen: {
      description: 'Files are chosen; they go with the note or reply when it is sent.',
      on: {
        'files.add': { actions: assign(({ context, event }) => addChosenFiles(context.files, event.files)) },
        'files.remove': [
          {
            guard: ({ context }) => context.files.length <= 1,
            target: 'empty',
            actions: assign({ files: [], error: null }),
            description: 'The last file was removed.',
          },
          {
            actions: assign(({ context, event }) => {
              assertEvent(event, 'files.remove');
              return { files: context.files.filter((_, i) => i !== event.index), error: null };
            }),
          },
        ],
        'files.clear': { target: 'empty', actions: assign({ files: [], error: null }), description: 'The note was sent (or the form reset).' },
      },
    },
  },
});

export type FileListActor = ActorRefFrom<typeof fileListMachine>;
type S = SnapshotFrom<typeof fileListMachine>;
const NONE: File[] = [];
export const selectChosenFiles = (s: S | undefined) => s?.context.files ?? NONE;
export const selectFilesError = (s: S | undefined) => s?.context.error ?? null;
