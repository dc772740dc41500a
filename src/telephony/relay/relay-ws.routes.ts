import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallRoute } from '../twilio/call-route.repo.js';
import type { TelephonyEnv } from '../twilio/telephony-env.js';
import type { RelayConnection } from './relay-connection.js';
import { openRelayConversation } from './relay-conversation.js';
import { attachRelaySocket, type RelaySocket } from './relay-socket.js';
import { verifyRelayUpgrade } from './relay-upgrade.js';

type RelaySocketWithClose = RelaySocket & { close(code: number, reason: string): void };

/** Largest ConversationRelay message accepted; prompts are short text. */
const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * ConversationRelay's WebSocket. The handshake is verified before the upgrade (a bad signature,
 * an unknown or finished call: 403, nothing changes); then the socket carries the protocol
 * implemented in relay-conversation.ts and relay-connection.ts.
 */
export async function registerRelaySocket(scope: FastifyInstance, env: TelephonyEnv): Promise<void> {
  // Before the plugin's own hook, which closes every socket without a word: a call in progress
  // is handed back to Twilio (end, reason moved), whose action URL reconnects it to an instance
  // still running, and the socket closes with 1001 Going Away.
  const live = new Map<RelaySocketWithClose, RelayConnection>();
  scope.addHook('preClose', async () => {
    await Promise.all(
      [...live].map(async ([socket, connection]) => {
        await connection.end({ reason: 'moved' }).catch(() => {});
        socket.close(1001, 'server restarting');
      }),
    );
  });
  await scope.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  const verified = new WeakMap<FastifyRequest, CallRoute>();
  scope.get(
    '/telephony/twilio/relay-ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request, reply) => {
        const call = await verifyRelayUpgrade(env.auth, { url: request.url, headers: request.headers });
        if (!call) return reply.code(403).send();
        verified.set(request, call);
      },
    },
    (socket, request) => {
      const call = verified.get(request);
      if (!call) {
        socket.close(1008, 'not verified');
        return;
      }
      const connection = attachRelaySocket(
        socket,
        { ...env.calls, log: request.log },
        openRelayConversation(call),
      );
      live.set(socket, connection);
      socket.on('close', () => live.delete(socket));
    },
  );
}
