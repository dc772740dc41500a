import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { LanguageModel } from './llm/language-model.js';
import type { Recorder } from './telephony/recordings/recorder.js';

/**
 * What the HTTP application is built from. A leaf: it imports no routes, so route files can take
 * it without an import circle through the composition root (src/app.ts).
 */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  /** The optional language model; left out, buildApp makes it from the configuration. */
  model?: LanguageModel | null;
  /** Starts and deletes call recordings at Twilio; left out, buildApp makes it. */
  recordings?: Recorder;
  /** An extra CA trusted for TWILIO_API_URL (tests); production relies on NODE_EXTRA_CA_CERTS. */
  twilioApiCa?: string;
  /** Set by the process while it stops: /readyz then answers 503. Tests leave it out. */
  readiness?: { readonly draining: boolean };
}
