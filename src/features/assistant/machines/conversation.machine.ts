import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { AssistantFrame, AssistantSource, Handover } from '@contracts/assistant';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from '@/shared/machines/notify';
import { assistantApi, streamAsk, type Audience } from '../api';

/** One question and its answer as the conversation shows them. */
export type Turn = {
  question: string;
  sources: AssistantSource[];
  answer: string;
  handover: Handover | null;
  messageId: number | null;
  rating: 'up' | 'down' | null;
  /** 'stopped' when the asker cancelled before the answer ended. */
  status: 'asking' | 'streaming' | 'answered' | 'failed' | 'stopped';
};

export type ConversationContext = {
  audience: Audience;
  conversationId: number | null;
  turns: Turn[];
  error: string | null;
  /** The ticket a client's handover opened. */
  ticket: { id: number; href: string } | null;
};

export type ConversationEvent =
  | { type: 'conversation.ask'; question: string }
  | { type: 'conversation.cancel' }
  | { type: 'conversation.retry' }
  | { type: 'conversation.rate'; messageId: number; rating: 'up' | 'down'; comment?: string }
  | { type: 'conversation.handOver' }
  | { type: 'stream.sources'; conversationId: number; sources: AssistantSource[] }
  | { type: 'stream.delta'; text: string }
  | { type: 'stream.reset' }
  | { type: 'stream.handover'; handover: Handover }
  | { type: 'stream.done'; messageId: number; answer: string }
  | { type: 'stream.failed'; message: string };

/** A frame of the answer's stream as the machine's event. */
export function eventOfFrame(frame: AssistantFrame): ConversationEvent {
  switch (frame.event) {
    case 'sources':
      return { type: 'stream.sources', conversationId: frame.data.conversationId, sources: frame.data.sources };
    case 'delta':
      return { type: 'stream.delta', text: frame.data.text };
    case 'reset':
      return { type: 'stream.reset' };
    case 'handover':
      return { type: 'stream.handover', handover: frame.data };
    case 'done':
      return { type: 'stream.done', messageId: frame.data.messageId, answer: frame.data.answer };
    case 'error':
      return { type: 'stream.failed', message: frame.data.message };
  }
}

type AskInput = { audience: Audience; question: string; conversationId: number | null };

const updateLast = (turns: Turn[], change: (t: Turn) => Partial<Turn>): Turn[] => turns.map((t, i) => (i === turns.length - 1 ? { ...t, ...change(t) } : t));

/**
 * A conversation with the assistant: a question is asked (the answer streams in: sources first,
 * then the words, then a handover when the rules call for one), answered or failed; a failed
 * question can be asked again; cancelling stops the stream; a client can hand the conversation
 * over as a ticket in one click. The handover is the server's decision, never the text's.
 */
export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as { audience: Audience },
  },
  actors: {
    ask: fromCallback<EventObject, AskInput>(({ input, sendBack }) => {
      const abort = new AbortController();
      streamAsk(input.audience, { question: input.question, ...(input.conversationId ? { conversationId: input.conversationId } : {}) }, abort.signal, (frame) => sendBack(eventOfFrame(frame)))
        .then(() => {
          if (!abort.signal.aborted) sendBack({ type: 'stream.failed', message: 'The answer ended before it was complete. Please try again.' });
        })
        .catch((error: unknown) => {
          if (!abort.signal.aborted) sendBack({ type: 'stream.failed', message: toApiError(error).message });
        });
      return () => abort.abort();
    }),
    rate: fromPromise<void, { audience: Audience; messageId: number; rating: 'up' | 'down'; comment?: string }>(({ input }) => assistantApi.rate(input.audience, input.messageId, input.rating, input.comment)),
    handOver: fromPromise<{ ticketId: number; href: string }, number>(({ input }) => assistantApi.handover(input)),
  },
  guards: {
    hasQuestion: ({ event }) => event.type === 'conversation.ask' && event.question.trim() !== '',
    canHandOver: ({ context }) => context.audience === 'client' && context.conversationId !== null && context.ticket === null,
  },
  actions: {
    ...notifyActions,
    addTurn: assign({
      turns: ({ context, event }) => [
        ...context.turns,
        { question: event.type === 'conversation.ask' ? event.question.trim() : '', sources: [], answer: '', handover: null, messageId: null, rating: null, status: 'asking' as const },
      ],
      error: null,
    }),
    retryLast: assign({ turns: ({ context }) => updateLast(context.turns, () => ({ sources: [], answer: '', handover: null, status: 'asking' })), error: null }),
  },
}).createMachine({
  id: 'assistant-conversation',
  description: 'A conversation with the assistant: ask, watch the answer stream in with its sources, retry, rate, hand over to a person.',
  context: ({ input }) => ({ audience: input.audience, conversationId: null, turns: [], error: null, ticket: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing asked yet: the window says what the assistant can answer.',
      on: { 'conversation.ask': { guard: 'hasQuestion', target: 'working', actions: 'addTurn', description: 'The asker sends a question.' } },
    },
    working: {
      tags: ['busy'],
      description: 'The question is on its way and its answer streams in; Stop cancels it.',
      invoke: {
        src: 'ask',
        input: ({ context }) => ({ audience: context.audience, question: context.turns.at(-1)!.question, conversationId: context.conversationId }),
      },
      initial: 'asking',
      on: {
        'conversation.cancel': { target: 'answered', actions: assign({ turns: ({ context }) => updateLast(context.turns, () => ({ status: 'stopped' })) }), description: 'Stop: the stream is cancelled, what came so far stays.' },
        'stream.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.message, turns: ({ context }) => updateLast(context.turns, () => ({ status: 'failed' })) }), description: 'The server refused or the connection broke.' },
      },
      states: {
        asking: {
          description: 'Waiting for the sources.',
          on: {
            'stream.sources': {
              target: 'streaming',
              actions: assign({
                conversationId: ({ event }) => event.conversationId,
                turns: ({ context, event }) => updateLast(context.turns, () => ({ sources: event.sources, status: 'streaming' })),
              }),
              description: 'The sources arrive first: they are shown before any answer.',
            },
          },
        },
        streaming: {
          description: 'The answer arrives word by word under its sources.',
          on: {
            'stream.delta': { actions: assign({ turns: ({ context, event }) => updateLast(context.turns, (t) => ({ answer: t.answer + event.text })) }), description: 'More of the answer.' },
            'stream.reset': { actions: assign({ turns: ({ context }) => updateLast(context.turns, () => ({ answer: '' })) }), description: 'The model stalled: its words are dropped for the answer from the sources.' },
            'stream.handover': { actions: assign({ turns: ({ context, event }) => updateLast(context.turns, () => ({ handover: event.handover })) }), description: 'The rules call for a person: the way to one is offered.' },
            'stream.done': {
              target: '#assistant-conversation.answered',
              actions: assign({ turns: ({ context, event }) => updateLast(context.turns, () => ({ answer: event.answer, messageId: event.messageId, status: 'answered' })) }),
              description: 'The answer is complete and kept.',
            },
          },
        },
      },
    },
    answered: {
      description: 'The answer is shown: ask again, rate it, or (a client) hand over.',
      on: {
        'conversation.ask': { guard: 'hasQuestion', target: 'working', actions: 'addTurn', description: 'A follow-up question in the same conversation.' },
        'conversation.rate': {
          target: 'rating',
          actions: assign({ turns: ({ context, event }) => context.turns.map((t) => (t.messageId === event.messageId ? { ...t, rating: event.rating } : t)) }),
          description: 'Thumbs up or down, with an optional comment.',
        },
        'conversation.handOver': { guard: 'canHandOver', target: 'handingOver', description: 'One click: a ticket with this conversation and the cited articles.' },
      },
    },
    rating: {
      tags: ['busy'],
      description: 'The rating is being saved.',
      invoke: {
        src: 'rate',
        input: ({ context, event }) => {
          const e = event as Extract<ConversationEvent, { type: 'conversation.rate' }>;
          return { audience: context.audience, messageId: e.messageId, rating: e.rating, ...(e.comment ? { comment: e.comment } : {}) };
        },
        onDone: { target: 'answered', actions: { type: 'notify', params: { tone: 'success', title: 'Thanks for the feedback.' } } },
        onError: { target: 'answered', actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The feedback was not saved', description: toApiError(event.error).message }) } },
      },
    },
    handingOver: {
      tags: ['busy'],
      description: 'The ticket is being opened.',
      invoke: {
        src: 'handOver',
        input: ({ context }) => context.conversationId!,
        onDone: { target: 'handedOver', actions: assign({ ticket: ({ event }) => ({ id: event.output.ticketId, href: event.output.href }) }) },
        onError: { target: 'answered', actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The ticket was not opened', description: toApiError(event.error).message }) } },
      },
    },
    handedOver: {
      description: 'A ticket is open for the support team; its link is shown. The asker may still ask.',
      on: { 'conversation.ask': { guard: 'hasQuestion', target: 'working', actions: 'addTurn', description: 'Another question.' } },
    },
    failed: {
      tags: ['error'],
      description: 'The question could not be answered; the reason is shown with Try again.',
      on: {
        'conversation.retry': { target: 'working', actions: 'retryLast', description: 'Ask the same question again.' },
        'conversation.ask': { guard: 'hasQuestion', target: 'working', actions: 'addTurn', description: 'Ask something else.' },
      },
    },
  },
});
