/**
 * HTTP range requests for a recording's audio (RFC 9110, section 14): a single range of bytes,
 * `a-b`, `a-` or `-n`. Several ranges, another unit, or a malformed header are ignored and the
 * whole file is answered, as the RFC allows; a range wholly past the end is unsatisfiable.
 */
export type ByteRangeRequest = { start: number; end: number | null } | { suffix: number };

const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/** The one range asked for, or null when the whole file should be answered. */
export function parseRange(header: string | undefined): ByteRangeRequest | null {
  if (header === undefined) return null;
  const m = SINGLE.exec(header.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') return Number(b) === 0 ? null : { suffix: Number(b) };
  const start = Number(a);
  const end = b === '' ? null : Number(b);
  if (end !== null && end < start) return null;
  return { start, end };
}

/** Inclusive byte positions within a file of `size` bytes; null when unsatisfiable. */
export function resolveRange(range: ByteRangeRequest, size: number): { start: number; end: number } | null {
  if ('suffix' in range) {
    if (size === 0) return null;
    return { start: Math.max(size - range.suffix, 0), end: size - 1 };
  }
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** The header a range is forwarded with. */
export function rangeHeader(range: ByteRangeRequest): string {
  return 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;
}

/** `bytes a-b/size` from a Content-Range header; null when it is not one. */
export function parseContentRange(
  header: string | undefined,
): { start: number; end: number; size: number } | null {
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  if (!m) return null;
  return { start: Number(m[1]), end: Number(m[2]), size: Number(m[3]) };
}

/** The size from an unsatisfiable answer's `bytes *\/size`. */
export function parseUnsatisfiedSize(header: string | undefined): number | null {
  const m = /^bytes \*\/(\d+)$/.exec(header ?? '');
  return m ? Number(m[1]) : null;
}
