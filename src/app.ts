import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerApiRoutes } from './api-routes.js';
import { registerAuthentication } from './auth/authenticate.js';
import { withKeyRecheck } from './auth/key-recheck.js';
import type { AppDeps } from './deps.js';
import { defaultConsoleDir, registerConsole } from './http/console.js';
import { answerFrameworkError, registerErrorHandling } from './http/error-handler.js';
import './http/fastify-types.js';
import { requestHook } from './http/hooks.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerJsonParser } from './http/json-parser.js';
import { registerNulGuard } from './http/nul-guard.js';
import { pruneUnusedSchemas, registerErrorResponses, registerOpenApi } from './http/openapi.js';
import { registerQueryGuard } from './http/query-guard.js';
import { registerRateLimit } from './http/rate-limit.js';
import { isClientRequestId, pickRequestId } from './http/request-id.js';
import { openSecretBox } from './lib/encryption.js';
import { createLanguageModel } from './llm/language-model.js';
import { httpDuration } from './metrics/registry.js';
import { registerGatherRoutes } from './telephony/gather/gather.routes.js';
import { createRecorder } from './telephony/recordings/recorder.js';
import { registerRecordingStatusRoute } from './telephony/recordings/recording-status.routes.js';
import { registerRelayRoutes } from './telephony/relay/relay.routes.js';
import { registerRelaySocket } from './telephony/relay/relay-ws.routes.js';
import { twilioOpenApiPaths } from './telephony/twilio/openapi-paths.js';
import { registerTwilioWebhooks } from './telephony/twilio/register.js';
import { wireEventConsequences } from './wiring.js';

export const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the HTTP application. No side effects beyond the instance and the outbox's planner,
 * which is the same function whoever sets it (src/wiring.ts): tests import this.
 */
export async function buildApp(given: AppDeps): Promise<FastifyInstance> {
  wireEventConsequences();
  const deps: AppDeps = {
    ...given,
    // Routes read through this view, so a read on a cached API key checks the key in its own
    // first statement (src/auth/key-recheck.ts); authentication itself uses the database direct.
    db: withKeyRecheck(given.db),
    model: given.model !== undefined ? given.model : createLanguageModel(given),
    recordings:
      given.recordings ??
      createRecorder({
        db: given.db,
        clock: given.clock,
        logger: given.logger,
        publicUrl: given.config.PUBLIC_URL,
        secrets: () => openSecretBox(given.config, given.logger),
        twilio: {
          baseUrl: given.config.TWILIO_API_URL,
          ...(given.twilioApiCa === undefined ? {} : { ca: given.twilioApiCa }),
        },
      }),
  };
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    bodyLimit: BODY_LIMIT,
    genReqId: pickRequestId,
    trustProxy: deps.config.TRUST_PROXY,
    // Slow clients must not hold sockets for ever.
    requestTimeout: 30_000,
    connectionTimeout: 30_000,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeAllContentTypeParsers();
  registerJsonParser(app);
  registerErrorHandling(app);

  app.addHook(
    'onRequest',
    requestHook((request, reply) => {
      request.clientRequestId = isClientRequestId(request.raw, request.id);
      reply.header('X-Request-Id', request.id);
      // API answers (errors too) carry workspace data or credentials: no cache may keep them.
      if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    }),
  );
  app.addHook(
    'onResponse',
    requestHook((request, reply) => {
      // By route template, so ids in paths do not become a label value each.
      httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      const p = request.principal;
      request.log.info(
        {
          method: request.method,
          path: request.url.split('?')[0],
          status: reply.statusCode,
          duration_ms: Math.round(reply.elapsedTime * 10) / 10,
          workspace_id: p?.workspaceId,
          principal: p ? (p.kind === 'key' ? p.keyId : p.userId) : undefined,
        },
        'request',
      );
    }),
  );

  await app.register(fastifyCookie);
  await app.register(fastifyCors, {
    origin: deps.config.CORS_ORIGINS.length > 0 ? [...deps.config.CORS_ORIGINS] : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'X-CSRF-Token', 'X-Request-Id', 'Authorization'],
    exposedHeaders: ['X-Request-Id', 'Idempotent-Replayed', 'Retry-After'],
    maxAge: 600,
  });
  registerQueryGuard(app);
  registerNulGuard(app);
  registerAuthentication(app, {
    db: given.db,
    clock: deps.clock,
    allowedOrigins: deps.config.CORS_ORIGINS,
    failedAuthPerMinute: deps.config.AUTH_FAILURE_LIMIT,
  });
  await registerRateLimit(app, deps.config.API_RATE_LIMIT, deps.clock);
  registerIdempotency(app, { db: deps.db, clock: deps.clock });
  registerErrorResponses(app);
  await registerOpenApi(app, deps.config.PUBLIC_URL, twilioOpenApiPaths());

  // Built once, on first request: the routes do not change after start-up.
  let openApiDocument: unknown = null;
  app.get('/api/v1/openapi.json', { config: { operation: 'public' }, schema: { hide: true } }, async () => {
    openApiDocument ??= pruneUnusedSchemas(app.swagger());
    return openApiDocument;
  });
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (deps.readiness?.draining) {
      return reply.code(503).header('Retry-After', '5').send({ ok: false, reason: 'shutting down' });
    }
    try {
      await deps.db.query('SELECT 1');
      return { ok: true };
    } catch {
      return reply.code(503).header('Retry-After', '2').send({ ok: false, reason: 'database unreachable' });
    }
  });

  // After-call work in flight finishes (each request within its budget) before the app closes.
  app.addHook('onClose', async () => deps.model?.drain());
  // Requests to Twilio to start or delete a recording finish too (each within Twilio's timeout).
  app.addHook('onClose', async () => deps.recordings?.drain());
  registerApiRoutes(app, deps);
  await registerTwilioWebhooks(app, deps, async (scope, env) => {
    registerGatherRoutes(scope, env);
    registerRecordingStatusRoute(scope, env);
    registerRelayRoutes(scope, env);
    await registerRelaySocket(scope, env);
  });
  registerConsole(app, deps.config.CONSOLE_DIR ?? defaultConsoleDir());
  return app;
}
