/**
 * The weekly schedule's dialogs beside the grid (docs/adr/0107): the team owner's on-call rotation
 * and overrides, a member's shift-swap request, and my calendar feeds. Each dialog is a state; its
 * form is the one form machine, invoked while the dialog is open (a fresh form each time it opens)
 * and telling this machine how each save ended. A saved rotation or override reads the week again
 * (the schedule editor is told `schedule.reload`); a refusal keeps the dialog open with the reasons
 * beside the fields (the form shows them; this machine has nothing to change). Removing an override, revoking a feed and copying a feed's address are calls
 * of this machine.
 */
import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { calendarDay } from '@contracts/common/input';
import { z } from '@contracts/common/zod';
import { overrideInputSchema, rotationInputSchema, swapPayloadSchema, type Feed, type FeedCreated, type OverrideInput, type RotationInput, type RotationView, type SwapPayload } from '@contracts/people-schedule';
import type { RequestView } from '@contracts/approvals';
import { notifyActions } from '@/shared/machines/notify';
import { createSubmitMachine, failureOf, submitChild, type SubmitFailure, type SubmitNotices } from '@/shared/machines/submit.machine';
import { scheduleApi } from '../schedule-api';

export type SaveRotation = { teamId: number; body: RotationInput };
/** A time typed in a dialog: required, then a time such as 09:00. */
const clockField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time such as 09:00`);

/**
 * The overrides dialog's fields as typed, in the team's zone, checked before anything is sent: each
 * day and time required and well formed, the start on a day of the week shown (`shown`: its first
 * and last day), the end after the start. Each problem is named beside its own field.
 */
export const overrideFieldsSchema = z
  .object({
    fromDay: calendarDay('From day'),
    fromTime: clockField('From time'),
    toDay: calendarDay('To day'),
    toTime: clockField('To time'),
    shown: z.object({ first: z.string(), last: z.string() }),
  })
  .superRefine((f, ctx) => {
    if (f.fromDay < f.shown.first || f.fromDay > f.shown.last) {
      ctx.addIssue({ code: 'custom', path: ['fromDay'], message: `From day must be in the week shown (${f.shown.first} to ${f.shown.last})` });
    }
    if (`${f.toDay} ${f.toTime}` <= `${f.fromDay} ${f.fromTime}`) {
      ctx.addIssue({ code: 'custom', path: [f.toDay < f.fromDay ? 'toDay' : 'toTime'], message: 'The end must be after the start' });
    }
  });
export type OverrideFields = z.input<typeof overrideFieldsSchema>;

/** An override to add: the fields as typed (checked first, each beside its own field) and the body they make. */
export type SaveOverride = { teamId: number; fields?: OverrideFields; body: OverrideInput };

/** The rotation dialog's form: members in turn, hand-over day, time and length, checked against the contract. */
export const rotationFormMachine = createSubmitMachine<SaveRotation, RotationView>('scheduleRotation', (a) => scheduleApi.setRotation(a), {
  schema: { safeParse: (input: unknown) => rotationInputSchema.safeParse((input as SaveRotation | undefined)?.body) },
});
/** The override dialog's form: who, from, to; the days and times as typed first, then the body they make. */
export const overrideFormMachine = createSubmitMachine<SaveOverride, { id: number }>('scheduleOverride', (a) => scheduleApi.addOverride(a), {
  schema: {
    safeParse: (input: unknown) => {
      const save = input as SaveOverride | undefined;
      const typed = save?.fields ? overrideFieldsSchema.safeParse(save.fields) : null;
      return typed && !typed.success ? typed : overrideInputSchema.safeParse(save?.body);
    },
  },
});
/** The swap dialog's form: my shift for a colleague's, sent to the approval engine. */
export const swapFormMachine = createSubmitMachine<SwapPayload, RequestView>('scheduleSwap', (p) => scheduleApi.askSwap(p), { schema: swapPayloadSchema });
/** The feeds dialog's form: a new feed of my shifts (null) or of a team. */
export const feedFormMachine = createSubmitMachine<{ teamId: number | null }, FeedCreated>('scheduleFeed', (a) => scheduleApi.addFeed(a.teamId));

export const ROTATION_NOTICES: SubmitNotices<SaveRotation, RotationView> = { saved: () => 'On-call rotation saved', failed: 'The rotation was not saved' };
export const OVERRIDE_NOTICES: SubmitNotices<SaveOverride, { id: number }> = { saved: () => 'Override added', failed: 'The override was not added' };
export const SWAP_NOTICES: SubmitNotices<SwapPayload, RequestView> = {
  saved: (r) => ({ title: 'Swap asked', description: r.waitingOn.length ? `It waits for ${r.waitingOn.join(', ')}.` : undefined }),
  failed: 'The swap was not asked',
};
export const FEED_NOTICES: SubmitNotices<{ teamId: number | null }, FeedCreated> = { saved: () => 'Calendar feed created: copy its address now', failed: 'The feed was not created' };

export type ScheduleToolsContext = {
  /** The schedule editor: told to read the week again once the rotation or an override changed. */
  editor: AnyActorRef;
  /** My feeds, as last read. */
  feeds: Feed[];
  /** The feed just created, with its secret address (shown once: the server keeps only its hash). */
  created: FeedCreated | null;
  /** Why the last row action (remove, revoke, read the feeds) failed; null when it did not. */
  error: string | null;
};
export type ScheduleToolsEvent =
  | { type: 'tools.rotation' }
  | { type: 'tools.overrides' }
  | { type: 'tools.swap' }
  | { type: 'tools.feeds' }
  | { type: 'tools.close' }
  | { type: 'rotation.saved'; result: RotationView }
  | ({ type: 'rotation.refused' } & SubmitFailure)
  | { type: 'override.saved'; result: { id: number } }
  | ({ type: 'override.refused' } & SubmitFailure)
  | { type: 'override.remove'; id: number }
  | { type: 'swap.saved'; result: RequestView }
  | ({ type: 'swap.refused' } & SubmitFailure)
  | { type: 'feed.created'; result: FeedCreated }
  | ({ type: 'feed.refused' } & SubmitFailure)
  | { type: 'feed.revoke'; id: number }
  | { type: 'feed.copy' }
  | { type: 'feeds.retry' };

const closed = { target: '#scheduleTools.closed', actions: 'forget', description: 'Cancel, Escape or the close button.' } as const;

export const scheduleToolsMachine = setup({
  types: { context: {} as ScheduleToolsContext, events: {} as ScheduleToolsEvent, input: {} as { editor: AnyActorRef } },
  actors: {
    rotationForm: submitChild(rotationFormMachine, { saved: 'rotation.saved', failed: 'rotation.refused' }),
    overrideForm: submitChild(overrideFormMachine, { saved: 'override.saved', failed: 'override.refused' }),
    swapForm: submitChild(swapFormMachine, { saved: 'swap.saved', failed: 'swap.refused' }),
    feedForm: submitChild(feedFormMachine, { saved: 'feed.created', failed: 'feed.refused' }),
    removeOverride: fromPromise<void, { id: number }>(({ input }) => scheduleApi.removeOverride(input.id)),
    loadFeeds: fromPromise<Feed[], null>(() => scheduleApi.feeds()),
    revokeFeed: fromPromise<void, { id: number }>(({ input }) => scheduleApi.revokeFeed(input.id)),
    copyText: fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text)),
  },
  actions: {
    ...notifyActions,
    /** The schedule editor reads the same week again. */
    reloadWeek: sendTo(({ context }) => context.editor, { type: 'schedule.reload' }),
    /** A closed dialog keeps no secret address and no old reason. */
    forget: assign({ error: null, created: null }),
  },
  guards: { hasCreated: ({ context }) => context.created !== null },
}).createMachine({
  id: 'scheduleTools',
  description: "The schedule's dialogs: the owner's rotation and overrides, a member's swap request, my calendar feeds.",
  context: ({ input }) => ({ editor: input.editor, feeds: [], created: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      description: 'No dialog is open.',
      on: {
        'tools.rotation': { target: 'rotation', description: '"On-call rotation" pressed (the team owner).' },
        'tools.overrides': { target: 'overrides', description: '"Overrides" pressed (the team owner).' },
        'tools.swap': { target: 'swap', description: '"Ask for a swap" pressed (a member with a shift shown).' },
        'tools.feeds': { target: 'feeds', description: '"Calendar feeds" pressed.' },
      },
    },
    rotation: {
      description: 'The rotation dialog: people in turn, hand-over weekday and time, length, first day.',
      invoke: { src: 'rotationForm', id: 'rotationForm', input: { notices: ROTATION_NOTICES } },
      on: {
        'tools.close': closed,
        'rotation.saved': { target: 'closed', actions: 'reloadWeek', description: 'Saved (the form says so): the dialog closes and the week is read again.' },
      },
    },
    overrides: {
      description: 'The overrides dialog: the upcoming ones, each removable, and a form to add one.',
      invoke: { src: 'overrideForm', id: 'overrideForm', input: { notices: OVERRIDE_NOTICES } },
      initial: 'idle',
      on: {
        'tools.close': closed,
        'override.saved': { target: 'closed', actions: 'reloadWeek', description: 'Added (the form says so): the dialog closes and the week is read again.' },
      },
      states: {
        idle: {
          description: 'The list and the form.',
          on: { 'override.remove': { target: 'removing', actions: assign({ error: null }), description: 'Remove pressed on an override.' } },
        },
        removing: {
          description: 'Removing the override; its button is busy.',
          tags: ['busy'],
          invoke: {
            src: 'removeOverride',
            input: ({ event }) => ({ id: event.type === 'override.remove' ? event.id : 0 }),
            onDone: { target: 'idle', actions: ['reloadWeek', { type: 'notify', params: { tone: 'success', title: 'Override removed: the rotation holds the watch again' } }], description: 'Removed: the week (and this list) is read again.' },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => failureOf(event.error, false).error }), description: 'Not removed (gone already, not yours): the reason shows in the dialog.' },
          },
        },
      },
    },
    swap: {
      description: 'The swap dialog: one of my shifts for a colleague’s, asked through the approval engine.',
      invoke: { src: 'swapForm', id: 'swapForm', input: { notices: SWAP_NOTICES } },
      on: {
        'tools.close': closed,
        'swap.saved': { target: 'closed', description: 'Asked (the form says whom it waits for): the dialog closes.' },
      },
    },
    feeds: {
      description: 'The feeds dialog: my feeds, each revocable, and a new one for me or a team, its address shown once with a copy button.',
      invoke: { src: 'feedForm', id: 'feedForm', input: { notices: FEED_NOTICES } },
      initial: 'loading',
      on: {
        'tools.close': closed,
        'feed.created': { target: '.loading', actions: assign({ created: ({ event }) => event.result }), description: 'Created: its address shows; the list is read again.' },
      },
      states: {
        loading: {
          description: 'My feeds are read.',
          tags: ['loading'],
          invoke: {
            src: 'loadFeeds',
            input: null,
            onDone: { target: 'ready', actions: assign({ feeds: ({ event }) => event.output, error: null }), description: 'Read: the list shows.' },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error, false).error }), description: 'Not read: the reason and Retry show.' },
          },
        },
        failed: {
          description: 'My feeds could not be read.',
          on: { 'feeds.retry': { target: 'loading', description: 'Retry pressed.' } },
        },
        ready: {
          description: 'The list of my feeds.',
          on: {
            'feed.revoke': {
              target: 'revoking',
              actions: assign({ error: null, created: ({ context, event }) => (context.created?.id === event.id ? null : context.created) }),
              description: 'Revoke pressed on a feed (the new address, when it is that feed, goes).',
            },
            'feed.copy': { guard: 'hasCreated', target: 'copying', description: 'Copy pressed beside the new address.' },
          },
        },
        revoking: {
          description: 'Revoking the feed; its address stops working.',
          tags: ['busy'],
          invoke: {
            src: 'revokeFeed',
            input: ({ event }) => ({ id: event.type === 'feed.revoke' ? event.id : 0 }),
            onDone: {
              target: 'loading',
              actions: { type: 'notify', params: { tone: 'success', title: 'Feed revoked: its address no longer works' } },
              description: 'Revoked: the list is read again.',
            },
            onError: { target: 'ready', actions: assign({ error: ({ event }) => failureOf(event.error, false).error }), description: 'Not revoked: the reason shows.' },
          },
        },
        copying: {
          description: 'The new address is copied to the clipboard.',
          invoke: {
            src: 'copyText',
            input: ({ context }) => ({ text: context.created?.url ?? '' }),
            onDone: { target: 'ready', actions: { type: 'notify', params: { tone: 'success', title: 'Address copied' } }, description: 'Copied.' },
            onError: { target: 'ready', actions: { type: 'notify', params: { tone: 'error', title: 'The address was not copied', description: 'Select it and copy it by hand.' } }, description: 'The browser refused the clipboard.' },
          },
        },
      },
    },
  },
});

export type ScheduleToolsActor = ActorRefFrom<typeof scheduleToolsMachine>;
type Snapshot = SnapshotFrom<typeof scheduleToolsMachine>;
/** Which dialog is open, or null. */
export const selectDialog = (s: Snapshot) => (['rotation', 'overrides', 'swap', 'feeds'] as const).find((d) => s.matches(d)) ?? null;
export const selectRotationForm = (s: Snapshot) => s.children.rotationForm as ActorRefFrom<typeof rotationFormMachine> | undefined;
export const selectOverrideForm = (s: Snapshot) => s.children.overrideForm as ActorRefFrom<typeof overrideFormMachine> | undefined;
export const selectSwapForm = (s: Snapshot) => s.children.swapForm as ActorRefFrom<typeof swapFormMachine> | undefined;
export const selectFeedForm = (s: Snapshot) => s.children.feedForm as ActorRefFrom<typeof feedFormMachine> | undefined;
