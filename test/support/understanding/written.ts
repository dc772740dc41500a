/**
 * Caller answers written by hand, by writers who never saw the rules (docs/benchmarks.md,
 * "Answers written apart from the rules"): one JSON object a line, in written/development and
 * written/held-out. The generator's templates vary words a template's author thought of; these
 * are whole answers as other people put them. Each is run as the recogniser may write it: as
 * written (punctuated), plain, and rough with slips.
 *
 * A line: {"asked": "price", "text": "...", "expect": {"price": 150000}, "not": {"timeline": null}}.
 * Timelines are "asap", "flexible" or [minWeeks, maxWeeks] from the fixtures' clock; a phone is
 * national digits ("07700900461") or "caller" for the number the call comes from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SLOT_NAMES, type SlotName, slotOfAnswer } from '../../../src/dialog/slots/index.js';
import { CALLER } from '../dialog/fixtures.js';
import { canAsk } from './generate.js';
import { createGen, seedFor } from './random.js';
import { disfluent, type Rendering, recognise } from './speech.js';
import type { Asked, Case, ExpectedFact, FactKey, ForbiddenFact, Half } from './types.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const FOLDERS: Record<Half, string> = { dev: 'written/development', held: 'written/held-out' };
const RENDERINGS: readonly Rendering[] = ['punctuated', 'plain', 'rough'];

export interface WrittenLine {
  asked: Asked;
  text: string;
  expect: Record<string, unknown>;
  not?: Record<string, unknown>;
}

/** A written case: the generator's shape, with what was asked kept for the greeting's row. */
export type WrittenCase = Case & { file: string };

function factValue(key: string, value: unknown): unknown {
  if (key === 'timeline') {
    if (value === 'asap' || value === 'flexible') return { kind: value };
    if (Array.isArray(value)) return { kind: 'weeks', min: value[0], max: value[1] };
  }
  if (key === 'phone' && typeof value === 'string') {
    if (value === 'caller') return CALLER;
    return value.startsWith('0') ? `+44${value.slice(1)}` : value;
  }
  return value;
}

/** Words that are never a town, for answers written all in lower case as the recogniser would. */
const NOT_A_TOWN = new Set(
  "a an and the it its it's is in on at of to postcode code yeah yes no so um erm er uh that's thats number flat mate love".split(
    ' ',
  ),
);

/**
 * The street line as the engine may also keep it, with the town after it: any run of one to three
 * capitalised words of the answer ("14 Oak Road, Leeds"). An answer written all in lower case
 * shows no capitals, so there any run of words that are not small words counts.
 */
function withTowns(line: string, text: string): string[] {
  const lowerOnly = !/[A-Z]/.test(text);
  const words = text
    .replace(/[^A-Za-z' -]/g, ' ')
    .split(/\s+/)
    .filter((w) => (lowerOnly ? w !== '' && !NOT_A_TOWN.has(w) : /^[A-Z]/.test(w)));
  const out: string[] = [];
  for (let i = 0; i < words.length; i++)
    for (let n = 1; n <= 3 && i + n <= words.length; n++)
      out.push(`${line} ${words.slice(i, i + n).join(' ')}`);
  return out;
}

/** The line's facts in the engine's form. */
export function expectedOf(line: WrittenLine): ExpectedFact[] {
  return Object.entries(line.expect).map(([key, value]) => ({
    key: key as FactKey,
    value: factValue(key, value),
    also: key === 'address' ? withTowns(String(value), line.text) : undefined,
  })) as ExpectedFact[];
}

export function forbiddenOf(line: WrittenLine): ForbiddenFact[] {
  return Object.entries(line.not ?? {}).map(([key, value]) =>
    value === null ? { key: key as FactKey } : { key: key as FactKey, value: factValue(key, value) },
  ) as ForbiddenFact[];
}

/** The slot a line is tallied under: its question, or for the greeting the first fact it gives. */
function slotOf(line: WrittenLine): SlotName {
  if (line.asked !== 'opening') return line.asked;
  const first = Object.keys(line.expect).find((k) => (SLOT_NAMES as readonly string[]).includes(k));
  return (first ?? 'name') as SlotName;
}

export function readWrittenLines(half: Half): { file: string; line: number; answer: WrittenLine }[] {
  const folder = join(HERE, FOLDERS[half]);
  return readdirSync(folder)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((file) =>
      readFileSync(join(folder, file), 'utf8')
        .split('\n')
        .map((text, i) => ({ text, line: i + 1 }))
        .filter(({ text }) => text.trim() !== '')
        .map(({ text, line }) => ({ file, line, answer: JSON.parse(text) as WrittenLine })),
    );
}

/** Every written answer of a half, in each of the recogniser's renderings. */
export function writtenCases(half: Half): WrittenCase[] {
  return readWrittenLines(half).flatMap(({ file, line, answer }) =>
    RENDERINGS.map((rendering) => {
      const g = createGen(seedFor(7, `${file}:${line}:${rendering}`));
      const text =
        rendering === 'punctuated' ? answer.text : recognise(g, disfluent(g, answer.text), rendering);
      return {
        id: `${file}:${line}/${rendering}`,
        template: `written/${file}`,
        file,
        half,
        slot: slotOf(answer),
        asked: answer.asked,
        text,
        // A fact of a question already put holds the test seller's answer, so the same value
        // said again could not be told from nothing taken: only later questions' facts count.
        expected: expectedOf(answer).filter((f) => canAsk(slotOfAnswer(f.key), answer.asked)),
        mustNotTake: forbiddenOf(answer),
      };
    }),
  );
}
