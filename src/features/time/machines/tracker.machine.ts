import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { timerSeconds, type TrackerActionName, type TrackerView } from '@contracts/time';
import { toApiError } from '@/shared/http/http';
import { timeApi } from '../api';

/** How often the shown time is brought forward while the timer runs. */
export const TRACKER_TICK_MS = 1000;

export type TrackerInput = { company: number; user: number };
export type TrackerContext = TrackerInput & {
  view: TrackerView | null;
  /** The server's clock minus this window's when the view was read, so the count follows the server. */
  offsetMs: number;
  /** Seconds shown, computed from the server's start and pauses. */
  seconds: number;
  error: string | null;
  action: TrackerActionName | null;
  note: string;
};
export type TrackerEvent =
  | { type: 'timer.start' }
  | { type: 'timer.pause' }
  | { type: 'timer.resume' }
  /** Asks for the note: the timer goes on counting until the stop is confirmed. */
  | { type: 'timer.stop' }
  | { type: 'stop.confirm'; note: string }
  | { type: 'stop.cancel' }
  /** Asks to confirm dropping the timer without posting its time (a timer that cannot be posted). */
  | { type: 'timer.discard' }
  | { type: 'discard.confirm' }
  | { type: 'discard.cancel' }
  /** Read the server again (the window was shown again; another window or device may have changed it). */
  | { type: 'sync' };

const secondsOf = (context: Pick<TrackerContext, 'view' | 'offsetMs'>) =>
  context.view?.timer ? timerSeconds(context.view.timer, new Date(Date.now() + context.offsetMs)) : 0;

const taken = (view: TrackerView) => ({ view, offsetMs: Date.parse(view.now) - Date.now() });

/**
 * The managed-services timer window: idle → running ⇄ paused → stopping → stopped, or
 * discarding → idle for a timer dropped without posting (one that cannot be posted). The timer
 * lives on the server; on load (and on `sync`) the machine is placed from the server's start time
 * and pauses, so a reload, a closed window or a second device show the same running time.
 */
export const trackerMachine = setup({
  types: { context: {} as TrackerContext, events: {} as TrackerEvent, input: {} as TrackerInput },
  actors: {
    load: fromPromise<TrackerView, TrackerInput>(({ input }) => timeApi.tracker(input)),
    act: fromPromise<TrackerView, TrackerInput & { action: TrackerActionName; note?: string }>(({ input }) => timeApi.track(input)),
  },
  actions: {
    tick: assign({ seconds: ({ context }) => secondsOf(context) }),
    choose: assign(({ event }) => {
      assertEvent(event, ['timer.start', 'timer.pause', 'timer.resume', 'stop.confirm', 'discard.confirm']);
      const action = ({ 'timer.start': 'start', 'timer.pause': 'pause', 'timer.resume': 'resume', 'stop.confirm': 'stop', 'discard.confirm': 'discard' } as const)[event.type];
      return { action, note: event.type === 'stop.confirm' ? event.note : '', error: null };
    }),
  },
}).createMachine({
  id: 'tracker',
  description: 'The managed-services timer of one person on one company, kept on the server.',
  context: ({ input }) => ({ ...input, view: null, offsetMs: 0, seconds: 0, error: null, action: null, note: '' }),
  initial: 'loading',
  on: { sync: { target: '.loading', description: 'Resynchronises from the server.' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ company: context.company, user: context.user }),
        onDone: [
          { guard: ({ event }) => Boolean(event.output.posted), target: 'stopped', actions: [assign(({ event }) => taken(event.output)), 'tick'] },
          { guard: ({ event }) => Boolean(event.output.timer && !event.output.timer.paused_at), target: 'running', actions: [assign(({ event }) => taken(event.output)), 'tick'] },
          { guard: ({ event }) => Boolean(event.output.timer?.paused_at), target: 'paused', actions: [assign(({ event }) => taken(event.output)), 'tick'] },
          { target: 'idle', actions: [assign(({ event }) => taken(event.output)), 'tick'] },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiError(event.error).message }) },
      },
    },
    failed: { description: 'The timer could not be read (no contract, not allowed, offline); sync retries.' },
    idle: { description: 'No timer runs.', on: { 'timer.start': { target: 'sending', actions: 'choose' } } },
    running: {
      description: 'The timer runs; the shown time follows the server clock.',
      after: { [TRACKER_TICK_MS]: { target: 'running', reenter: true, actions: 'tick' } },
      on: { 'timer.pause': { target: 'sending', actions: 'choose' }, 'timer.stop': 'stopping', 'timer.discard': 'discarding' },
    },
    paused: {
      description: 'Paused: the time stands still.',
      on: { 'timer.resume': { target: 'sending', actions: 'choose' }, 'timer.stop': 'stopping', 'timer.discard': 'discarding' },
    },
    discarding: {
      description: 'Asks to confirm dropping the timer without posting its time; the timer still counts on the server until confirmed.',
      on: {
        'discard.confirm': { target: 'sending', actions: 'choose' },
        'discard.cancel': { target: 'loading', description: 'Back to the timer as the server has it.' },
      },
    },
    stopping: {
      description: 'Asks for the note of the entry; the timer still counts on the server until confirmed.',
      on: {
        'stop.confirm': { target: 'sending', actions: 'choose' },
        'stop.cancel': { target: 'loading', description: 'Back to the timer as the server has it.' },
      },
    },
    sending: {
      tags: ['busy'],
      description: 'The action is being saved.',
      invoke: {
        src: 'act',
        input: ({ context }) => ({ company: context.company, user: context.user, action: context.action ?? 'start', ...(context.note ? { note: context.note } : {}) }),
        onDone: [
          { guard: ({ event }) => Boolean(event.output.posted), target: 'stopped', actions: [assign(({ event }) => taken(event.output)), 'tick'] },
          { guard: ({ event }) => Boolean(event.output.timer && !event.output.timer.paused_at), target: 'running', actions: [assign(({ event }) => taken(event.output)), 'tick'] },
          { guard: ({ event }) => Boolean(event.output.timer?.paused_at), target: 'paused', actions: [assign(({ event }) => taken(event.output)), 'tick'] },
          { target: 'idle', actions: [assign(({ event }) => taken(event.output)), 'tick'] },
        ],
        onError: { target: 'loading', actions: assign({ error: ({ event }) => toApiError(event.error).message }) },
      },
    },
    stopped: {
      description: 'Stopped: the entry was posted on the contract (shown with its rounded minutes); a new run can start.',
      on: { 'timer.start': { target: 'sending', actions: 'choose' } },
    },
  },
});
