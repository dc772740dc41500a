import pino, { type DestinationStream, type LogFn, type Logger } from 'pino';
import { redactUrlSecrets } from './redact-url.js';

/**
 * Anything that could carry a secret is redacted wherever it appears in a log object:
 * credentials in headers, and the fields in which passwords, keys and tokens travel.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'req.headers["x-twilio-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.token',
  '*.key',
  '*.secret',
  '*.signing_secret',
  '*.csrf_token',
  '*.twilio_auth_token',
  '*.twilio_account_sid',
  'password',
  'token',
  'key',
  'secret',
  'signing_secret',
  'csrf_token',
  'twilio_auth_token',
  'twilio_account_sid',
];

const redactText = (value: unknown): unknown => (typeof value === 'string' ? redactUrlSecrets(value) : value);

/**
 * A URL or path is logged without the secrets it can carry (src/http/redact-url.ts), under any
 * of the keys that hold one, in an error's message and stack, and in the message itself (the
 * framework quotes a request's URL in some of its warnings).
 */
const URL_SERIALIZERS = {
  path: redactText,
  url: redactText,
  err: (error: unknown) => {
    const serialised = pino.stdSerializers.err(error as Error);
    // Not error-like (several callers log the message alone, a string): it comes back as it was.
    if ((serialised as unknown) === error) return redactText(error);
    // A database error quotes the values it refused (detail: "Key (phone)=(+44...)"), and the
    // statement or parameters it was running: a person's data, never logged (docs/privacy.md).
    const {
      detail: _detail,
      where: _where,
      internalQuery: _query,
      parameters: _parameters,
      ...kept
    } = serialised as typeof serialised & Record<string, unknown>;
    return {
      ...kept,
      message: redactUrlSecrets(serialised.message),
      stack: redactText(serialised.stack),
    };
  },
};

function logWithoutUrlSecrets(this: Logger, args: Parameters<LogFn>, method: LogFn): void {
  method.apply(this, args.map(redactText) as Parameters<LogFn>);
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: URL_SERIALIZERS,
    hooks: { logMethod: logWithoutUrlSecrets },
    base: { service: 'callagent' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}
