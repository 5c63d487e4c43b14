import { assign, setup } from 'xstate';
import { askDialog, sessionExpiredDialog, type DialogAnswer, type DialogRequest } from '@/shared/machines/dialog.machine';
import { demoRows, type DemoRow } from './demo-rows';

type DemoEvent = { type: 'demo.ask'; request: DialogRequest } | { type: 'demo.sessionExpired' };

/**
 * The table showcase screen: builds its rows, and asks the dialog service for dialogs the way any
 * machine does (including the client portal's non-dismissable "Session Expired").
 */
export const tableDemoMachine = setup({
  types: {
    context: {} as { rows: DemoRow[]; lastAnswer: DialogAnswer | null },
    events: {} as DemoEvent,
    input: {} as { count: number },
  },
  actors: { askDialog },
}).createMachine({
  id: 'tableDemo',
  description: 'Showcase of the data table and the dialog service.',
  context: ({ input }) => ({ rows: demoRows(input.count), lastAnswer: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The table is shown; no dialog was asked for.',
      on: {
        'demo.ask': 'asking',
        'demo.sessionExpired': { target: 'asking', description: 'Asks for the Session Expired dialog.' },
      },
    },
    asking: {
      description: 'A dialog is open; the answer comes back as the actor output.',
      invoke: {
        src: 'askDialog',
        input: ({ event }) => (event.type === 'demo.ask' ? event.request : sessionExpiredDialog),
        onDone: { target: 'idle', actions: assign({ lastAnswer: ({ event }) => event.output }) },
      },
    },
  },
});
