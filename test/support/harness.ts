import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { createLogger } from '../../src/http/logger.js';
import { ManualClock } from '../../src/lib/clock.js';
import { openSecretBox } from '../../src/lib/encryption.js';
import { createLanguageModel, type LanguageModel } from '../../src/llm/language-model.js';
import { createRecorder, type Recorder } from '../../src/telephony/recordings/recorder.js';
import { openTestDatabaseAt } from './database.js';
import { type FakeTwilioApi, startFakeTwilioApi } from './fake-twilio.js';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
  config: Config;
  /** The app's language model (null unless LLM_BASE_URL is set): `drain()` waits for its after-call work. */
  model: LanguageModel | null;
  /** Every log line the app wrote, as text. */
  logs: string[];
  /** Twilio's REST API, which the app asks when a number is registered (TWILIO_API_URL). */
  twilio: FakeTwilioApi;
  /** The app's recorder: `drain()` waits for the requests to Twilio it is making in the background. */
  recordings: Recorder;
  close(): Promise<void>;
}

/** A running app on a fresh database, with a clock the test moves and its log captured. */
export async function startTestApp(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
): Promise<TestContext> {
  const { db, url } = await openTestDatabaseAt();
  const twilio = await startFakeTwilioApi(inject('twilioTls'));
  const clock = new ManualClock(Date.now());
  // Secrets get a key of their own, so no test writes a key file into the working tree.
  const config = loadConfig({
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'https://callagent.test',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    // The clock only moves when a test moves it, so buckets would never refill; the limiters have
    // their own tests.
    API_RATE_LIMIT: '0',
    AUTH_FAILURE_LIMIT: '0',
    TWILIO_API_URL: twilio.url,
    // On PostgreSQL the live event stream listens on a connection of its own, to this database.
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = createLogger('info', sink);
  const model = createLanguageModel({ config, db, clock, logger });
  const recordings = createRecorder({
    db,
    clock,
    logger,
    publicUrl: config.PUBLIC_URL,
    secrets: () => openSecretBox(config, logger),
    twilio: { baseUrl: twilio.url, ca: twilio.ca },
  });
  const app = await buildApp({ config, db, clock, logger, model, twilioApiCa: twilio.ca, recordings });
  extend?.(app);
  await app.ready();
  return {
    app,
    db,
    clock,
    config,
    model,
    logs,
    twilio,
    recordings,
    async close() {
      await app.close();
      await db.close();
      await twilio.close();
    },
  };
}

export type Json = Record<string, unknown>;

export function json<T = Json>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

/** The contract error code of a response, for terse assertions. */
export function errorCode(res: LightMyRequestResponse): string | undefined {
  try {
    return (JSON.parse(res.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}
