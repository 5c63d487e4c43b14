import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { PunchActionName, TimeclockView } from '@contracts/time';
import { toApiError } from '@/shared/http/http';
import { timeApi } from '../api';

export type TimeclockInput = { week: string; tz: string };
export type TimeclockContext = TimeclockInput & { view: TimeclockView | null; error: string | null; action: PunchActionName | null };
export type TimeclockEvent =
  | { type: 'punch.in' }
  | { type: 'break.start' }
  | { type: 'break.end' }
  | { type: 'punch.out' }
  /** Read the server's state again (the tab came back into view; another tab or device may have punched). */
  | { type: 'sync' };

const ACTION_OF: Record<Exclude<TimeclockEvent['type'], 'sync'>, PunchActionName> = {
  'punch.in': 'in',
  'break.start': 'breakStart',
  'break.end': 'breakEnd',
  'punch.out': 'out',
};

/**
 * The timeclock of the signed-in person: out → in ⇄ onBreak → out. The state comes from the
 * server (the one open punch is the database's), so every load and every answer places the
 * machine; a refused punch (409: another tab punched first) reads the server again and says why.
 */
export const timeclockMachine = setup({
  types: { context: {} as TimeclockContext, events: {} as TimeclockEvent, input: {} as TimeclockInput },
  actors: {
    load: fromPromise<TimeclockView, TimeclockInput>(({ input }) => timeApi.timeclock(input)),
    punch: fromPromise<TimeclockView, TimeclockInput & { action: PunchActionName }>(({ input }) => timeApi.punch(input)),
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, ['punch.in', 'break.start', 'break.end', 'punch.out']);
      return { action: ACTION_OF[event.type], error: null };
    }),
  },
}).createMachine({
  id: 'timeclock',
  description: 'Punch in, breaks and punch out, placed by the server’s open punch.',
  context: ({ input }) => ({ ...input, view: null, error: null, action: null }),
  initial: 'loading',
  on: { sync: { target: '.loading', description: 'Reads the server again (tab shown again, or after a refused punch).' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ week: context.week, tz: context.tz }),
        onDone: [
          { guard: ({ event }) => event.output.state === 'onBreak', target: 'onBreak', actions: assign({ view: ({ event }) => event.output }) },
          { guard: ({ event }) => event.output.state === 'in', target: 'in', actions: assign({ view: ({ event }) => event.output }) },
          { target: 'out', actions: assign({ view: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiError(event.error).message }) },
      },
    },
    failed: { description: 'The timeclock could not be read; retry with sync.' },
    out: { description: 'Not punched in.', on: { 'punch.in': { target: 'punching', actions: 'choose' } } },
    in: {
      description: 'Punched in and working.',
      on: { 'break.start': { target: 'punching', actions: 'choose' }, 'punch.out': { target: 'punching', actions: 'choose' } },
    },
    onBreak: {
      description: 'On a break; the break is not worked time.',
      on: { 'break.end': { target: 'punching', actions: 'choose' }, 'punch.out': { target: 'punching', actions: 'choose' } },
    },
    punching: {
      tags: ['busy'],
      description: 'The punch is being saved.',
      invoke: {
        src: 'punch',
        input: ({ context }) => ({ week: context.week, tz: context.tz, action: context.action ?? 'in' }),
        onDone: [
          { guard: ({ event }) => event.output.state === 'onBreak', target: 'onBreak', actions: assign({ view: ({ event }) => event.output }) },
          { guard: ({ event }) => event.output.state === 'in', target: 'in', actions: assign({ view: ({ event }) => event.output }) },
          { target: 'out', actions: assign({ view: ({ event }) => event.output }) },
        ],
        onError: { target: 'loading', actions: assign({ error: ({ event }) => toApiError(event.error).message }) },
      },
    },
  },
});
