/** Service calls of the live boards: a board's stream (staff bearer, or the display's cookie), the display's own calls, and the admin's. */
import { readEventStream } from '@/shared/http/event-stream';
import { endpointPath } from '@contracts/common/endpoint';
import { LIVE_API, type BoardSnapshot, type CreateDisplayInput, type LiveBoard } from '@contracts/live-displays';
import { call, currentToken } from '@/shared/http/http';
import { browserStorage } from '@/shared/storage';

/** What a board's stream reports to whoever listens. */
export type StreamReport =
  | { type: 'live.open' }
  | { type: 'live.frame'; kind: 'snapshot' | 'resync'; id: number | null; snapshot: BoardSnapshot }
  | { type: 'live.beat' }
  | { type: 'live.closed' }
  | { type: 'live.refused'; status: number; message: string };

/**
 * Opens a board's stream and reports what happens on it; `signal` ends it. A staff tab sends its
 * bearer token; a paired TV has none and its cookie goes along by itself (same origin).
 */
export async function streamBoard(board: LiveBoard, lastEventId: number | null, signal: AbortSignal, report: (r: StreamReport) => void): Promise<void> {
  const token = currentToken(browserStorage());
  let res: Response;
  try {
    res = await fetch(endpointPath(LIVE_API.stream, { board }), {
      headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(lastEventId !== null ? { 'last-event-id': String(lastEventId) } : {}) },
      signal,
      cache: 'no-store',
    });
  } catch {
    if (!signal.aborted) report({ type: 'live.closed' });
    return;
  }
  if (!res.ok || !res.body) {
    const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (res.status === 401 || res.status === 403) report({ type: 'live.refused', status: res.status, message: answer?.error?.message ?? 'This board may not be shown here' });
    else report({ type: 'live.closed' });
    return;
  }
  report({ type: 'live.open' });
  try {
    await readEventStream(res.body, ({ event, data, id }) => {
      if ((event === 'snapshot' || event === 'resync') && data) report({ type: 'live.frame', kind: event, id: id && /^\d+$/.test(id) ? Number(id) : null, snapshot: JSON.parse(data) as BoardSnapshot });
      else report({ type: 'live.beat' });
    });
  } catch {
    // The connection dropped (or was aborted).
  }
  if (!signal.aborted) report({ type: 'live.closed' });
}

export const displaysApi = {
  list: () => call(LIVE_API.list, {}),
  create: (body: CreateDisplayInput) => call(LIVE_API.create, { body }),
  revoke: (id: number) => call(LIVE_API.revoke, { params: { id } }),
  self: () => call(LIVE_API.self, {}),
  pair: (token: string) => call(LIVE_API.pair, { body: { token } }),
};
