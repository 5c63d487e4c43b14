import { assign, fromPromise, setup } from 'xstate';
import { ASSISTANT } from '@contracts/assistant';
import { assistantApi } from '../api';

export type Suggestion = { id: number; title: string; href: string };
export type SuggestionsContext = { title: string; items: Suggestion[] };
export type SuggestionsEvent = { type: 'suggestions.type'; title: string };

/**
 * Articles that may answer a new ticket, asked once typing of its title pauses; a title shorter
 * than ASSISTANT.suggestMinChars lists none. A newer title cancels the question under way. A
 * failed question lists none: the form works the same without suggestions.
 */
export const suggestionsMachine = setup({
  types: { context: {} as SuggestionsContext, events: {} as SuggestionsEvent },
  actors: { suggest: fromPromise<{ items: Suggestion[] }, string>(({ input }) => assistantApi.suggest(input)) },
  delays: { DEBOUNCE: ASSISTANT.suggestDebounceMs },
  guards: { isShort: ({ event }) => event.title.trim().length < ASSISTANT.suggestMinChars },
}).createMachine({
  id: 'assistant-suggestions',
  description: 'Help articles suggested while a client types a new ticket’s title.',
  context: { title: '', items: [] },
  initial: 'idle',
  on: {
    'suggestions.type': [
      { guard: 'isShort', target: '.idle', actions: assign({ title: ({ event }) => event.title, items: [] }), description: 'Too short to search: nothing suggested.' },
      { target: '.waiting', reenter: true, actions: assign({ title: ({ event }) => event.title }), description: 'Each key starts the pause again.' },
    ],
  },
  states: {
    idle: { description: 'Nothing suggested.' },
    waiting: { description: 'Typing: waits for a pause.', after: { DEBOUNCE: { target: 'asking', description: 'The client paused: ask.' } } },
    asking: {
      description: 'Asking for articles; the last suggestions stay shown.',
      invoke: {
        src: 'suggest',
        input: ({ context }) => context.title.trim(),
        onDone: { target: 'idle', actions: assign({ items: ({ event }) => event.output.items }) },
        onError: { target: 'idle', actions: assign({ items: [] }) },
      },
    },
  },
});
