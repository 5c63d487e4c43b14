/** Service calls of the assistant: the answer as a stream of frames, and the JSON calls beside it. */
import { readEventStream } from '@/shared/http/event-stream';
import { ASSISTANT_API, type AssistantFrame } from '@contracts/assistant';
import { ApiError, call, currentToken, http } from '@/shared/http/http';
import { clientCall, clientHttp } from '@/shared/http/client-http';
import { browserStorage } from '@/shared/storage';

export type Audience = 'staff' | 'client';

/**
 * Asks the assistant and hands each frame of its answer to `onFrame` as it arrives. `signal`
 * cancels (the server stops too). Rejects with an ApiError when the server refuses the question.
 */
export async function streamAsk(audience: Audience, body: { question: string; conversationId?: number }, signal: AbortSignal, onFrame: (frame: AssistantFrame) => void): Promise<void> {
  const endpoint = audience === 'staff' ? ASSISTANT_API.staffAsk : ASSISTANT_API.clientAsk;
  // The bearer rule of the portal's own calls: the tab's (or stored) token, else the default a hand-over set.
  const token = currentToken(browserStorage());
  const fallback = (audience === 'staff' ? http : clientHttp).defaults.headers.common.Authorization;
  const authorization = token ? `Bearer ${token}` : typeof fallback === 'string' ? fallback : undefined;
  let res: Response;
  try {
    res = await fetch(endpoint.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) return;
    throw new ApiError(0, 'network', error instanceof Error && error.message ? 'The server could not be reached; check the connection and try again' : String(error));
  }
  if (!res.ok || !res.body) {
    const answer = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(res.status, (answer?.error?.code ?? 'internal') as ApiError['code'], answer?.error?.message ?? `The server answered ${res.status}`);
  }
  await readEventStream(res.body, ({ event, data }) => {
    if (event && data) onFrame({ event, data: JSON.parse(data) } as AssistantFrame);
  });
}

export const assistantApi = {
  rate: (audience: Audience, messageId: number, rating: 'up' | 'down', comment?: string): Promise<void> =>
    audience === 'staff'
      ? call(ASSISTANT_API.staffFeedback, { params: { id: messageId }, body: { rating, ...(comment ? { comment } : {}) } })
      : clientCall(ASSISTANT_API.clientFeedback, { params: { id: messageId }, body: { rating, ...(comment ? { comment } : {}) } }),
  handover: (conversationId: number) => clientCall(ASSISTANT_API.clientHandover, { body: { conversationId } }),
  suggest: (q: string) => clientCall(ASSISTANT_API.clientSuggest, { query: { q } }),
  article: (id: number) => call(ASSISTANT_API.staffArticle, { params: { id } }),
};
