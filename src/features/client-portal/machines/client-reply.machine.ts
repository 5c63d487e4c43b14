/**
 * The reply box under a client's ticket thread (docs/adr/0107): the text being written, the files
 * chosen for it and the reply's form are this machine's. Once the reply is sent (the form says
 * so), the ticket loads again with it in the thread, and the box and the chosen files empty; a
 * refused reply keeps the text and the files. Its own file (with the reply's form), so the machine
 * registry loads no more of the client portal.
 */
import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { CLIENT_TICKETS } from '@contracts/client-tickets';
import { fileListMachine, type FileListActor } from '@/shared/machines/file-list.machine';
import { createSubmitMachine, submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { clientPortalApi } from '../api';

/** A reply carries the files chosen for it (a file list beside the form). */
export const replyMachine = createSubmitMachine('clientReply', (v: { id: number; body: string; files: readonly File[] }) => clientPortalApi.reply(v.id, { body: v.body }, v.files), {
  // Checked as the endpoint's body (the text; the files go beside it).
  schema: { safeParse: (v) => CLIENT_TICKETS.reply.body.safeParse({ body: (v as { body: string }).body }) },
});
/** The files chosen for a reply. */
export const replyFilesMachine = fileListMachine;

export type ClientReplyContext = {
  /** The ticket replied to. */
  id: number;
  /** The ticket's query, told to load again once a reply is sent. */
  detail: AnyActorRef;
  /** What is written in the box. */
  body: string;
};
export type ClientReplyEvent =
  | { type: 'reply.change'; body: string }
  /** A field of the box left: its problems show beside it. */
  | { type: 'reply.blur'; field: string }
  | { type: 'reply.send' }
  | { type: 'reply.sent'; result: unknown }
  | ({ type: 'reply.refused' } & SubmitFailure);

/** The files chosen in the file list (none until it holds a list). */
function chosenOf(self: AnyActorRef): readonly File[] {
  const files = self.getSnapshot()?.children?.files as FileListActor | undefined;
  return files?.getSnapshot().context?.files ?? [];
}

/** The reply as the form sends it: the ticket, the text and the files chosen. */
const replyOf = (context: ClientReplyContext, self: AnyActorRef) => ({ id: context.id, body: context.body, files: chosenOf(self) });

export const clientReplyMachine = setup({
  types: { context: {} as ClientReplyContext, events: {} as ClientReplyEvent, input: {} as { id: number; detail: AnyActorRef } },
  actors: {
    form: submitChild(replyMachine, { saved: 'reply.sent', failed: 'reply.refused' }),
    files: replyFilesMachine,
  },
}).createMachine({
  id: 'client-reply',
  description: 'The reply box of a client’s ticket: the text and the chosen files are sent together; once sent, the ticket loads again and the box and the files empty.',
  context: ({ input }) => ({ id: input.id, detail: input.detail, body: '' }),
  entry: [
    spawnChild('form', { id: 'form', systemId: 'client-reply.form', input: { notices: { saved: () => 'Reply sent' } } }),
    spawnChild('files', { id: 'files', systemId: 'client-reply.files' }),
  ],
  on: {
    'reply.change': {
      actions: [assign({ body: ({ event }) => event.body }), sendTo('form', { type: 'form.change', field: 'body' })],
      description: 'The text changes; its message goes until it is checked again.',
    },
    'reply.blur': {
      actions: sendTo('form', ({ context, event, self }) => ({ type: 'form.blur' as const, field: event.field, input: replyOf(context, self) })),
      description: 'A field left: its own problems show beside it.',
    },
    'reply.send': {
      actions: sendTo('form', ({ context, self }) => ({ type: 'form.submit' as const, input: replyOf(context, self) })),
      description: 'The text and the chosen files are sent (or the problems of the text show beside it).',
    },
    'reply.sent': {
      actions: [
        assign({ body: '' }),
        sendTo('files', { type: 'files.clear' }),
        sendTo('form', { type: 'form.reset' }),
        sendTo(({ context }) => context.detail, { type: 'query.reload' }),
      ],
      description: 'Sent (the form says so): the ticket loads again with the reply, and the box and the chosen files empty for the next one.',
    },
  },
});

export type ClientReplyActor = ActorRefFrom<typeof clientReplyMachine>;
type Snapshot = SnapshotFrom<typeof clientReplyMachine>;
export const selectReplyBody = (s: Snapshot) => s.context.body;
export const selectReplyForm = (s: Snapshot) => s.children.form as ActorRefFrom<typeof replyMachine>;
export const selectReplyFiles = (s: Snapshot) => s.children.files as FileListActor;
