/**
 * Variants of one utterance the way callers say it and speech recognisers write it: fillers
 * before and inside, "yeah" and "so" openers, a trailing "thanks". Written apart from the
 * extractors' own filler lists so a test cannot pass because both share a mistake.
 */
const OPENERS = ['', 'um ', 'er ', 'yeah ', 'yeah so ', 'well ', 'erm right ', 'ok so um '];
const CLOSERS = ['', ' thanks', ' yeah', ' i think', ' if that helps', ' mate'];

/** The utterance with each opener, and with a few openers and closers combined. */
export function speechVariants(text: string): string[] {
  const base = text.toLowerCase();
  const out = new Set<string>();
  for (const opener of OPENERS) out.add(`${opener}${base}`);
  for (const closer of CLOSERS) out.add(`${base}${closer}`);
  out.add(`um ${base} er${CLOSERS[1]}`);
  // A hesitation inside: after the first word.
  const [first, ...rest] = base.split(' ');
  if (rest.length > 0) out.add(`${first} um ${rest.join(' ')}`);
  return [...out];
}

/** Every (variant, expected) pair of a table, for `it.each`. */
export function withVariants<T>(table: readonly (readonly [string, T])[]): [string, T][] {
  return table.flatMap(([said, expected]) => speechVariants(said).map((v): [string, T] => [v, expected]));
}
