/** The staff stream of ticket changes (docs/adr/0220): what it reports to the list that listens. */
import { endpointPath } from '@contracts/common/endpoint';
import { TICKET_CHANGES, TICKET_CHANGES_FRAME, ticketChangesFrameSchema } from '@contracts/tickets-changes';
import { readEventStream } from '@/shared/http/event-stream';
import { currentToken } from '@/shared/http/http';
import { browserStorage } from '@/shared/storage';

export type TicketChangesReport =
  | { type: 'changes.open' }
  | { type: 'changes.frame'; latest: number; ids: number[] }
  | { type: 'changes.closed' }
  | { type: 'changes.refused' };

/**
 * Opens the stream from `after` ('now', or the latest change a frame gave: what happened while away
 * comes at once) and reports what happens on it until `signal` ends it.
 */
export async function streamTicketChanges(after: string, signal: AbortSignal, report: (r: TicketChangesReport) => void): Promise<void> {
  const token = currentToken(browserStorage());
  let res: Response;
  try {
    res = await fetch(`${endpointPath(TICKET_CHANGES.stream, {})}?after=${encodeURIComponent(after)}`, {
      headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal,
      cache: 'no-store',
    });
  } catch {
    if (!signal.aborted) report({ type: 'changes.closed' });
    return;
  }
  if (!res.ok || !res.body) {
    report(res.status === 401 || res.status === 403 ? { type: 'changes.refused' } : { type: 'changes.closed' });
    return;
  }
  report({ type: 'changes.open' });
  try {
    await readEventStream(res.body, ({ event, data }) => {
      if (event !== TICKET_CHANGES_FRAME || !data) return;
      const frame = ticketChangesFrameSchema.safeParse(JSON.parse(data));
      if (frame.success) report({ type: 'changes.frame', latest: frame.data.latest, ids: frame.data.ids });
    });
  } catch {
    // The connection dropped (or was aborted).
  }
  if (!signal.aborted) report({ type: 'changes.closed' });
}
