import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AddNoteInput, AddTimeEntryInput, TicketView, UpdateTicketInput } from '@contracts/tickets';
import { toApiError } from '@/shared/http/http';
import { ticketDeskApi } from '../api';

export type TicketViewContext = { id: number; data: TicketView | undefined; error: string | null; saveError: string | null; fieldErrors: Record<string, string>; saved: number };
export type TicketViewEvent =
  | { type: 'ticket.reload' }
  | { type: 'ticket.addNote'; input: AddNoteInput }
  | { type: 'ticket.change'; input: UpdateTicketInput }
  | { type: 'ticket.addTime'; input: AddTimeEntryInput }
  | { type: 'ticket.sendSurvey' };

export type TicketSave = { id: number } & (
  | { kind: 'note'; input: AddNoteInput }
  | { kind: 'change'; input: UpdateTicketInput }
  | { kind: 'time'; input: AddTimeEntryInput }
  | { kind: 'survey' }
);

/**
 * One ticket (ticketView): its header, thread and time. Each save answers the whole ticket
 * again, which replaces what is shown; a failed save keeps the form and says why.
 */
export const ticketViewMachine = setup({
  types: { context: {} as TicketViewContext, events: {} as TicketViewEvent, input: {} as { id: number } },
  actors: {
    load: fromPromise<TicketView, number>(({ input }) => ticketDeskApi.view(input)),
    save: fromPromise<TicketView, TicketSave>(({ input }) => {
      switch (input.kind) {
        case 'note':
          return ticketDeskApi.addNote(input.id, input.input);
        case 'change':
          return ticketDeskApi.update(input.id, input.input);
        case 'time':
          return ticketDeskApi.addTime(input.id, input.input);
        case 'survey':
          return ticketDeskApi.sendSurvey(input.id);
      }
    }),
  },
  actions: {
    takeView: assign({ data: (_, view: TicketView) => view, saveError: null, fieldErrors: {} }),
  },
}).createMachine({
  id: 'ticketView',
  description: 'Shows a ticket and saves notes, changes and time against it.',
  context: ({ input }) => ({ id: input.id, data: undefined, error: null, saveError: null, fieldErrors: {}, saved: 0 }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The ticket is being fetched.',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.id,
        onDone: { target: 'ready', actions: { type: 'takeView', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiError(event.error).message }) },
      },
    },
    ready: {
      description: 'The ticket is shown; notes, changes and time can be saved.',
      on: {
        'ticket.reload': 'loading',
        'ticket.addNote': 'saving',
        'ticket.change': 'saving',
        'ticket.addTime': 'saving',
        'ticket.sendSurvey': { target: 'saving', description: 'The support survey of the closed ticket is (re)sent to its contact.' },
      },
    },
    saving: {
      description: 'A note, a change, a time entry or the survey email is being saved.',
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event }): TicketSave => {
          assertEvent(event, ['ticket.addNote', 'ticket.change', 'ticket.addTime', 'ticket.sendSurvey']);
          switch (event.type) {
            case 'ticket.sendSurvey':
              return { id: context.id, kind: 'survey' };
            case 'ticket.addNote':
              return { id: context.id, kind: 'note', input: event.input };
            case 'ticket.change':
              return { id: context.id, kind: 'change', input: event.input };
            case 'ticket.addTime':
              return { id: context.id, kind: 'time', input: event.input };
          }
        },
        onDone: {
          target: 'ready',
          actions: [{ type: 'takeView', params: ({ event }) => event.output }, assign({ saved: ({ context }) => context.saved + 1 })],
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => {
            const e = toApiError(event.error);
            return { saveError: e.message, fieldErrors: e.fields ?? {} };
          }),
        },
      },
    },
    failed: { description: 'The ticket could not be loaded (or does not exist); the reason is shown with a retry.', on: { 'ticket.reload': 'loading' } },
  },
});
