/** The assistant: the staff window (/chat/bot), the client's chat and the new-ticket suggestions. The only file other code imports. */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { conversationMachine } from './machines/conversation.machine';
import { suggestionsMachine } from './machines/suggestions.machine';

export { routes } from './routes';
export { AssistantChat } from './screens/AssistantChat';
export { ArticleSuggestions } from './screens/ArticleSuggestions';

export const machines: RegisteredMachine[] = [
  { id: 'assistant-conversation', machine: conversationMachine, description: 'A conversation with the assistant: ask, the answer streams in after its sources, retry, rate, hand over to a person.' },
  { id: 'assistant-suggestions', machine: suggestionsMachine, description: 'Help articles suggested while a client types a new ticket’s title (debounced).' },
];
