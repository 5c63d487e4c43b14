/**
 * The change calendar's feeds: a new secret address is shown once after it is made (until it is
 * dismissed or another is made), and a revoked one leaves the list; each save loads the list of my
 * feeds again. The weeks themselves are a query the screen sets from the address (`?from=`).
 */
import { assign, fromPromise, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { ChangeFeedCreated } from '@contracts/changes';
import { notifyActions } from '@/shared/machines/notify';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { addFeedMachine, revokeFeedMachine } from './changes.machines';

export type ChangeCalendarContext = {
  /** My feeds' query actor, told to load again after each save. */
  feeds: AnyActorRef;
  /** The address of the feed just made, shown this once. */
  created: string | null;
};
export type ChangeCalendarEvent =
  | { type: 'feed.add' }
  | { type: 'feed.added'; result: ChangeFeedCreated }
  | ({ type: 'feed.refused' } & SubmitFailure)
  | { type: 'feed.revoke'; id: number }
  | { type: 'feed.revoked'; result: unknown }
  | ({ type: 'revoke.refused' } & SubmitFailure)
  | { type: 'created.dismiss' }
  | { type: 'created.copy' };

export const changeCalendarMachine = setup({
  types: { context: {} as ChangeCalendarContext, events: {} as ChangeCalendarEvent, input: {} as { feeds: AnyActorRef } },
  actors: {
    addForm: submitChild(addFeedMachine, { saved: 'feed.added', failed: 'feed.refused' }),
    revokeForm: submitChild(revokeFeedMachine, { saved: 'feed.revoked', failed: 'revoke.refused' }),
    /** Puts the new address on the clipboard. */
    copyText: fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text)),
  },
  actions: { ...notifyActions, reloadFeeds: sendTo(({ context }) => context.feeds, { type: 'query.reload' }) },
  guards: { hasCreated: ({ context }) => context.created !== null },
}).createMachine({
  id: 'change-calendar',
  description: 'The change calendar’s feeds: a new secret address is shown once; a revoked one leaves the list.',
  context: ({ input }) => ({ feeds: input.feeds, created: null }),
  entry: [
    spawnChild('addForm', { id: 'addForm', input: { notices: { saved: () => 'Calendar feed ready: copy its address into your calendar app', failed: 'The calendar feed was not made' } } }),
    spawnChild('revokeForm', { id: 'revokeForm', input: { notices: { saved: () => 'Calendar feed revoked: its address no longer works', failed: 'The calendar feed was not revoked' } } }),
  ],
  on: {
    'feed.add': { actions: sendTo('addForm', { type: 'form.submit' as const, input: {} }), description: 'A new secret address is asked for.' },
    'feed.added': { actions: ['reloadFeeds', assign({ created: ({ event }) => event.result.url })], description: 'Made: its address is shown once and the list loads again.' },
    'feed.revoke': { actions: sendTo('revokeForm', ({ event }) => ({ type: 'form.submit' as const, input: { id: event.id } })), description: 'One of my feeds is revoked.' },
    'feed.revoked': { actions: ['reloadFeeds', assign({ created: null })], description: 'Revoked: the list loads again and an address shown is hidden.' },
    'revoke.refused': { actions: 'reloadFeeds', description: 'Refused (revoked already elsewhere): the list loads again.' },
    'created.dismiss': { actions: assign({ created: null }), description: 'The address shown is hidden.' },
  },
  initial: 'ready',
  states: {
    ready: {
      description: 'The feeds; a new address, when shown, has its Copy button.',
      on: { 'created.copy': { guard: 'hasCreated', target: 'copying', description: 'Copy pressed beside the new address.' } },
    },
    copying: {
      description: 'The new address is put on the clipboard.',
      invoke: {
        src: 'copyText',
        input: ({ context }) => ({ text: context.created ?? '' }),
        onDone: { target: 'ready', actions: { type: 'notify', params: { tone: 'success', title: 'Address copied' } }, description: 'Copied.' },
        onError: { target: 'ready', actions: { type: 'notify', params: { tone: 'error', title: 'The address was not copied', description: 'Select it and copy it by hand.' } }, description: 'The browser refused the clipboard.' },
      },
    },
  },
});

export type ChangeCalendarActor = ActorRefFrom<typeof changeCalendarMachine>;
type Snapshot = SnapshotFrom<typeof changeCalendarMachine>;
export const selectCreated = (s: Snapshot) => s.context.created;
export const selectAddForm = (s: Snapshot) => s.children.addForm as ActorRefFrom<typeof addFeedMachine> | undefined;
