import { lookup } from 'node:dns/promises';
import { request } from 'node:https';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { classifyAddress, type ParsedWebhookUrl, parseWebhookUrl } from './address-policy.js';
import { parseRetryAfter } from './retry-after.js';

// HTTPS client for webhook deliveries (docs/webhooks.md). Every call re-parses the URL,
// resolves the host, refuses non-public addresses and then connects to the exact address
// it vetted, so a DNS answer that changes between check and connect cannot redirect it.

export interface DeliveryResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
  responseBodyStart: string;
  retryAfterSeconds: number | null;
}

export type UrlCheck =
  | { ok: true; url: URL; host: string; port: number; address: string }
  | { ok: false; message: string };

export interface GuardedClientOptions {
  resolve?: (host: string) => Promise<string[]>;
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
  maxResponseBytes?: number;
  userAgent: string;
  /** Extra trusted CAs (tests). Production relies on NODE_EXTRA_CA_CERTS instead. */
  ca?: string | Buffer;
}

export interface GuardedClient {
  /** Parses, resolves and vets without sending: what the API does when an endpoint is created. */
  checkUrl(url: string): Promise<UrlCheck>;
  post(url: string, body: Buffer | string, headers: Record<string, string>): Promise<DeliveryResult>;
}

type Outcome = Omit<DeliveryResult, 'durationMs'>;

const TIMED_OUT = Symbol('timed out');

async function resolveWithDns(host: string): Promise<string[]> {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((entry) => entry.address);
}

/**
 * Why a host name was refused, the same words whatever its lookup found: saying what a name
 * resolves to (an internal address) or how its lookup failed would let anyone who can register
 * an endpoint map the service's private network through its DNS (docs/webhooks.md, URL rules).
 */
function notAllowedHost(host: string): string {
  return `host ${host} is not allowed: webhooks go only to hosts that resolve to public addresses`;
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  return code && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
}

function untilAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T | typeof TIMED_OUT> {
  if (signal.aborted) return Promise.resolve(TIMED_OUT);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(TIMED_OUT);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function statusError(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `redirect (${status}) not followed`;
  return `receiver answered HTTP ${status}`;
}

export function createGuardedClient(opts: GuardedClientOptions): GuardedClient {
  const resolveHost = opts.resolve ?? resolveWithDns;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxResponseBytes = opts.maxResponseBytes ?? 64 * 1024;
  // `ca` replaces Node's trust store, so the test CA is added to the public roots, not swapped in.
  const ca = opts.ca === undefined ? undefined : [...rootCertificates, opts.ca.toString()];
  const timeoutMessage = `timeout after ${timeoutMs} ms`;

  const parse = (raw: string) => parseWebhookUrl(raw, { allowPrivateNetworks: opts.allowPrivateNetworks });

  async function vet(raw: string): Promise<UrlCheck> {
    const parsed = parse(raw);
    return parsed.ok ? resolveAndVet(parsed) : parsed;
  }

  async function resolveAndVet(parsed: Extract<ParsedWebhookUrl, { ok: true }>): Promise<UrlCheck> {
    const { url, host, port } = parsed;
    const refused = { ok: false as const, message: notAllowedHost(host) };
    let addresses: string[];
    try {
      addresses = parsed.literalAddress ? [parsed.literalAddress] : await resolveHost(host);
    } catch {
      return refused;
    }
    // Every answer is vetted, not just the one used: an attacker controls the whole record set.
    for (const address of addresses) {
      if (isIP(address) === 0) return refused;
      if (!classifyAddress(address).public && !opts.allowPrivateNetworks) return refused;
    }
    const [address] = addresses;
    if (address === undefined) return refused;
    return { ok: true, url, host, port, address };
  }

  function send(
    target: Extract<UrlCheck, { ok: true }>,
    body: Buffer,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<Outcome> {
    return new Promise((resolve) => {
      let status: number | null = null;
      let retryAfterSeconds: number | null = null;
      const chunks: Buffer[] = [];
      let received = 0;
      let settled = false;

      const req = request({
        host: target.address, // connect to the vetted IP; no second DNS lookup happens
        port: target.port,
        method: 'POST',
        path: `${target.url.pathname}${target.url.search}`,
        // SNI and certificate checks use the name; IP literals get no SNI (RFC 6066).
        servername: isIP(target.host) === 0 ? target.host : '',
        headers: {
          ...headers,
          host: target.url.host,
          'content-length': String(body.length),
          'user-agent': opts.userAgent,
        },
        agent: false, // fresh connection each time: no socket reuse across vetted addresses
        rejectUnauthorized: true,
        ca,
      });

      const finish = (error: string | null): void => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        const problem = error ?? (status === null ? 'no response' : statusError(status));
        const responseBodyStart = Buffer.concat(chunks).toString('utf8');
        resolve({ ok: problem === null, status, error: problem, responseBodyStart, retryAfterSeconds });
        req.destroy(); // also drops the socket when the body was cut off at the cap
      };
      const onAbort = (): void => finish(timeoutMessage);
      signal.addEventListener('abort', onAbort, { once: true });

      req.on('error', (err) => finish(`request failed: ${describe(err)}`));
      req.on('response', (res) => {
        status = res.statusCode ?? null;
        retryAfterSeconds = parseRetryAfter(res.headers['retry-after'], Date.now());
        res.on('data', (chunk: Buffer) => {
          const room = maxResponseBytes - received;
          if (room > 0) {
            const part = chunk.subarray(0, room);
            chunks.push(part);
            received += part.length;
          }
          if (received >= maxResponseBytes) finish(null);
        });
        res.on('end', () => finish(null));
        res.on('error', (err) => finish(`connection closed mid-response: ${describe(err)}`));
        res.on('close', () => {
          if (!res.complete) finish('connection closed mid-response');
        });
      });
      if (signal.aborted)
        onAbort(); // the deadline may have passed while resolving
      else req.end(body);
    });
  }

  return {
    async checkUrl(url) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const parsed = parse(url);
        if (!parsed.ok) return parsed;
        const vetted = await untilAbort(resolveAndVet(parsed), controller.signal);
        // Before sending, only the lookup can be slow, and that a name's lookup hangs is a DNS detail too.
        return vetted === TIMED_OUT ? { ok: false, message: notAllowedHost(parsed.host) } : vetted;
      } finally {
        clearTimeout(timer);
      }
    },

    async post(url, body, headers) {
      const started = performance.now();
      // One deadline for resolve, connect, TLS, headers and body together.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const result = (outcome: Partial<Outcome>): DeliveryResult => ({
        ok: false,
        status: null,
        error: null,
        responseBodyStart: '',
        retryAfterSeconds: null,
        ...outcome,
        durationMs: Math.round(performance.now() - started),
      });
      try {
        const vetted = await untilAbort(vet(url), controller.signal);
        if (vetted === TIMED_OUT) return result({ error: timeoutMessage });
        if (!vetted.ok) return result({ error: vetted.message });
        const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
        return result(await send(vetted, payload, headers, controller.signal));
      } catch (err) {
        return result({ error: `delivery failed: ${describe(err)}` });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
