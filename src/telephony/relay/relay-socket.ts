import { endLiveCall } from '../../live-call/live-call.service.js';
import { RelayConnection } from './relay-connection.js';
import type { RelayConversation, RelayDeps } from './relay-conversation.js';

/** Twilio posts the action URL and the status callback within seconds of a call ending. */
export const DROP_GRACE_MS = 30_000;

/** The little of a WebSocket (the `ws` package's, as @fastify/websocket hands it over) this needs. */
export interface RelaySocket {
  send(data: string, callback: (error?: Error) => void): void;
  on(event: 'message', listener: (data: Buffer | string) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/**
 * Wires a verified socket to a RelayConnection: text frames in, JSON messages out. Once the
 * conversation ends Twilio closes the socket and posts to the <Connect> action URL.
 */
export function attachRelaySocket(
  socket: RelaySocket,
  deps: RelayDeps,
  conversation: RelayConversation,
): RelayConnection {
  const connection = new RelayConnection(
    deps,
    conversation,
    (data) =>
      new Promise<void>((resolve, reject) => {
        socket.send(data, (error) => (error ? reject(error) : resolve()));
      }),
  );
  socket.on('message', (data) => {
    void connection.receive(typeof data === 'string' ? data : data.toString('utf8'));
  });
  socket.on('close', () => {
    const dropped = conversation.phase !== 'closed';
    conversation.phase = 'closed';
    if (dropped) closeAfterGrace(deps, conversation);
  });
  return connection;
}

/**
 * A socket that closed without an end message: the caller hung up, or the connection broke. Twilio
 * normally follows with the action URL and the status callback, which close the call; if they
 * never come, the call would stay in progress for ever. After a grace period it is closed here
 * as a hang-up (transcript, summary, lead, call.completed); a call already closed stays as it is.
 */
function closeAfterGrace(deps: RelayDeps, conversation: RelayConversation): void {
  const timer = setTimeout(() => {
    endLiveCall(deps, conversation.workspaceId, conversation.callId, { endReason: 'connection_lost' }).catch(
      (error: unknown) =>
        deps.log.warn({ call_id: conversation.callId, err: error }, 'closing a dropped call failed'),
    );
  }, deps.dropGraceMs ?? DROP_GRACE_MS);
  timer.unref();
}
