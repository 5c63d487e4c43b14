/** One block of a text/event-stream answer: its event name, its data line and its id, when present. */
export type EventStreamBlock = { event?: string; data?: string; id?: string };

/**
 * Reads a text/event-stream body to its end, handing over each block (heartbeat comments too,
 * with no event) as it arrives. Throws when the connection drops; callers decide what a block means.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onBlock: (block: EventStreamBlock) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onBlock({ event: /^event: (.+)$/m.exec(block)?.[1], data: /^data: (.+)$/m.exec(block)?.[1], id: /^id: (.+)$/m.exec(block)?.[1] });
    }
  }
}
