import { z } from 'zod';
import { PAUSE_POINTS } from './lib/test-pause.js';

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .default(false);

const booleanStringOn = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v !== 'false' && v !== '0')
  .default(true);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * Every environment variable the service reads (README, Configuration). This module is the
 * only reader of process.env; everything else receives a frozen Config.
 */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'must start with postgres:// or postgresql://',
    })
    // The message never repeats the value: it may carry a password.
    .refine((v) => v === undefined || URL.canParse(v), {
      message: 'must be a URL such as postgres://user:password@host:5432/callagent',
    }),
  /** Prepared statements on PostgreSQL (docs/sizing.md); false behind a pooler that cannot keep them. */
  DATABASE_PREPARED_STATEMENTS: booleanStringOn,
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  BOOTSTRAP_OWNER_EMAIL: optionalString.pipe(z.email({ message: 'must be an email address' }).optional()),
  BOOTSTRAP_OWNER_PASSWORD: optionalString.pipe(
    z.string().min(12, { message: 'must be at least 12 characters' }).optional(),
  ),
  BOOTSTRAP_WORKSPACE_NAME: z.string().min(1).max(100).default('My workspace'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().replace(/\/+$/, ''))
        .filter((s) => s !== ''),
    )
    .refine((list) => list.every((o) => /^https?:\/\/[^/\s*]+$/.test(o)), {
      message: 'must be a comma-separated list of origins such as https://desk.example.com (no wildcards)',
    }),
  SECRETS_KEY: optionalString.refine(
    (v) => v === undefined || (/^[A-Za-z0-9+/=_-]{43,44}$/.test(v) && Buffer.from(v, 'base64').length === 32),
    { message: 'must be 32 random bytes in base64 or base64url (44 characters)' },
  ),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanString,
  /** Twilio's REST API, asked whether a number belongs to the account it is registered with. */
  TWILIO_API_URL: z
    .url({ protocol: /^https$/, message: 'must be an https URL, such as https://api.twilio.com' })
    .default('https://api.twilio.com')
    .transform((v) => v.replace(/\/+$/, '')),
  /**
   * Email for the team (docs/notifications.md): smtp:// or smtps://user:password@host:port; unset:
   * no email is sent and the console says so. The message never repeats the value (a password).
   */
  SMTP_URL: optionalString
    .refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
      message: 'must start with smtp:// or smtps://, such as smtps://user:password@smtp.example.com:465',
    })
    .refine((v) => v === undefined || URL.canParse(v), {
      message: 'must be a URL such as smtps://user:password@smtp.example.com:465',
    }),
  /** The From of every email, such as "Acme Homes <desk@acme.example>"; default: no-reply at PUBLIC_URL's host. */
  SMTP_FROM: optionalString.pipe(z.string().max(200).optional()),
  /** Requests a minute per API key, per signed-in user, or per address without credentials; 0: no limit. */
  API_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  /** Failed authentications a minute per client address, in each instance, before 429; 0: no limit. */
  AUTH_FAILURE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(120),
  /** Believe X-Forwarded-For (client address for throttling) only behind a proxy that sets it. */
  TRUST_PROXY: booleanString,
  /** GET /metrics (Prometheus) on this port of its own; unset: no metrics listener. */
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Seconds a stop may take before the process exits with work unfinished. */
  SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1).max(600).default(15),
  /** Seconds /readyz answers 503 while still serving, before the listener closes (for load balancers). */
  SHUTDOWN_DRAIN_DELAY: z.coerce.number().int().min(0).max(300).default(0),
  /** Set by npm for its scripts: `npm start` is watched for npm going away. */
  npm_lifecycle_event: optionalString,
  /** The built console (index.html and assets/); default dist/web of the package. */
  CONSOLE_DIR: optionalString,
  /** An OpenAI-compatible chat-completions endpoint (docs/agent.md, "The language model"); unset: off. */
  LLM_BASE_URL: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        message: 'must be an http or https URL, such as https://api.openai.com/v1',
      })
      .optional(),
  ),
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString.pipe(z.string().max(200).optional()),
  /** Azure OpenAI's api-version; implied (2024-10-21) by a *.openai.azure.com base URL. */
  LLM_AZURE_API_VERSION: optionalString.pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}(-preview)?$/, { message: 'must be a date such as 2024-10-21' })
      .optional(),
  ),
  /** json_schema: a strict schema where the server takes one (falls back by itself); json_object: JSON mode only. */
  LLM_RESPONSE_FORMAT: z.enum(['json_schema', 'json_object']).default('json_schema'),
  /** Milliseconds a turn may wait for the model before the rules' answer stands. */
  LLM_TURN_BUDGET_MS: z.coerce.number().int().min(100).max(10_000).default(1200),
  /** Milliseconds each after-call request (summary, audit) may take. */
  LLM_AFTER_CALL_BUDGET_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  LLM_MAX_CALLS_PER_CALL: z.coerce.number().int().min(1).max(100).default(12),
  /** The operator's ceiling on each workspace's model requests a day; a workspace's own cap only lowers it. */
  LLM_MAX_CALLS_PER_WORKSPACE_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(500),
  LLM_MAX_TOKENS_PER_CALL: z.coerce.number().int().min(500).max(1_000_000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Tests only: the process stops for good at this point of a request, to be killed there (lib/test-pause.ts). */
  TEST_PAUSE_AT: optionalString.pipe(z.enum(PAUSE_POINTS).optional()),
});

type ParsedConfig = z.infer<typeof ConfigSchema>;
export type Config = Readonly<Omit<ParsedConfig, 'CORS_ORIGINS'> & { CORS_ORIGINS: readonly string[] }>;

export class ConfigError extends Error {}

/** Parses the environment once; the first problem becomes one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked: Record<string, string | undefined> = {};
  for (const key of Object.keys(ConfigSchema.shape)) picked[key] = env[key];
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path[0] ?? 'configuration';
    throw new ConfigError(`Invalid ${String(name)}: ${issue?.message ?? 'invalid value'}`);
  }
  if (parsed.data.BOOTSTRAP_OWNER_EMAIL !== undefined && parsed.data.BOOTSTRAP_OWNER_PASSWORD === undefined) {
    throw new ConfigError('Invalid BOOTSTRAP_OWNER_PASSWORD: required when BOOTSTRAP_OWNER_EMAIL is set');
  }
  if (parsed.data.BOOTSTRAP_OWNER_PASSWORD !== undefined && parsed.data.BOOTSTRAP_OWNER_EMAIL === undefined) {
    throw new ConfigError('Invalid BOOTSTRAP_OWNER_EMAIL: required when BOOTSTRAP_OWNER_PASSWORD is set');
  }
  if ((parsed.data.LLM_BASE_URL === undefined) !== (parsed.data.LLM_MODEL === undefined)) {
    const missing = parsed.data.LLM_BASE_URL === undefined ? 'LLM_BASE_URL' : 'LLM_MODEL';
    throw new ConfigError(`Invalid ${missing}: LLM_BASE_URL and LLM_MODEL are set together`);
  }
  if (parsed.data.SHUTDOWN_DRAIN_DELAY >= parsed.data.SHUTDOWN_TIMEOUT) {
    throw new ConfigError('Invalid SHUTDOWN_DRAIN_DELAY: must be shorter than SHUTDOWN_TIMEOUT');
  }
  return Object.freeze({ ...parsed.data, CORS_ORIGINS: Object.freeze([...parsed.data.CORS_ORIGINS]) });
}
