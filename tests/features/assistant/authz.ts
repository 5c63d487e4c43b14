import { ASSISTANT_API } from '@contracts/assistant';
import { clientOnly, endpointRows, staffOnly } from '@tests/support/authz';

/**
 * The assistant: staff ask in the staff window, client users in the portal; conversations and
 * answers are their asker's own (someone else's, or none, answers 404).
 */
export const ROWS = endpointRows([
  [ASSISTANT_API.staffAsk, { body: { question: 'How do I reset a password?' }, expect: staffOnly() }],
  [ASSISTANT_API.staffConversations, { expect: staffOnly() }],
  [ASSISTANT_API.staffConversation, { url: '/api/v2/assistant/conversations/999999', expect: staffOnly(404) }],
  [ASSISTANT_API.staffFeedback, { url: '/api/v2/assistant/messages/999999/feedback', body: { rating: 'up' }, expect: staffOnly(404) }],
  [ASSISTANT_API.staffArticle, { url: '/api/v2/assistant/articles/1', expect: staffOnly() }],
  [ASSISTANT_API.clientAsk, { body: { question: 'How do I reset my password?' }, expect: clientOnly() }],
  [ASSISTANT_API.clientConversations, { expect: clientOnly() }],
  [ASSISTANT_API.clientConversation, { url: '/api/client/assistant/conversations/999999', expect: clientOnly(404) }],
  [ASSISTANT_API.clientFeedback, { url: '/api/client/assistant/messages/999999/feedback', body: { rating: 'down', comment: 'Not it' }, expect: clientOnly(404) }],
  [ASSISTANT_API.clientHandover, { body: { conversationId: 999999 }, expect: clientOnly(404) }],
  [ASSISTANT_API.clientSuggest, { url: '/api/client/assistant/suggest?q=reset%20password', expect: clientOnly() }],
]);
