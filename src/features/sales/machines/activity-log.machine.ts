/**
 * The one activity dialog of the sales screens: closed → open (the form) → saving → closed, saying
 * what was logged (`notify`), or back to the form with the server's message and field errors (what was typed stays).
 * It opens from a button, a tile or the keyboard shortcut, with a kind and a company preset;
 * `saved` counts the saves so the screen reloads what it shows.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ACTIVITY_LABELS, type Activity, type ActivityInput, type ActivityKind } from '@contracts/sales';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from '@/shared/machines/notify';
import { salesApi } from '../api';

export type ActivityPreset = { kind?: ActivityKind; companyId?: number; companyName?: string };
export type ActivityLogContext = { preset: ActivityPreset; error: string | null; fieldErrors: Record<string, string>; saved: number; last: Activity | null };
export type ActivityLogEvent = { type: 'log.open'; preset?: ActivityPreset } | { type: 'log.close' } | { type: 'log.submit'; input: ActivityInput };

export const activityLogMachine = setup({
  types: { context: {} as ActivityLogContext, events: {} as ActivityLogEvent },
  actors: {
    saveActivity: fromPromise<Activity, ActivityInput>(({ input }) => salesApi.log(input)),
  },
  actions: { ...notifyActions },
}).createMachine({
  id: 'activityLog',
  description: 'Logging a call, letter, lead or closed sale from any sales screen, by button or keyboard shortcut.',
  context: { preset: {}, error: null, fieldErrors: {}, saved: 0, last: null },
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
        'log.submit': { target: 'saving' },
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
          actions: [
            assign({ saved: ({ context }) => context.saved + 1, last: ({ event }) => event.output }),
            { type: 'notify', params: ({ event }) => ({ tone: 'success', title: `${ACTIVITY_LABELS[event.output.kind]} logged for ${event.output.companyName}` }) },
          ],
        },
        onError: {
          target: 'open',
          actions: assign(({ event }) => {
            const e = toApiError(event.error);
            return { error: e.message, fieldErrors: e.fields ?? {} };
          }),
        },
      },
    },
  },
});
