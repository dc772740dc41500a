import { LEAD_NOTE_MAX } from './leads.schemas.js';

/** A lead's note is read as paragraphs: the desk's text, then one per call that added to it. */
export const NOTE_PARAGRAPH_BREAK = '\n\n';
/** Marks the start of a note that had to lose its oldest text to stay within the limit. */
export const NOTE_CUT = '…';

/**
 * The lead's note after a call's capture (docs/desk-api.md, "Leads"). `current` is the note
 * as stored now, `previous` what this call last wrote into it (null before its first capture),
 * `next` what the call would write now. What the desk or another call wrote is never dropped:
 *
 * - an empty note takes `next` whole;
 * - a note that is still exactly what this call wrote takes `next` whole;
 * - otherwise this call's earlier text, found where it was written, is replaced by `next`, so a
 *   call that captures several times as it learns more leaves one paragraph, however the desk
 *   edited around it meanwhile (the last occurrence, since a call's paragraph is added at the end);
 * - a note that already says `next` is left as it is;
 * - anything else gets `next` as a paragraph of its own, after a blank line.
 *
 * The result is kept within `max` by dropping the oldest text, marked with "…": the newest is
 * what the desk has not read yet.
 */
export function mergeCallNote(
  current: string | null,
  previous: string | null,
  next: string,
  max: number = LEAD_NOTE_MAX,
): string {
  return capNote(merge(current ?? '', previous ?? '', next), max);
}

function merge(current: string, previous: string, next: string): string {
  if (current.trim() === '') return next;
  if (previous !== '') {
    if (current === previous) return next;
    const at = current.lastIndexOf(previous);
    if (at >= 0) return current.slice(0, at) + next + current.slice(at + previous.length);
  }
  if (current.includes(next)) return current;
  return current + NOTE_PARAGRAPH_BREAK + next;
}

/** At most `max` characters, keeping the end: "…" and the newest text. */
export function capNote(note: string, max: number = LEAD_NOTE_MAX): string {
  if (note.length <= max) return note;
  let kept = note.slice(note.length - (max - NOTE_CUT.length));
  // Never start on the second half of a surrogate pair (an emoji cut in two is not text).
  if (/^[\uDC00-\uDFFF]/.test(kept)) kept = kept.slice(1);
  return NOTE_CUT + kept.trimStart();
}
