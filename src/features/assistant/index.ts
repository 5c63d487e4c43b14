/** The assistant: the staff window (/chat/bot), the client's chat and the new-ticket suggestions. The only file other code imports. */
import { lazy } from 'react';
import type { RegisteredMachine } from '@/shared/machine-registry';
import { conversationMachine } from './machines/conversation.machine';
import { suggestionsMachine } from './machines/suggestions.machine';

export { routes } from './routes';
/** The conversation and the new-ticket suggestions load with the screen that shows them (wrap them in Suspense), never with the shells. */
export const AssistantChat = lazy(() => import('./screens/AssistantChat').then((m) => ({ default: m.AssistantChat })));
export const ArticleSuggestions = lazy(() => import('./screens/ArticleSuggestions').then((m) => ({ default: m.ArticleSuggestions })));

export const machines: RegisteredMachine[] = [
  { id: 'assistant-conversation', machine: conversationMachine, description: 'A conversation with the assistant: ask, the answer streams in after its sources, retry, rate, hand over to a person.' },
  { id: 'assistant-suggestions', machine: suggestionsMachine, description: 'Help articles suggested while a client types a new ticket’s title (debounced).' },
];
