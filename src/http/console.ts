import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
/** Vite writes this into index.html where the per-response nonce goes (its html.cspNonce option). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

interface Asset {
  body: Buffer;
  gzip: Buffer | null;
  type: string;
  etag: string;
}

/** The console's files, read once at start: the bundle is small, so serving is a map lookup. */
export function loadConsole(dir: string): Map<string, Asset> | null {
  if (!existsSync(join(dir, 'index.html'))) return null;
  const assets = new Map<string, Asset>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const body = readFileSync(path);
        const type = TYPES[extname(name)] ?? 'application/octet-stream';
        const compressible =
          /^(text|application\/(json|manifest)|image\/svg)/.test(type) && body.length > 1024;
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
        assets.set(`/${relative(dir, path).split(sep).join('/')}`, {
          body,
          gzip: compressible ? gzipSync(body, { level: 9 }) : null,
          type,
          etag,
        });
      }
    }
  };
  walk(dir);
  return assets;
}

/** The default place of the built console: dist/web beside the package's package.json. */
export function defaultConsoleDir(): string {
  let at = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(at, 'package.json')) && dirname(at) !== at) at = dirname(at);
  return join(at, 'dist', 'web');
}

/**
 * The console's policy: scripts only from this origin (no inline script, no eval), styles from
 * this origin or carrying this response's nonce (the component library injects its CSS
 * variables), nothing may frame the page, and it talks to its own origin only.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // Call recordings play from the service's own /api/v1/calls/{id}/recording (docs/privacy.md).
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function setPageHeaders(reply: FastifyReply): void {
  reply
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('permissions-policy', 'camera=(), geolocation=(), microphone=(self)');
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset, immutable: boolean) {
  setPageHeaders(reply);
  reply
    .type(asset.type)
    .header('etag', asset.etag)
    .header('vary', 'accept-encoding')
    .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  const gzip = asset.gzip !== null && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(gzip ? asset.gzip : asset.body);
}

/**
 * Serves the console at `/`: its files by path, and index.html (with a fresh nonce and the CSP)
 * for every other GET outside the API, so client-side routes load on a reload or a shared link.
 * Unknown paths under /api/ and /telephony/ keep the API's JSON 404.
 */
export function registerConsole(app: FastifyInstance, dir: string): void {
  const assets = loadConsole(dir);
  const index = assets?.get('/index.html')?.body.toString('utf8') ?? null;
  if (assets === null || index === null) {
    app.log.warn({ dir }, 'console not built: run `npm run build:web` to serve it at /');
  }
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (/^\/(api|telephony)(\/|$)/.test(path)) return reply.callNotFound();
    const asset = path === '/index.html' ? undefined : assets?.get(path);
    if (asset) return sendAsset(request, reply, asset, path.startsWith('/assets/'));
    // A missing hashed file is a stale page asking for an old bundle: 404, never the page itself.
    if (index === null || path.startsWith('/assets/')) return reply.callNotFound();
    const nonce = randomBytes(16).toString('base64');
    setPageHeaders(reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', contentSecurityPolicy(nonce))
      .send(index.replaceAll(NONCE_PLACEHOLDER, nonce));
  });
}
