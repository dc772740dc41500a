import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ErrorBody } from './errors.js';
import { requestHook } from './hooks.js';

const ERROR_RESPONSES: Record<string, string> = {
  400: 'Malformed JSON (invalid_json) or a schema violation (validation_failed, with details).',
  401: 'No credentials, or an unknown, revoked or expired one (unauthenticated).',
  403: 'csrf_failed, insufficient_scope (key) or forbidden (role).',
  404: 'not_found: no such record in this workspace (records of other workspaces answer the same).',
  409: 'conflict, or idempotency_conflict for a reused X-Request-Id with a different body.',
  413: 'payload_too_large: bodies are limited to 1 MiB.',
  415: 'unsupported_media_type: send Content-Type: application/json.',
  429: 'rate_limited: see Retry-After.',
  500: 'internal: nothing more is said; quote the request_id.',
  503: 'unavailable: the database is unreachable just now; retry after Retry-After seconds.',
};

/**
 * Every API route answers errors in the contract's one body. Declaring them here, from the
 * same schema the error handler sends, keeps the document and the wire in step.
 */
export function registerErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/v1') || url === '/api/v1/openapi.json') return;
    route.schema ??= {};
    const schema = route.schema as { response?: Record<string, unknown> };
    schema.response ??= {};
    const response = schema.response;
    for (const status of Object.keys(ERROR_RESPONSES)) {
      response[status] ??= ErrorBody.describe(ERROR_RESPONSES[status] ?? 'Error');
    }
  });
}

/**
 * `extraPaths`: routes that take no JSON (Twilio's form webhooks) are described by hand and
 * added to what the route schemas generate.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  publicUrl: string,
  extraPaths: Record<string, unknown> = {},
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'callagent API',
        version: '1.0.0',
        description: [
          'The voice agent that answers the phone for property-acquisition businesses.',
          '',
          'Authenticate servers with `Authorization: Bearer cak_live_...`; browsers use the session cookie',
          'and send `X-CSRF-Token` (from `GET /api/v1/ping`) with every change.',
          'Every error has the body `{"error": {"code", "message", "request_id", "details"?}}`.',
          'Send `X-Request-Id` on a POST to make it safe to retry: a repeat within 24 h replays the first',
          'answer with `Idempotent-Replayed: true`; secrets shown once are not replayed.',
          'Lists answer `{"data": [...], "next_cursor"}`; pass `cursor` and `limit` (1 to 200).',
        ].join('\n'),
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key, cak_live_...' },
          session: { type: 'apiKey', in: 'cookie', name: 'callagent_session' },
        },
      },
      security: [{ apiKey: [] }, { session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as { paths?: Record<string, unknown> };
      return { ...document, paths: { ...document.paths, ...extraPaths } } as ReturnType<
        typeof jsonSchemaTransformObject
      >;
    },
  });
  // Swagger UI serves its assets from the package itself, so the reference works offline; its
  // copy of the document at /docs/json is pruned like /api/v1/openapi.json. Registered in a scope
  // of its own, whose hook gives the page and every asset under /docs the headers below.
  const headers = referenceHeaders(publicUrl);
  await app.register(async (reference) => {
    reference.addHook(
      'onRequest',
      requestHook((_request, reply) => {
        reply.headers(headers);
      }),
    );
    await reference.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      transformSpecification: (document) => pruneUnusedSchemas(document),
      transformSpecificationClone: true,
    });
  });
}

/**
 * The API reference's policy. Its page loads every script and stylesheet from /docs/static (no
 * inline script or style element, and the initializer is a file too), so 'self' covers them
 * without 'unsafe-inline' or a hash; Swagger UI sets element styles through the DOM, which a
 * policy does not govern. The one style it writes inline, in the Swagger logo it draws first, is
 * refused, and nothing depends on it: the initializer swaps that logo for an image at once.
 * Images are its own and its stylesheet's data: icons. It fetches the document from itself and,
 * with "Try it out", calls the API at PUBLIC_URL, which may be another origin than the one the
 * page was opened at. Nothing may frame it.
 */
export function referenceSecurityPolicy(publicUrl: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${new URL(publicUrl).origin}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function referenceHeaders(publicUrl: string): Record<string, string> {
  return {
    'content-security-policy': referenceSecurityPolicy(publicUrl),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

interface OpenApiDocument {
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
}

const REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The zod type provider registers an input and an output copy of every named schema; only the
 * ones a path reaches (directly or through other schemas) are kept, so client generators see
 * one model per resource.
 */
export function pruneUnusedSchemas<T extends OpenApiDocument>(doc: T): T {
  const schemas = doc.components?.schemas;
  if (!schemas) return doc;
  const kept = new Set<string>();
  let frontier = [JSON.stringify(doc.paths ?? {})];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const text of frontier) {
      for (const match of text.matchAll(REF)) {
        const name = decodeURIComponent(match[1] ?? '');
        if (kept.has(name) || !(name in schemas)) continue;
        kept.add(name);
        next.push(JSON.stringify(schemas[name]));
      }
    }
    frontier = next;
  }
  const pruned = Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
  return { ...doc, components: { ...doc.components, schemas: pruned } };
}
