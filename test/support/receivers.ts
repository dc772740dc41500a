import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { generate } from 'selfsigned';
import { afterEach, beforeAll } from 'vitest';
import {
  createGuardedClient,
  type GuardedClient,
  type GuardedClientOptions,
} from '../../src/events/outbound/guarded-client.js';

// Test-only helpers: a throwaway CA and real HTTPS receivers on loopback, so the guarded
// client is exercised through genuine TCP, TLS and HTTP rather than mocks.

export interface KeyAndCert {
  key: string;
  cert: string;
}

export interface TestPki {
  caCert: string;
  /** Signed by the test CA for localhost, 127.0.0.1 and hooks.example.test. */
  trusted: KeyAndCert;
  /** Self-signed for the same names: must fail verification. */
  selfSigned: KeyAndCert;
}

const SERVER_NAMES = [
  { type: 2 as const, value: 'localhost' },
  { type: 2 as const, value: 'hooks.example.test' },
  { type: 7 as const, ip: '127.0.0.1' },
];

function leafOptions(): Parameters<typeof generate>[1] {
  return {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: SERVER_NAMES },
    ],
  };
}

export async function createTestPki(): Promise<TestPki> {
  const ca = await generate([{ name: 'commonName', value: 'callagent test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const subject = [{ name: 'commonName', value: 'localhost' }];
  const trusted = await generate(subject, { ...leafOptions(), ca: { key: ca.private, cert: ca.cert } });
  const selfSigned = await generate(subject, leafOptions());
  return {
    caCert: ca.cert,
    trusted: { key: trusted.private, cert: trusted.cert },
    selfSigned: { key: selfSigned.private, cert: selfSigned.cert },
  };
}

export interface CapturedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** SNI name the client sent, or false when it sent none. */
  servername: string | false;
}

export interface Receiver {
  port: number;
  url: (path?: string, host?: string) => string;
  requests: CapturedRequest[];
  /** TCP connections accepted, to prove a refused delivery never connected. */
  connections: () => number;
  close: () => Promise<void>;
}

export type ReceiverHandler = (req: CapturedRequest, res: ServerResponse) => void;

export async function startReceiver(tls: KeyAndCert, handler: ReceiverHandler): Promise<Receiver> {
  const requests: CapturedRequest[] = [];
  let connections = 0;
  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    // The client cuts some responses short on purpose; that must not crash the test server.
    res.on('error', () => {});
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const captured: CapturedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        servername: (req.socket as TLSSocket).servername ?? false,
      };
      requests.push(captured);
      handler(captured, res);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  server.on('tlsClientError', () => {}); // expected when the client rejects our certificate
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/hook', host = '127.0.0.1') => `https://${host}:${port}${path}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ReceiverFixture {
  pki: () => TestPki;
  /** Starts a receiver with the CA-signed certificate (or the self-signed one), closed after each test. */
  receiver: (handler: ReceiverHandler, trusted?: boolean) => Promise<Receiver>;
  /** A guarded client that trusts the test CA and allows loopback unless told otherwise. */
  client: (overrides?: Partial<GuardedClientOptions>) => GuardedClient;
}

/** Registers vitest hooks: one PKI per file, receivers closed after every test. */
export function useReceivers(): ReceiverFixture {
  let pki: TestPki | undefined;
  const open: Receiver[] = [];
  beforeAll(async () => {
    pki = await createTestPki();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close()));
  });
  const current = (): TestPki => {
    if (!pki) throw new Error('useReceivers: PKI not ready (call inside a test)');
    return pki;
  };
  return {
    pki: current,
    receiver: async (handler, trusted = true) => {
      const tls = trusted ? current().trusted : current().selfSigned;
      const started = await startReceiver(tls, handler);
      open.push(started);
      return started;
    },
    client: (overrides = {}) =>
      createGuardedClient({
        allowPrivateNetworks: true,
        userAgent: 'callagent-test/1',
        ca: current().caCert,
        ...overrides,
      }),
  };
}

export const answer = (status: number, headers: Record<string, string> = {}, body = ''): ReceiverHandler => {
  return (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };
};
