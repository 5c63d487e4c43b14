/**
 * Stopping a server that holds connections with no request on them. Node's `server.close()` (and
 * Fastify's idle sweep) ends keep-alive connections between requests, but not one that was opened
 * and never sent a byte (a browser's speculative connection, a balancer's TCP probe, a port scan):
 * it waits for that peer forever, so a drain would end only when forced. `closeApp` closes the app
 * as `app.close()` does and, until it has closed, ends every connection with no request in flight;
 * requests under way finish.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How often a closing server ends the connections with no request in flight (ms). */
export const QUIET_SWEEP_MS = 100;

export type ConnectionTracker = { /** Ends the connections with no request in flight; answers how many. */ endQuiet(): number };

/** Counts the requests in flight on each connection of a server (call before it listens). */
export function trackConnections(server: Server): ConnectionTracker {
  const inFlight = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (request: { socket: Socket }, response: { once(event: 'close', listener: () => void): void }) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const n = inFlight.get(socket);
      if (n !== undefined) inFlight.set(socket, n - 1);
    });
  });
  return {
    endQuiet() {
      let ended = 0;
      for (const [socket, n] of inFlight) {
        if (n > 0) continue;
        socket.destroy();
        ended++;
      }
      return ended;
    },
  };
}

/** Closes an app (listener, then in-flight requests), ending connections that carry no request meanwhile. */
export async function closeApp(app: { close(): Promise<unknown> }, connections: ConnectionTracker): Promise<void> {
  const closing = app.close();
  const sweep = setInterval(() => connections.endQuiet(), QUIET_SWEEP_MS);
  connections.endQuiet();
  try {
    await closing;
  } finally {
    clearInterval(sweep);
  }
}
