import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveApiKey } from '../../auth/api-key-auth.js';
import { authorize, type Principal, type WorkspaceOperation } from '../../auth/permissions.js';
import { requirePrincipal } from '../../auth/principal.js';
import { resolveSession, SESSION_COOKIE } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { EVENT_TYPES } from '../../events/catalogue.js';
import { ApiError } from '../../http/errors.js';
import { createLiveHub, LIVE_ONLY_TYPES, type LiveMessage, type LiveType } from './hub.js';
import { callsInProgressSnapshot } from './snapshot.js';

const STREAM_TYPES = [...EVENT_TYPES, ...LIVE_ONLY_TYPES] as const;
/**
 * A comment line this often keeps proxies from closing an idle stream, and re-checks the credential
 * (revocations raise a notice that re-checks at once; expiry raises none).
 */
export const HEARTBEAT_MS = 15_000;
/** Streams one credential may hold open in one instance: a tab each, with room for a few. */
const STREAMS_PER_CREDENTIAL = 10;

/** Which operation's permission reading each type of message needs. */
const READ_OPERATION: Record<LiveType, WorkspaceOperation> = {
  'call.started': 'calls.read',
  'call.turn': 'calls.read',
  'call.completed': 'calls.read',
  'call.transferred': 'calls.read',
  'call.updated': 'calls.read',
  'opportunity.created': 'opportunities.read',
  'opportunity.updated': 'opportunities.read',
  'opportunity.merged': 'opportunities.read',
  'lead.created': 'leads.read',
  'lead.updated': 'leads.read',
  'lead.merged': 'leads.read',
  'lead.erased': 'leads.read',
  'booking.created': 'bookings.read',
  'booking.updated': 'bookings.read',
  'booking.cancelled': 'bookings.read',
  'agent.published': 'agent.read',
};

const StreamQuery = z.strictObject({
  types: z
    .string()
    .max(400)
    .transform((value, ctx) => {
      const names = value.split(',').map((s) => s.trim());
      const unknown = names.find((n) => !(STREAM_TYPES as readonly string[]).includes(n));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${unknown.slice(0, 60)} is not a type the stream carries` });
        return z.NEVER;
      }
      return names as LiveType[];
    })
    .optional()
    .describe(
      `Comma-separated types to receive; default all the credential may read: ${STREAM_TYPES.join(', ')}.`,
    ),
});

function readableTypes(principal: Principal): LiveType[] {
  return STREAM_TYPES.filter((t) => authorize(principal, READ_OPERATION[t]).allowed);
}

/** The credential of the request, resolved again: null once it is revoked, expired or removed. */
async function recheck(request: FastifyRequest, deps: AppDeps): Promise<Principal | null> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return resolveApiKey(deps.db, deps.clock, bearer);
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? resolveSession(deps.db, deps.clock, cookie) : null;
}

const credentialOf = (p: Principal) => (p.kind === 'key' ? p.keyId : `${p.userId}/${p.workspaceId}`);

function frame(message: LiveMessage): string {
  return `id: ${message.id}\nevent: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`;
}

/**
 * GET /api/v1/events/stream: server-sent events of the workspace as they commit, each type only
 * to a credential that may read it, and calls in progress line by line. See docs/api.md.
 */
export function registerEventStreamRoutes(app: FastifyInstance, deps: AppDeps): void {
  const hub = createLiveHub(deps.db, deps.config.DATABASE_URL, deps.logger);
  const open = new Map<string, number>();
  const closers = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...closers]) close();
    await hub.close();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/events/stream',
    {
      config: { operation: 'events.stream' },
      schema: {
        tags: ['Events'],
        summary: 'Live stream of the workspace’s events (server-sent events)',
        description:
          'text/event-stream. Each message has `event:` its type and `data:` an envelope {id, type, created_at, ' +
          'workspace_id, data}: the webhook events as they commit (a key gets the types its scopes read: call.* ' +
          'calls:read, opportunity.* opportunities:read, lead.* and booking.* leads:read, agent.published ' +
          'agent:read), plus call.started (data: the Call) and call.turn (data: {call_id, seq, speaker, text, at}) ' +
          'for calls in progress. On subscribing, each call already in progress comes as call.started followed by ' +
          'every line so far, then `event: ready`; `event: resync` means messages may have been missed, so read ' +
          'current state again (the calls in progress follow it again). Ids repeat only for the same thing. A comment every 15 s keeps it open. No replay: after a ' +
          'reconnect, read current state through the API.',
        querystring: StreamQuery,
        response: {
          200: { description: 'The stream.', content: { 'text/event-stream': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const readable = readableTypes(principal);
      const asked = request.query.types ?? readable;
      const refused = asked.find((t) => !readable.includes(t));
      if (refused !== undefined) {
        const decision = authorize(principal, READ_OPERATION[refused]);
        throw new ApiError(
          decision.allowed ? 'forbidden' : decision.code,
          `This credential cannot read ${refused}.`,
        );
      }
      const credential = credentialOf(principal);
      const count = open.get(credential) ?? 0;
      if (count >= STREAMS_PER_CREDENTIAL) {
        throw new ApiError('rate_limited', `At most ${STREAMS_PER_CREDENTIAL} open streams per credential.`, {
          headers: { 'Retry-After': '30' },
        });
      }
      open.set(credential, count + 1);
      let wanted = new Set(asked);
      const raw = reply.raw;
      reply.hijack();
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) headers[name] = value;
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 3000\n\n');
      let unsubscribe: () => void = () => {};
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        closers.delete(end);
        open.set(credential, (open.get(credential) ?? 1) - 1);
        if (open.get(credential) === 0) open.delete(credential);
        raw.end();
      };
      /** Ends the stream once its credential is gone; answers whether it is still open. */
      const revalidate = async (): Promise<boolean> => {
        let now: Principal | null;
        try {
          now = await recheck(request, deps);
        } catch {
          return !ended; // the database did not answer: that revokes nothing
        }
        if (now === null || now.workspaceId !== principal.workspaceId) {
          end();
          return false;
        }
        // A role changed meanwhile narrows (or widens, up to what was asked) what flows.
        const allowed = readableTypes(now);
        wanted = new Set(asked.filter((t) => allowed.includes(t)));
        return !ended;
      };
      // The heartbeat also catches what raises no notice: a session or key reaching its expiry.
      const heartbeat = setInterval(() => {
        void revalidate().then((open) => {
          if (open) raw.write(': keep-alive\n\n');
        });
      }, HEARTBEAT_MS);
      heartbeat.unref();
      closers.add(end);
      request.raw.on('close', end);
      const send = (message: LiveMessage) => {
        if (!ended && wanted.has(message.type)) raw.write(frame(message));
      };
      // While the calls in progress are read, live messages wait here; after, the snapshot is
      // sent, then whatever waited that it did not already hold: no gap, no line twice.
      let waiting: LiveMessage[] | null = [];
      let catching: Promise<void> = Promise.resolve();
      const catchUp = () => {
        waiting ??= [];
        catching = catching.then(async () => {
          let snapshot: LiveMessage[] = [];
          try {
            snapshot = await callsInProgressSnapshot(deps.db, principal.workspaceId);
          } catch (error) {
            request.log.warn({ err: error }, 'calls in progress not read for a new stream');
          }
          const held = new Set(snapshot.map((m) => m.id));
          const later = (waiting ?? []).filter((m) => !held.has(m.id));
          waiting = null;
          for (const message of [...snapshot, ...later]) send(message);
        });
        return catching;
      };
      unsubscribe = await hub.subscribe({
        workspaceId: principal.workspaceId,
        deliver: (message) => {
          if (waiting !== null) waiting.push(message);
          else send(message);
        },
        resync: () => {
          if (ended) return;
          raw.write('event: resync\ndata: {}\n\n');
          void catchUp();
        },
        recheck: async () => {
          await revalidate();
        },
      });
      await catchUp();
      if (ended) unsubscribe();
      else raw.write('event: ready\ndata: {}\n\n');
    },
  );
}
