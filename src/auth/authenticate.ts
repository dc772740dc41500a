import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { ApiError, notFound } from '../http/errors.js';
import type { ApiRouteInfo } from '../http/fastify-types.js';
import type { Clock } from '../lib/clock.js';
import { safeEqual } from '../lib/secrets.js';
import { resolveApiKey } from './api-key-auth.js';
import { authorize, type Operation, type Principal } from './permissions.js';
import { resolveSession, SESSION_COOKIE } from './sessions.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AuthDeps {
  db: Database;
  clock: Clock;
  /** Origins allowed to send cookie-authenticated unsafe requests besides the service's own. */
  allowedOrigins: readonly string[];
}

/**
 * Two hooks decide every request from the operation its route declares. Before the body is
 * read: credential (401), CSRF and Origin (403 csrf_failed). Before validation: tenancy (404)
 * then permission (403).
 */
export function registerAuthentication(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('principal', null);
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
  });

  app.addHook('onRequest', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (operation === undefined || operation === 'public') {
      if (UNSAFE.has(request.method)) checkOrigin(request, deps.allowedOrigins);
      return;
    }
    const principal = await identify(request, deps);
    if (principal.kind === 'session' && UNSAFE.has(request.method))
      checkCsrf(request, principal, deps.allowedOrigins);
    request.principal = principal;
    if (operation === 'user' && principal.kind !== 'session') {
      throw new ApiError('forbidden', 'API keys cannot perform this operation; sign in to the console.');
    }
  });

  // Permission is decided once the body is parsed (not yet validated), so a record named in
  // the body can be looked up for the tenancy rule too.
  app.addHook('preValidation', async (request) => {
    const operation = request.routeOptions.config.operation;
    const principal = request.principal;
    if (!principal || operation === undefined || operation === 'public' || operation === 'user') return;
    await checkPermission(request, principal, operation);
  });
}

async function identify(request: FastifyRequest, deps: AuthDeps): Promise<Principal> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const principal = match?.[1] ? await resolveApiKey(deps.db, deps.clock, match[1]) : null;
    if (!principal)
      throw new ApiError('unauthenticated', 'The API key is missing, malformed, unknown or revoked.');
    return principal;
  }
  const token = request.cookies[SESSION_COOKIE];
  const principal = token ? await resolveSession(deps.db, deps.clock, token) : null;
  if (!principal) {
    throw new ApiError('unauthenticated', 'Sign in, or send an API key as Authorization: Bearer <key>.');
  }
  return principal;
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

async function checkPermission(
  request: FastifyRequest,
  principal: Principal,
  operation: Exclude<Operation, 'public' | 'user'>,
) {
  const decision = authorize(principal, operation);
  if (decision.allowed) return;
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
