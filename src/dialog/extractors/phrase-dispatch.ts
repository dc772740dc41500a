/**
 * Fast matching for the phrase rules (phrases.ts). A rule is a `\b(?:a|b|...)\b` alternation of
 * hundreds of phrasings; scanning it with a global regex tries every phrasing at every word of
 * the utterance, and that was most of an engine turn's time (docs/benchmarks.md). Here each
 * phrasing is filed by the characters it can start with, and at each word boundary only the
 * phrasings that can start with the character found there are tried, in their original order.
 * The matches are exactly the global regex's: same start, same phrasing chosen, same length,
 * (test/phrase-dispatch.test.ts compares the two over every rule and thousands of answers).
 */

/** Set of the characters a fragment may start with, or ANY when that cannot be told. */
type FirstChars = Set<string> | typeof ANY;
const ANY = 'any' as const;

interface Analysis {
  first: FirstChars;
  /** True when the fragment may match the empty string, so what follows it may come first. */
  nullable: boolean;
}

const DIGITS = '0123456789';

function union(a: FirstChars, b: FirstChars): FirstChars {
  if (a === ANY || b === ANY) return ANY;
  const out = new Set(a);
  for (const c of b) out.add(c);
  return out;
}

/**
 * A small reader of the regex syntax the rules use. Anything it does not know (a backreference,
 * `\w`, a negated class) makes the answer ANY, which only costs speed, never a match.
 */
class FragmentReader {
  private i = 0;
  constructor(private readonly src: string) {}

  /** The whole fragment; ANY when something is left unread. */
  read(): Analysis {
    const result = this.alternation();
    return this.i === this.src.length ? result : { first: ANY, nullable: true };
  }

  private alternation(): Analysis {
    let result = this.sequence();
    while (this.src[this.i] === '|') {
      this.i++;
      const next = this.sequence();
      result = { first: union(result.first, next.first), nullable: result.nullable || next.nullable };
    }
    return result;
  }

  private sequence(): Analysis {
    let first: FirstChars = new Set();
    let nullable = true;
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.quantified();
      if (nullable) first = union(first, atom.first);
      nullable = nullable && atom.nullable;
    }
    return { first, nullable };
  }

  private quantified(): Analysis {
    const atom = this.atom();
    const q = this.src[this.i];
    let optional = false;
    if (q === '?' || q === '*') {
      optional = true;
      this.i++;
    } else if (q === '+') {
      this.i++;
    } else if (q === '{') {
      const m = /^\{(\d*)(?:,\d*)?\}/.exec(this.src.slice(this.i));
      if (m === null) return { first: ANY, nullable: true };
      optional = (m[1] ?? '') === '' || Number(m[1]) === 0;
      this.i += m[0].length;
    }
    if (optional && this.src[this.i] === '?') this.i++; // lazy
    return { first: atom.first, nullable: atom.nullable || optional };
  }

  private atom(): Analysis {
    const c = this.src[this.i] ?? '';
    if (c === '(') return this.group();
    if (c === '[') return this.charClass();
    if (c === '\\') return this.escape();
    this.i++;
    if (c === '.') return { first: ANY, nullable: false };
    if (c === '^' || c === '$') return { first: new Set(), nullable: true };
    return { first: new Set([c]), nullable: false };
  }

  private group(): Analysis {
    const rest = this.src.slice(this.i);
    const lookaround = /^\(\?<?[=!]/.exec(rest);
    const opener = lookaround ?? /^\(\?:|^\(\?<[A-Za-z_]\w*>|^\(/.exec(rest);
    this.i += opener?.[0].length ?? 1;
    const inner = this.alternation();
    if (this.src[this.i] !== ')') return { first: ANY, nullable: true };
    this.i++;
    // A lookaround takes no characters: it only narrows what may follow, so it adds nothing.
    return lookaround !== null ? { first: new Set(), nullable: true } : inner;
  }

  private charClass(): Analysis {
    this.i++;
    const negated = this.src[this.i] === '^';
    if (negated) this.i++;
    const chars = new Set<string>();
    let known = !negated;
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      let c = this.src[this.i] ?? '';
      this.i++;
      if (c === '\\') {
        const e = this.src[this.i] ?? '';
        this.i++;
        if (e === 'd') {
          for (const d of DIGITS) chars.add(d);
          continue;
        }
        if (/[A-Za-z0-9]/.test(e)) known = false;
        c = e;
      }
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        const end = this.src[this.i + 1] ?? '';
        this.i += 2;
        if (end === '\\') {
          known = false;
          this.i++;
          continue;
        }
        for (let code = c.charCodeAt(0); code <= end.charCodeAt(0); code++)
          chars.add(String.fromCharCode(code));
        continue;
      }
      chars.add(c);
    }
    this.i++; // ]
    return { first: known ? chars : ANY, nullable: false };
  }

  private escape(): Analysis {
    const e = this.src[this.i + 1] ?? '';
    this.i += 2;
    if (e === 'b' || e === 'B') return { first: new Set(), nullable: true };
    if (e === 'd') return { first: new Set(DIGITS), nullable: false };
    // \w, \s, backreferences and the like: not worth telling apart.
    if (/[A-Za-z0-9]/.test(e)) return { first: ANY, nullable: false };
    return { first: new Set([e]), nullable: false };
  }
}

/** The characters a regex fragment can start a match with (ANY when not known). */
export function firstCharacters(fragment: string): FirstChars {
  const { first, nullable } = new FragmentReader(fragment).read();
  return nullable ? ANY : first;
}

/**
 * A rule's phrasings filed by their first character. `\b(?:a|b)\b` scanned globally equals:
 * at each position where `\b` holds, try (sticky) the phrasings that can start with the
 * character there, keeping their order; take the first match and go on from its end.
 */
export class PhraseDispatcher {
  private readonly firsts: FirstChars[];
  /** Sticky regexes by first character code; undefined until first needed. */
  private readonly ascii: (RegExp | null | undefined)[] = new Array(128);
  private readonly other = new Map<number, RegExp | null>();

  private constructor(private readonly alternatives: readonly string[]) {
    this.firsts = alternatives.map(firstCharacters);
  }

  /**
   * A dispatcher for the phrasings, or null when filing them apart would change what they
   * mean: a backreference counts groups across the whole alternation.
   */
  static of(alternatives: readonly string[]): PhraseDispatcher | null {
    if (alternatives.some((a) => /\\(?:[1-9]|k<)/.test(a))) return null;
    return new PhraseDispatcher(alternatives);
  }

  /**
   * Every match, as the global regex `\b(?:alternatives)\b` would give them. `boundaries` are
   * the text's `\b` positions in order (boundariesOf), worked out once for all the rules.
   */
  matches(text: string, boundaries: readonly number[]): RuleMatch[] {
    const found: RuleMatch[] = [];
    let from = 0;
    for (const p of boundaries) {
      if (p < from) continue;
      const regex = this.regexFor(text.charCodeAt(p));
      if (regex === null) continue;
      regex.lastIndex = p;
      const m = regex.exec(text);
      if (m === null) continue;
      found.push({ index: p, text: m[0] });
      from = p + Math.max(m[0].length, 1);
    }
    return found;
  }

  /** The sticky regex of the phrasings that can start with the character; null when none can. */
  private regexFor(code: number): RegExp | null {
    // The end of the text reads as NaN: only phrasings that may start anywhere apply there.
    const key = Number.isNaN(code) ? -1 : code;
    const cached = key >= 0 && key < 128 ? this.ascii[key] : this.other.get(key);
    if (cached !== undefined) return cached;
    const c = key < 0 ? '' : String.fromCharCode(key);
    const chosen = this.alternatives.filter((_, k) => {
      const first = this.firsts[k];
      return first === ANY || (first !== undefined && first.has(c));
    });
    const regex = chosen.length === 0 ? null : new RegExp(`(?:${chosen.join('|')})\\b`, 'y');
    if (key >= 0 && key < 128) this.ascii[key] = regex;
    else this.other.set(key, regex);
    return regex;
  }
}

export interface RuleMatch {
  index: number;
  text: string;
}

/** The positions where `\b` holds, in order: a word character on exactly one side. */
export function boundariesOf(text: string): number[] {
  const out: number[] = [];
  let before = false;
  for (let p = 0; p <= text.length; p++) {
    const after = p < text.length && isWordChar(text.charCodeAt(p));
    if (before !== after) out.push(p);
    before = after;
  }
  return out;
}

/** `\w` in a regex without the u flag: ASCII letters, digits and the underscore. */
function isWordChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95
  );
}
