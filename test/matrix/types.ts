import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client.js';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Tenant } from '../support/factories.js';
import type { FakeTwilioApi } from '../support/fake-twilio.js';

export interface MatrixSeed {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
  /** The workspace the record is made in (the caller's own, or another for the tenancy case). */
  tenant: Tenant;
  /** Twilio's REST API as the app sees it, for routes that ask it. */
  twilio: FakeTwilioApi;
}

/**
 * One API route in the shared auth/tenancy matrix. The operation is not repeated here:
 * the matrix reads it from the app, so the route's own declaration is what gets tested.
 */
export interface MatrixRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route pattern exactly as registered, e.g. /api/v1/members/:user_id. */
  url: string;
  /** Makes a record in the tenant's workspace; returns values for the URL's params (and for `body`). */
  record?: (seed: MatrixSeed) => Promise<Record<string, string>>;
  /**
   * Puts the caller's workspace in the state the route needs before each request (an agent
   * published, a draft changed), for routes on a workspace-wide record rather than one named in
   * the URL. Unlike `record` it adds no tenancy case: there is no other workspace's record to name.
   */
  setup?: (seed: MatrixSeed) => Promise<unknown>;
  /** A stream that stays open (server-sent events): an allowed caller is judged by its headers. */
  stream?: boolean;
  /** A valid query string (without the ?), for a route whose query has a required parameter. */
  query?: string;
  /** A valid body, so an allowed caller gets past validation. */
  body?: unknown | ((params: Record<string, string>, seed: MatrixSeed) => unknown);
}
