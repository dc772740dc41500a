import type { KeyCheck } from '../auth/key-recheck.js';
import type { Operation, Principal } from '../auth/permissions.js';
import type { ReplayRecord } from './idempotency.js';

export interface ResourceGuard {
  /** The path parameter (or, with in: 'body', the body field) holding the record id. */
  param: string;
  in?: 'params' | 'body';
  /** The record's name in the 404 message, the same words the handler uses for a missing one. */
  what: string;
  /** True when the record exists in this workspace; asked only when permission is denied. */
  exists(workspaceId: string, id: string): Promise<boolean>;
}

export interface ApiRouteInfo {
  method: string;
  url: string;
  operation: Operation;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api/v1 route with its operation, in registration order (docs and the auth matrix read it). */
    apiRoutes: ApiRouteInfo[];
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** Set when a read started on a cached API key: the key is checked before the answer leaves. */
    keyCheck: KeyCheck | null;
    /** True when the client sent its own X-Request-Id (which makes a POST replayable). */
    clientRequestId: boolean;
    /** Set on a POST with the client's X-Request-Id: its change commits with its kept answer. */
    idempotencyRecord: ReplayRecord | null;
  }
  interface FastifyContextConfig {
    /** What the route does; the auth hook decides every request from it. Required under /api/v1. */
    operation?: Operation;
    /** Fields of the response shown once: they are removed before a replayable copy is stored. */
    secretFields?: readonly string[];
    /** For routes on one record: lets a denied request on another workspace's record answer 404. */
    resource?: ResourceGuard;
  }
}
