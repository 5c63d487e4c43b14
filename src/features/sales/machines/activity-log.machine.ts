/**
 * The one activity dialog of the sales screens: closed → open (the form) → saving → closed, saying
 * what was logged (`notify`), or back to the form with the server's reasons beside their fields
 * (what was typed stays). What would be sent is checked against the endpoint's body schema first
 * (docs/adr/0122): while it fails nothing is sent, each problem shows beside its field and focus
 * moves to the first (`refusals`); only a reason that belongs to no field is shown above the form.
 * It opens from a button, a tile or the keyboard shortcut, with a kind and a company preset.
 * Each save is emitted (`activity.logged`); the sales screen machines hear it through
 * `loggedActivities` and load again what they show.
 */
import { assertEvent, assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { ACTIVITY_LABELS, SALES, type Activity, type ActivityInput, type ActivityKind } from '@contracts/sales';
import { notifyActions } from '@/shared/machines/notify';
import { failureOf, problemsOf } from '@/shared/machines/submit.machine';
import { salesApi } from '../api';

export type ActivityPreset = { kind?: ActivityKind; companyId?: number; companyName?: string };
export type ActivityLogContext = {
  preset: ActivityPreset;
  /** Why the last save failed when the reason belongs to no field (a 409, a lost connection), or null. */
  error: string | null;
  /** The message beside each field: from the schema (after a save or the field's blur) or from a 400. */
  fieldErrors: Record<string, string>;
  /** Counts the saves refused for their fields: each one moves focus to the first field in error. */
  refusals: number;
  /** The activity saved last. */
  last: Activity | null;
};
export type ActivityLogEvent =
  | { type: 'log.open'; preset?: ActivityPreset }
  | { type: 'log.close' }
  | { type: 'log.submit'; input: ActivityInput }
  /** A field was left: its own problems in `input` (what the dialog holds now) show beside it. */
  | { type: 'log.blur'; field: string; input: ActivityInput }
  /** A field changed: its message goes until it is checked again. */
  | { type: 'log.change'; field: string };
/** What the dialog tells whoever listens (`actor.on`): an activity was logged. */
export type ActivityLogged = { type: 'activity.logged'; activity: Activity };

/** The schema the dialog checks before it sends: the one the server parses. */
const schema = SALES.log.body;
const isOf = (key: string, field: string) => key === field || key.startsWith(`${field}.`);

export const activityLogMachine = setup({
  types: { context: {} as ActivityLogContext, events: {} as ActivityLogEvent, emitted: {} as ActivityLogged },
  actors: {
    saveActivity: fromPromise<Activity, ActivityInput>(({ input }) => salesApi.log(input)),
  },
  actions: {
    ...notifyActions,
    /** A save the schema refuses: every problem beside its field, nothing sent, focus to the first. */
    showProblems: assign(({ context, event }) => {
      assertEvent(event, 'log.submit');
      return { fieldErrors: problemsOf(schema, event.input), error: null, refusals: context.refusals + 1 };
    }),
    showFieldProblems: assign(({ context, event }) => {
      assertEvent(event, 'log.blur');
      const own = Object.fromEntries(Object.entries(problemsOf(schema, event.input)).filter(([k]) => isOf(k, event.field)));
      // A message the field shows already (the server's, say) stays until the field changes.
      return { fieldErrors: { ...own, ...context.fieldErrors } };
    }),
    clearField: assign(({ context, event }) => {
      assertEvent(event, 'log.change');
      return { fieldErrors: Object.fromEntries(Object.entries(context.fieldErrors).filter(([k]) => !isOf(k, event.field))) };
    }),
  },
  guards: {
    isRefused: ({ event }) => event.type === 'log.submit' && Object.keys(problemsOf(schema, event.input)).length > 0,
  },
}).createMachine({
  id: 'activityLog',
  description: 'Logging a call, letter, lead or closed sale from any sales screen, by button or keyboard shortcut.',
  context: { preset: {}, error: null, fieldErrors: {}, refusals: 0, last: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'No dialog; the shortcut or a button opens it.',
      on: {
        'log.open': {
          target: 'open',
          actions: assign({ preset: ({ event }) => event.preset ?? {}, error: null, fieldErrors: {} }),
          description: 'Open the dialog, with a kind and company when the place it opened from knows them.',
        },
      },
    },
    open: {
      description: 'The form: kind, company, rep, date, and for a closed sale the amount or an accepted quote.',
      on: {
        'log.close': { target: 'closed', description: 'Cancel, Escape or the close button.' },
        'log.submit': [
          { guard: 'isRefused', actions: 'showProblems', description: 'The schema refuses what would be sent: nothing is sent; each problem shows beside its field.' },
          { target: 'saving' },
        ],
        'log.blur': { actions: 'showFieldProblems', description: 'A field left: its own problems show.' },
        'log.change': { actions: 'clearField', description: "A field changed: its message goes." },
      },
    },
    saving: {
      description: 'Saving; the button is busy.',
      tags: ['busy'],
      invoke: {
        src: 'saveActivity',
        input: ({ event }) => {
          assertEvent(event, 'log.submit');
          return event.input;
        },
        onDone: {
          target: 'closed',
          description: 'Saved: the dialog closes and says what was logged; the screen hears of it and loads again what it shows.',
          actions: [
            assign({ last: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'activity.logged' as const, activity: event.output })),
            { type: 'notify', params: ({ event }) => ({ tone: 'success', title: `${ACTIVITY_LABELS[event.output.kind]} logged for ${event.output.companyName}` }) },
          ],
        },
        onError: {
          target: 'open',
          actions: assign(({ context, event }) => {
            const failure = failureOf(event.error, true);
            return { ...failure, refusals: context.refusals + (Object.keys(failure.fieldErrors).length ? 1 : 0) };
          }),
        },
      },
    },
  },
});

export type ActivityLogActor = ActorRefFrom<typeof activityLogMachine>;

/**
 * What a sales screen machine invokes to hear of each activity the dialog logs: the dialog's
 * `activity.logged`, sent on to the screen machine, which decides what loads again. It stops
 * listening when the screen machine stops; without a dialog (a screen outside `SalesFrame`) it
 * hears nothing.
 */
export const loggedActivities = fromCallback<ActivityLogged, { log: ActivityLogActor | null }>(({ input, sendBack }) => {
  const sub = input.log?.on('activity.logged', (e) => sendBack(e));
  return () => sub?.unsubscribe();
});
