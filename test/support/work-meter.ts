/**
 * Counts the work built-in string, array and regular-expression operations do while a function
 * runs: characters scanned and elements visited. Unlike a stopwatch it gives the same figure on a
 * busy machine as on an idle one, so a test can say "twice the input costs about twice the work"
 * and mean it. A regular expression's scan counts up to where its match ended (or to the end of
 * the input when it found none), which is what a linear engine pays; plain `for` loops over
 * indexes are not seen, but every extractor reaches its input through these built-ins.
 */

type Method = (this: unknown, ...args: unknown[]) => unknown;

let units = 0;
let depth = 0;

function lengthOf(value: unknown): number {
  return typeof value === 'string' || Array.isArray(value) ? value.length : 0;
}

/** The work a regex's exec did: up to the match's end, or to the input's end when it failed. */
function scanned(re: RegExp, input: string, from: number, match: RegExpExecArray | null): number {
  if (match !== null) return Math.max(1, match.index + match[0].length - from);
  // A sticky regex tries one position only: a miss costs a step, not the rest of the input.
  return re.sticky ? 1 : Math.max(1, input.length - from);
}

function meterExec(original: Method): Method {
  return function exec(this: unknown, ...args: unknown[]) {
    const re = this as RegExp;
    const input = String(args[0]);
    const from = re.global || re.sticky ? re.lastIndex : 0;
    depth++;
    try {
      const match = original.apply(this, args) as RegExpExecArray | null;
      if (depth === 1) units += scanned(re, input, from, match);
      return match;
    } finally {
      depth--;
    }
  };
}

/** A callback given to a built-in (a replacer) is our code again: what it does counts. */
function atTopLevel(callback: unknown): unknown {
  if (typeof callback !== 'function') return callback;
  return function (this: unknown, ...args: unknown[]) {
    const outer = depth;
    depth = 0;
    try {
      return (callback as Method).apply(this, args);
    } finally {
      depth = outer;
    }
  };
}

/** A method that reads its whole receiver (and a string or array argument). */
function meterWhole(original: Method): Method {
  return function whole(this: unknown, ...args: unknown[]) {
    if (depth === 0) units += Math.max(1, lengthOf(this) + lengthOf(args[0]));
    depth++;
    try {
      const given: unknown[] = [];
      for (const arg of args) given.push(atTopLevel(arg));
      return original.apply(this, given);
    } finally {
      depth--;
    }
  };
}

/** A method that returns part of its receiver: the part's length is what it costs. */
function meterResult(original: Method): Method {
  return function part(this: unknown, ...args: unknown[]) {
    depth++;
    try {
      const result = original.apply(this, args);
      if (depth === 1) units += Math.max(1, lengthOf(result));
      return result;
    } finally {
      depth--;
    }
  };
}

/**
 * A search that stops when it finds: it costs the distance from where it started (`fromIndex`,
 * or the end for a backward search) to where it found, or to where it gave up.
 */
function meterSearch(original: Method, backward: boolean): Method {
  return function search(this: unknown, ...args: unknown[]) {
    depth++;
    try {
      const result = original.apply(this, args);
      if (depth === 1) {
        const length = lengthOf(this);
        const given = typeof args[1] === 'number' ? Math.min(Math.max(args[1], 0), length) : null;
        const from = given ?? (backward ? length : 0);
        const at = typeof result === 'number' && result >= 0 ? result : backward ? 0 : length;
        units += Math.max(1, Math.abs(at - from) + 1);
      }
      return result;
    } finally {
      depth--;
    }
  };
}

/** A method taking a callback: each call of the callback is a step. */
function meterCallback(original: Method): Method {
  return function each(this: unknown, ...args: unknown[]) {
    const callback = args[0];
    if (typeof callback !== 'function') return original.apply(this, args);
    const counted = function (this: unknown, ...inner: unknown[]) {
      units++;
      return (callback as Method).apply(this, inner);
    };
    const given: unknown[] = [counted];
    for (let i = 1; i < args.length; i++) given.push(args[i]);
    return original.apply(this, given);
  };
}

const PATCHES: [object, string, (m: Method) => Method][] = [
  [RegExp.prototype, 'exec', meterExec],
  ...['split', 'replace', 'replaceAll', 'toLowerCase', 'toUpperCase', 'normalize', 'trim', 'repeat'].map(
    (name): [object, string, (m: Method) => Method] => [String.prototype, name, meterWhole],
  ),
  ...['slice', 'substring', 'padStart', 'padEnd'].map((name): [object, string, (m: Method) => Method] => [
    String.prototype,
    name,
    meterResult,
  ]),
  [String.prototype, 'indexOf', (m: Method) => meterSearch(m, false)],
  [String.prototype, 'lastIndexOf', (m: Method) => meterSearch(m, true)],
  [String.prototype, 'includes', meterWhole],
  [String.prototype, 'startsWith', meterWhole],
  [String.prototype, 'endsWith', meterWhole],
  ...['join', 'includes', 'concat', 'reverse', 'flat'].map(
    (name): [object, string, (m: Method) => Method] => [Array.prototype, name, meterWhole],
  ),
  [Array.prototype, 'slice', meterResult],
  [Array.prototype, 'indexOf', (m: Method) => meterSearch(m, false)],
  [Array.prototype, 'lastIndexOf', (m: Method) => meterSearch(m, true)],
  ...['map', 'filter', 'some', 'every', 'find', 'findIndex', 'findLast', 'forEach', 'reduce', 'flatMap'].map(
    (name): [object, string, (m: Method) => Method] => [Array.prototype, name, meterCallback],
  ),
];

/** The units of work `fn` does, counted as the module's comment describes. */
export function countWork(fn: () => unknown): number {
  const saved = PATCHES.map(([target, name]) => Object.getOwnPropertyDescriptor(target, name));
  // Plain loops here: the patched methods must not count the meter's own work.
  for (let i = 0; i < PATCHES.length; i++) {
    const [target, name, wrap] = PATCHES[i] as (typeof PATCHES)[number];
    const descriptor = saved[i];
    if (descriptor !== undefined)
      Object.defineProperty(target, name, { ...descriptor, value: wrap(descriptor.value as Method) });
  }
  units = 0;
  depth = 0;
  try {
    fn();
  } finally {
    for (let i = 0; i < PATCHES.length; i++) {
      const [target, name] = PATCHES[i] as (typeof PATCHES)[number];
      const descriptor = saved[i];
      if (descriptor !== undefined) Object.defineProperty(target, name, descriptor);
    }
  }
  return units;
}
