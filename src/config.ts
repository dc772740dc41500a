import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .default(false);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * Every environment variable the service reads (CONTRACT section 7). This module is the
 * only reader of process.env; everything else receives a frozen Config.
 */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must start with postgres:// or postgresql://',
  }),
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
  SECRETS_KEY: optionalString.refine((v) => v === undefined || /^[A-Za-z0-9+/=_-]{43,}$/.test(v), {
    message: 'must be 32 random bytes in base64 or base64url (44 characters)',
  }),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanString,
  /** Requests a minute per API key, per signed-in user, or per address without credentials; 0: no limit. */
  API_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  /** Believe X-Forwarded-For (client address for throttling) only behind a proxy that sets it. */
  TRUST_PROXY: booleanString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  return Object.freeze({ ...parsed.data, CORS_ORIGINS: Object.freeze([...parsed.data.CORS_ORIGINS]) });
}
