// Retry-After (RFC 9110 §10.2.3) is either delay-seconds or an HTTP-date. The delivery
// worker clamps the result to its own schedule, so this only has to read it faithfully.

/** Returns whole seconds to wait (never negative), or null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (text === undefined || text === '') return null;
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds) ? seconds : null;
  }
  // Only accept something that looks like a date, so "soon" or "-5" are not guessed at.
  if (!/[a-zA-Z]/.test(text) || !text.includes(':')) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}
