import { RelayConnection } from './relay-connection.js';
import type { RelayDeps, RelaySession } from './relay-session.js';

/** The little of a WebSocket (the `ws` package's, as @fastify/websocket hands it over) this needs. */
export interface RelaySocket {
  send(data: string, callback: (error?: Error) => void): void;
  on(event: 'message', listener: (data: Buffer | string) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/**
 * Wires a verified socket to a RelayConnection: text frames in, JSON messages out. Once the
 * session ends Twilio closes the socket and posts to the <Connect> action URL.
 */
export function attachRelaySocket(
  socket: RelaySocket,
  deps: RelayDeps,
  session: RelaySession,
): RelayConnection {
  const connection = new RelayConnection(
    deps,
    session,
    (data) =>
      new Promise<void>((resolve, reject) => {
        socket.send(data, (error) => (error ? reject(error) : resolve()));
      }),
  );
  socket.on('message', (data) => {
    void connection.receive(typeof data === 'string' ? data : data.toString('utf8'));
  });
  socket.on('close', () => {
    session.phase = 'closed';
  });
  return connection;
}
