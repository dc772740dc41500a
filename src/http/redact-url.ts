/**
 * Secrets that can travel in a URL, and so in any log line that quotes one (docs/api.md,
 * "Calendar feed addresses"): a calendar feed's address is its own credential, an invitation link carries its token
 * in the query, and a key, invitation token or signing secret pasted into a path or a query is
 * still that secret. Each is replaced by `[redacted]`; the rest of the URL stays readable.
 */
const REDACTED = '[redacted]';

/** /api/v1/calendar-feeds/{token}/bookings.ics: the path segment is the credential. */
const FEED_TOKEN = /(\/calendar-feeds\/)[^/?#\s"]+/g;

/** Query parameters whose value is a credential by name (?token= of an invitation link, and the like). */
const SECRET_PARAMETER =
  /([?&](?:token|key|api_key|secret|password|signature|code|access_token|auth_token)=)[^&#\s"]*/gi;

/** The service's own prefixed secrets: API keys, invitation tokens, webhook signing secrets. */
const PREFIXED_SECRET = /\b(?:cak_live_|cai_|whsec_)[A-Za-z0-9_-]+/g;

/** `text` with every secret a URL in it could carry replaced by `[redacted]`. */
export function redactUrlSecrets(text: string): string {
  return text
    .replace(FEED_TOKEN, `$1${REDACTED}`)
    .replace(SECRET_PARAMETER, `$1${REDACTED}`)
    .replace(PREFIXED_SECRET, REDACTED);
}
