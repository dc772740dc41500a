import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { toApiError } from '../http/error-handler.js';
import { ApiError, errorBody, notFound } from '../http/errors.js';
import type { ApiRouteInfo } from '../http/fastify-types.js';
import { requestHook, sendHook } from '../http/hooks.js';
import type { Clock } from '../lib/clock.js';
import { safeEqual } from '../lib/secrets.js';
import { apiKeyHash, type KeyPrincipal, LAST_USED_EVERY_MS, resolveApiKeyHash } from './api-key-auth.js';
import { limitFailedAuthentication } from './failure-limit.js';
import { KeyCache } from './key-cache.js';
import { attachKeyCheck, KeyCheck } from './key-recheck.js';
import { authorize, OPERATIONS, type Operation, type Principal, type Role } from './permissions.js';
import { resolveSession, SESSION_COOKIE } from './sessions.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const READS = new Set(['GET', 'HEAD']);
const KEY_REVOKED = 'The API key is missing, malformed, unknown or revoked.';

export interface AuthDeps {
  /** The database itself, not the routes' view of it (key-recheck.ts). */
  db: Database;
  clock: Clock;
  /** Origins allowed to send cookie-authenticated unsafe requests besides the service's own. */
  allowedOrigins: readonly string[];
  /** Failed authentications a minute per client address before they answer 429; 0: no limit. */
  failedAuthPerMinute: number;
}

/**
 * Two hooks decide every request from the operation its route declares. Before the body is
 * read: credential (401), CSRF and Origin (403 csrf_failed). Before validation: tenancy (404)
 * then permission (403).
 */
export function registerAuthentication(app: FastifyInstance, deps: AuthDeps): void {
  const keys = new KeyCache(LAST_USED_EVERY_MS);
  const limitFailure = limitFailedAuthentication(deps.clock, deps.failedAuthPerMinute);
  app.decorateRequest('principal', null);
  app.decorateRequest('keyCheck', null);
  const apiRoutes: ApiRouteInfo[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/v1')) return;
    const operation = route.config?.operation;
    if (operation === undefined) {
      throw new Error(`Route ${String(route.method)} ${url} declares no operation; every API route must.`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url, operation });
    }
    // A read started on a cached key offers its check to the statements the handler sends before
    // its first await: the first plain SELECT carries it (key-recheck.ts).
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const check = request.keyCheck;
      return check?.pending
        ? attachKeyCheck(check, () => handler.call(this, request, reply))
        : handler.call(this, request, reply);
    };
  });

  // The hooks finish synchronously when they need no database (a read on a cached key, a
  // permission the principal has): see src/http/hooks.ts.
  app.addHook(
    'onRequest',
    requestHook((request) => {
      const operation = request.routeOptions.config.operation;
      if (operation === undefined || operation === 'public') {
        if (UNSAFE.has(request.method)) checkOrigin(request, deps.allowedOrigins);
        return;
      }
      let found: Principal | Promise<Principal>;
      try {
        found = identify(request, deps, keys);
      } catch (error) {
        throw limitFailure(request, error);
      }
      if (found instanceof Promise)
        return found.then(
          (principal) => admit(request, principal, operation, deps),
          (error: unknown) => {
            throw limitFailure(request, error);
          },
        );
      admit(request, found, operation, deps);
    }),
  );

  // No answer leaves before its key is checked: one whose statements did not carry the check
  // asks here, and every answer waits for the decision.
  app.addHook(
    'onSend',
    sendHook((request, reply, payload) => {
      const check = request.keyCheck;
      if (!check) return payload;
      return confirmBeforeAnswer(check, request, reply, payload, deps);
    }),
  );

  // Permission is decided once the body is parsed (not yet validated), so a record named in
  // the body can be looked up for the tenancy rule too.
  app.addHook(
    'preValidation',
    requestHook((request) => {
      const operation = request.routeOptions.config.operation;
      const principal = request.principal;
      if (!principal || operation === undefined || operation === 'public' || operation === 'user') return;
      const check = request.keyCheck;
      if (check?.pending && !authorize(principal, operation).allowed) {
        // Never refuse on a cached principal: its creator may have been promoted since. A changed
        // principal is decided again by the check itself.
        return check.confirm(deps.db).then(() => {
          if (request.principal === principal) return checkPermission(request, principal, operation);
        });
      }
      return checkPermission(request, principal, operation);
    }),
  );
}

function admit(request: FastifyRequest, principal: Principal, operation: Operation, deps: AuthDeps): void {
  if (principal.kind === 'session' && UNSAFE.has(request.method))
    checkCsrf(request, principal, deps.allowedOrigins);
  request.principal = principal;
  if (operation === 'user' && principal.kind !== 'session') {
    throw new ApiError('forbidden', 'API keys cannot perform this operation; sign in to the console.');
  }
}

async function confirmBeforeAnswer(
  check: KeyCheck,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  deps: AuthDeps,
): Promise<unknown> {
  try {
    await check.confirm(deps.db);
    return payload;
  } catch (error) {
    // In place of an answer, the error handler answers. An answer that is already an error may
    // have been through the error handler, which runs once, so this refusal is written here.
    if (reply.statusCode < 400) throw error;
    const refusal =
      toApiError(error as Error) ?? new ApiError('internal', 'Something went wrong on our side.');
    for (const [name, value] of Object.entries(refusal.headers)) reply.header(name, value);
    reply.code(refusal.status).type('application/json; charset=utf-8');
    return JSON.stringify(errorBody(refusal, request.id));
  }
}

/** The request's principal: at once for a cached key, otherwise after a look-up. */
function identify(request: FastifyRequest, deps: AuthDeps, keys: KeyCache): Principal | Promise<Principal> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const hash = match?.[1] ? apiKeyHash(match[1]) : null;
    if (hash === null) throw new ApiError('unauthenticated', KEY_REVOKED);
    const now = deps.clock.now().getTime();
    const cached = mayUseCachedKey(request) ? keys.get(hash, now) : null;
    if (cached) {
      request.keyCheck = keyCheckFor(request, deps, keys, hash, cached);
      return cached;
    }
    return lookUpKey(deps, keys, hash, now);
  }
  return sessionPrincipal(request, deps);
}

async function lookUpKey(deps: AuthDeps, keys: KeyCache, hash: string, now: number): Promise<Principal> {
  const principal = await resolveApiKeyHash(deps.db, deps.clock, hash);
  if (!principal) {
    keys.delete(hash);
    throw new ApiError('unauthenticated', KEY_REVOKED);
  }
  keys.set(hash, principal, now);
  return principal;
}

async function sessionPrincipal(request: FastifyRequest, deps: AuthDeps): Promise<Principal> {
  const token = request.cookies[SESSION_COOKIE];
  const principal = token ? await resolveSession(deps.db, deps.clock, token) : null;
  if (!principal) {
    throw new ApiError('unauthenticated', 'Sign in, or send an API key as Authorization: Bearer <key>.');
  }
  return principal;
}

/**
 * Reads whose answer depends only on the key's workspace may start on a cached key and check it
 * on the way. Changes are checked before they run; so is the live stream, whose answer is cut to
 * the key's scopes and which outlives its request.
 */
function mayUseCachedKey(request: FastifyRequest): boolean {
  const operation = request.routeOptions.config.operation;
  if (!READS.has(request.method) || operation === undefined || !(operation in OPERATIONS)) return false;
  return !('anyScope' in OPERATIONS[operation as keyof typeof OPERATIONS]);
}

function keyCheckFor(
  request: FastifyRequest,
  deps: AuthDeps,
  keys: KeyCache,
  hash: string,
  cached: KeyPrincipal,
): KeyCheck {
  return new KeyCheck(cached.keyId, cached.workspaceId, async (currentRole: Role | null) => {
    if (currentRole === cached.creatorRole) return;
    // Revoked, or the creator left or changed role: look the key up again and decide afresh.
    keys.delete(hash);
    const fresh = await resolveApiKeyHash(deps.db, deps.clock, hash);
    if (!fresh) throw new ApiError('unauthenticated', KEY_REVOKED);
    keys.set(hash, fresh, deps.clock.now().getTime());
    request.principal = fresh;
    const operation = request.routeOptions.config.operation;
    if (operation !== undefined && operation !== 'public' && operation !== 'user') {
      await checkPermission(request, fresh, operation);
    }
  });
}

function checkCsrf(
  request: FastifyRequest,
  principal: Principal & { kind: 'session' },
  origins: readonly string[],
): void {
  checkOrigin(request, origins);
  const sent = request.headers['x-csrf-token'];
  if (typeof sent !== 'string' || !safeEqual(sent, principal.csrfToken)) {
    throw new ApiError(
      'csrf_failed',
      'Send the X-CSRF-Token from GET /api/v1/ping with every change made with the session cookie.',
    );
  }
}

/**
 * A browser names the page that sent an unsafe request in Origin. The service's own origin
 * (as the browser addressed it) and configured CORS origins pass; any other is refused, even
 * with a valid token. Requests without Origin (servers, older browsers) rely on the token.
 */
function checkOrigin(request: FastifyRequest, allowed: readonly string[]): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const own = `${request.protocol}://${request.headers.host ?? ''}`;
  if (origin === own || allowed.includes(origin)) return;
  throw new ApiError('csrf_failed', `Requests from origin ${origin.slice(0, 200)} are not allowed.`);
}

/** Nothing when allowed; otherwise refuses, after a look-up when the route names a record. */
function checkPermission(
  request: FastifyRequest,
  principal: Principal,
  operation: Exclude<Operation, 'public' | 'user'>,
): undefined | Promise<never> {
  const decision = authorize(principal, operation);
  if (decision.allowed) return;
  return refuse(request, principal, decision);
}

async function refuse(
  request: FastifyRequest,
  principal: Principal,
  decision: Exclude<ReturnType<typeof authorize>, { allowed: true }>,
): Promise<never> {
  // Tenancy before permission: a denied request on a record that is not in this workspace
  // answers exactly as a missing record would, so nothing reveals it exists elsewhere.
  const guard = request.routeOptions.config.resource;
  if (guard) {
    const source = guard.in === 'body' ? request.body : request.params;
    const value =
      source !== null && typeof source === 'object'
        ? (source as Record<string, unknown>)[guard.param]
        : undefined;
    const id = typeof value === 'string' ? value : undefined;
    if (id === undefined || !(await guard.exists(principal.workspaceId, id))) {
      throw notFound(guard.what, String(id));
    }
  }
  throw new ApiError(decision.code, decision.message);
}
