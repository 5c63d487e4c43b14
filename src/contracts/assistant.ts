/**
 * The assistant: answers questions from the knowledge articles (and, for staff, the ticket
 * history), citing the passages it used. Retrieval is PostgreSQL full-text search; an optional
 * OpenAI-compatible endpoint may phrase the answer from those passages only. An answer is a
 * stream of server-sent events: sources, deltas, an optional handover, done.
 */
import { endpoint } from './common/endpoint';
import { idParamsSchema, safeText } from './common/input';
import { z } from './common/zod';

const TAG = 'Assistant';

/** Every tunable of the assistant, named once. */
export const ASSISTANT = {
  /** The longest question. */
  questionMax: 1000,
  /** The longest feedback comment. */
  commentMax: 1000,
  /** Passages shown as sources (and used for the answer). */
  sourcesMax: 3,
  /** Passages fetched before the answer picks its sources. */
  candidates: 20,
  /**
   * Below this share of the question's searchable words found in the best passage, the assistant
   * says it does not know and offers a human (measured on the evaluation set, docs/bench/assistant.md).
   */
  confidenceMin: 0.5,
  /** A passage is cut around this many characters, at paragraph or sentence ends. */
  passageChars: 700,
  /** Sentences of the extractive answer. */
  answerSentences: 3,
  /** The optional model: how long it may take in all before the extractive answer stands. */
  llmTimeoutMs: 10_000,
  /** How often the index catches up with edited and deleted articles and notes (cron). */
  reindexCron: '* * * * *',
  /** Suggestions on the client's new-ticket form: at least this many characters of title, at most this many articles. */
  suggestMinChars: 4,
  suggestMax: 3,
  /** How long the form waits after the last key before it asks. */
  suggestDebounceMs: 250,
  /** Conversations listed per user. */
  conversationsMax: 20,
} as const;

/** What the assistant says when it does not know (spec texts, exact). */
export const ASSISTANT_TEXTS = {
  dontKnow: 'I could not find this in our help articles or ticket history, so I do not want to guess.',
  offerTicket: 'Would you like to hand this over to our support team? One click opens a ticket with this conversation.',
  offerSearch: 'Open a ticket search with these terms to look further.',
  askedForHuman: 'Of course. Here is how to reach a person.',
  empty: 'Ask a question about our products, your tickets or how to do something.',
} as const;

/** The words that mean "let me talk to a person": handover is decided by code, never by the model's wording. */
export const HUMAN_REQUEST = /\b(human|real person|a person|someone|somebody|agent|representative|operator|talk to|speak to|speak with|talk with|call me|support team)\b/i;

export const SOURCE_KINDS = ['article', 'ticket'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const assistantSourceSchema = z.object({
  kind: z.enum(SOURCE_KINDS),
  /** The article's or the ticket's id. */
  id: z.number().int(),
  title: z.string(),
  /** The passage used, as written. */
  excerpt: z.string(),
  /** Where the asker opens it. */
  href: z.string(),
});
export type AssistantSource = z.infer<typeof assistantSourceSchema>;

/** How the assistant hands over: a client gets a pre-filled ticket, staff a ticket search. */
export const handoverSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ticket'), reason: z.enum(['low-confidence', 'asked']), title: z.string(), description: z.string() }),
  z.object({ kind: z.literal('search'), reason: z.enum(['low-confidence', 'asked']), terms: z.string(), href: z.string() }),
]);
export type Handover = z.infer<typeof handoverSchema>;

/** The frames of an answer's stream, in order: sources, delta…, (reset, delta…), handover?, done | error. */
export type AssistantFrame =
  | { event: 'sources'; data: { conversationId: number; sources: AssistantSource[]; confidence: number } }
  | { event: 'delta'; data: { text: string } }
  /** The model failed or took too long after it began: what it said is dropped, the extractive answer follows. */
  | { event: 'reset'; data: { reason: string } }
  | { event: 'handover'; data: Handover }
  | { event: 'done'; data: { messageId: number; answer: string; phrasedBy: 'extract' | 'model' } }
  | { event: 'error'; data: { message: string } };

export const askSchema = z.strictObject({
  question: safeText('question must be text', 'question')
    .trim()
    .min(1, 'question must not be empty')
    .max(ASSISTANT.questionMax, `question must be at most ${ASSISTANT.questionMax} characters`),
  /** The conversation to continue; a new one when absent. */
  conversationId: z.number({ error: 'conversationId must be a whole number' }).int('conversationId must be a whole number').positive('conversationId must be a whole number').max(2_147_483_647, 'conversationId is too large').optional(),
});
export type AskInput = z.infer<typeof askSchema>;

export const feedbackSchema = z.strictObject({
  rating: z.enum(['up', 'down'], { error: 'rating must be up or down' }),
  comment: safeText('comment must be text', 'comment').trim().max(ASSISTANT.commentMax, `comment must be at most ${ASSISTANT.commentMax} characters`).optional(),
});

export const messageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  sources: z.array(assistantSourceSchema),
  handover: handoverSchema.nullable(),
  rating: z.enum(['up', 'down']).nullable(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type AssistantMessage = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({ id: z.number().int(), title: z.string(), created_at: z.string(), messages: z.array(messageSchema) });
export type AssistantConversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.object({ items: z.array(z.object({ id: z.number().int(), title: z.string(), created_at: z.string() })) });

export const suggestQuerySchema = z.strictObject({
  q: safeText('q must be text', 'q').trim().min(1, 'q must not be empty').max(ASSISTANT.questionMax, `q must be at most ${ASSISTANT.questionMax} characters`),
});
export const suggestionsSchema = z.object({ items: z.array(z.object({ id: z.number().int(), title: z.string(), href: z.string() })) });

export const handoverBodySchema = z.strictObject({
  conversationId: z.number({ error: 'conversationId must be a whole number' }).int('conversationId must be a whole number').positive('conversationId must be a whole number').max(2_147_483_647, 'conversationId is too large'),
});

const feedbackEndpoint = <P extends string, A extends 'staff' | 'client'>(path: P, audience: A) =>
  endpoint({ method: 'PUT', path, audience, tag: TAG, summary: 'Thumbs up or down on an answer, with a comment', params: idParamsSchema, body: feedbackSchema, status: 204 });

export const ASSISTANT_API = {
  staffAsk: endpoint({ method: 'POST', path: '/api/v2/assistant/ask', audience: 'staff', tag: TAG, summary: 'Ask the assistant (a stream of server-sent events)', body: askSchema, produces: 'text/event-stream' }),
  staffConversations: endpoint({ method: 'GET', path: '/api/v2/assistant/conversations', audience: 'staff', tag: TAG, summary: 'My latest conversations', response: conversationListSchema }),
  staffConversation: endpoint({ method: 'GET', path: '/api/v2/assistant/conversations/:id', audience: 'staff', tag: TAG, summary: 'One of my conversations', params: idParamsSchema, response: conversationSchema }),
  staffFeedback: feedbackEndpoint('/api/v2/assistant/messages/:id/feedback', 'staff'),
  staffArticle: endpoint({ method: 'GET', path: '/api/v2/assistant/articles/:id', audience: 'staff', tag: TAG, summary: 'A knowledge article the assistant cited', params: idParamsSchema, response: z.object({ id: z.number().int(), title: z.string(), category: z.string(), body: z.string(), published: z.boolean(), updated_at: z.string() }) }),
  clientAsk: endpoint({ method: 'POST', path: '/api/client/assistant/ask', audience: 'client', tag: TAG, summary: 'Ask the assistant (a stream of server-sent events)', body: askSchema, produces: 'text/event-stream' }),
  clientConversations: endpoint({ method: 'GET', path: '/api/client/assistant/conversations', audience: 'client', tag: TAG, summary: 'My latest conversations', response: conversationListSchema }),
  clientConversation: endpoint({ method: 'GET', path: '/api/client/assistant/conversations/:id', audience: 'client', tag: TAG, summary: 'One of my conversations', params: idParamsSchema, response: conversationSchema }),
  clientFeedback: feedbackEndpoint('/api/client/assistant/messages/:id/feedback', 'client'),
  clientHandover: endpoint({ method: 'POST', path: '/api/client/assistant/handover', audience: 'client', tag: TAG, summary: 'Open a ticket with the conversation and its cited articles', body: handoverBodySchema, status: 201, response: z.object({ ticketId: z.number().int(), href: z.string() }) }),
  clientSuggest: endpoint({ method: 'GET', path: '/api/client/assistant/suggest', audience: 'client', tag: TAG, summary: 'Articles that may answer a new ticket, from its title', query: suggestQuerySchema, response: suggestionsSchema }),
} as const;

/** The page an article or a ticket opens on, for each audience (the client portal's pages; staff's ticket page and the assistant's article page). */
export const sourceHref = (audience: 'staff' | 'client', kind: SourceKind, id: number): string => {
  if (audience === 'client') return kind === 'article' ? `/client/help/resources?article=${id}` : `/client/tickets?id=${id}`;
  return kind === 'article' ? `/chat/bot/article/${id}` : `/ticket/${id}`;
};

/** The staff ticket search a handover opens: closed and open tickets, searched for the terms. */
export const ticketSearchHref = (terms: string): string => `/ticket/search?search=${encodeURIComponent(terms)}`;
