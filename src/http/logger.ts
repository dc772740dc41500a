import pino, { type DestinationStream, type Logger } from 'pino';

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
  'password',
  'token',
  'key',
  'secret',
  'signing_secret',
  'csrf_token',
  'twilio_auth_token',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'callagent' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}
