import { z } from 'zod';

// What a search box's text asks for (docs/desk-api.md, "Search"); src/db/search.repo.ts turns it
// into conditions on the records' search texts.

/** Longer is 400 validation_failed: nothing a person types into a search box is this long. */
export const SEARCH_MAX = 200;

/** What a search box's text asks for. */
export interface SearchTerms {
  /** A LIKE pattern for the text anywhere, its `%`, `_` and `\` literal; the database folds case and spaces. */
  pattern: string;
  /** A LIKE pattern for digits anywhere in a phone number, when the text reads as one or part of one. */
  digits: string | null;
}

/** Digits and what people put between them: spaces, dashes, dots, brackets, a plus, a slash. */
const NUMBER_LIKE = /^[\d\s+().\-/]+$/;

/**
 * The digits of a typed number as they appear in a stored one's search text: international
 * (447700900123) or UK national (07700900123). `00 44` is the international prefix, and the
 * `(0)` in "+44 (0)7700 900123" is dropped, as a dialler would.
 */
export function phoneDigits(text: string): string | null {
  if (!NUMBER_LIKE.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith('440')) digits = `44${digits.slice(3)}`;
  return digits.length >= 3 ? digits : null;
}

/** The terms of a search, or null when there is nothing to search for (blank text). */
export function searchTerms(raw: string | undefined): SearchTerms | null {
  const text = raw?.trim() ?? '';
  if (text === '') return null;
  const digits = phoneDigits(text);
  return {
    pattern: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    digits: digits === null ? null : `%${digits}%`,
  };
}

/**
 * The `q` query parameter of a list: any text up to SEARCH_MAX characters; blank is no search.
 * Never refused for its characters, so whatever a person types is searched for.
 */
export const SearchQuery = z
  .string()
  .max(SEARCH_MAX)
  .transform((v) => v.trim())
  .transform((v) => (v === '' ? undefined : v))
  .optional();
