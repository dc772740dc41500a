/**
 * Understanding benchmark (`npm run bench -- understanding [--half held|dev|both] [--seed N]
 * [--cases N] [--show N]`): how much of what callers say in everyday UK speech the engine takes
 * right, slot by slot, on generated caller answers (test/support/understanding/). The held-out
 * half is the measure: nobody tunes the engine on it. `--show N` prints failing cases of the
 * development half only, so the held-out cases are never read case by case.
 * In process, no database: the engine's pure API, one turn per case.
 */
import { parseArgs } from 'node:util';
import type { SlotName } from '../src/dialog/slots/index.js';
import { generateCases, QUESTION_ORDER, templatesOf } from '../test/support/understanding/generate.js';
import { type CaseResult, prepareRunner, runCase } from '../test/support/understanding/run-case.js';
import {
  type HalfTally,
  percent,
  type Tally,
  tallyBy,
  tallyCells,
  tallyResults,
} from '../test/support/understanding/tally.js';
import type { Asked, Case, Half } from '../test/support/understanding/types.js';
import { writtenCases } from '../test/support/understanding/written.js';
import { finishReport, loadAverage, markdownTable } from './support.js';

const HALF_NAMES: Record<Half, string> = { held: 'Held-out', dev: 'Development' };
const HEADER = ['Slot', 'Cases', 'Right', 'Wrong', 'Missed', 'False facts', 'Lost'];

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function positive(value: string, name: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new Error(`--${name} must be an integer from 0 to ${max}`);
  return n;
}

function runHalf(
  half: Half,
  seed: number,
  perHalf: number,
): { cases: Case[]; results: { c: Case; r: CaseResult }[] } {
  const templates = templatesOf(half).length;
  const cases = generateCases({ seed, half, perTemplate: Math.max(1, Math.ceil(perHalf / templates)) });
  const runner = prepareRunner(new Set(cases.map((c) => c.asked)));
  return { cases, results: cases.map((c) => ({ c, r: runCase(runner, c) })) };
}

function halfTable(tally: HalfTally): string {
  const rows = QUESTION_ORDER.map((slot: SlotName) => {
    const t = tally.bySlot.get(slot);
    return t === undefined ? [slot] : [slot, ...tallyCells(t)];
  });
  rows.push(['**all**', ...tallyCells(tally.all)]);
  return markdownTable(HEADER, rows);
}

const ASKED_ORDER: readonly Asked[] = ['opening', ...QUESTION_ORDER];

/** The hand-written answers of a half, run and tallied by the question they answer. */
function writtenTable(half: Half): { table: string; cases: number; results: { c: Case; r: CaseResult }[] } {
  const cases = writtenCases(half);
  const runner = prepareRunner(new Set(cases.map((c) => c.asked)));
  const results = cases.map((c) => ({ c, r: runCase(runner, c) }));
  const byAsked = tallyBy(results, (c) => c.asked);
  const all = tallyResults(results).all;
  const rows = ASKED_ORDER.flatMap((asked) => {
    const t: Tally | undefined = byAsked.get(asked);
    return t === undefined ? [] : [[asked === 'opening' ? 'opening (volunteered)' : asked, ...tallyCells(t)]];
  });
  rows.push(['**all**', ...tallyCells(all)]);
  return { table: markdownTable(HEADER, rows), cases: cases.length, results };
}

function keyNote(half: Half, tally: HalfTally): string {
  const parts = ['postcode', 'address', 'district'] as const;
  const said = parts.flatMap((key) => {
    const k = tally.byKey.get(key);
    return k === undefined ? [] : [`${key} ${percent(k.right, k.facts)} of ${k.facts}`];
  });
  return `${HALF_NAMES[half]}, address parts right: ${said.join(', ')}.`;
}

function showFailures(results: readonly { c: Case; r: CaseResult }[], limit: number): void {
  const failing = results.filter(({ r }) => r.outcome !== 'right' || r.falseFacts.length > 0 || r.lost);
  log(`\nFailing development cases (${Math.min(limit, failing.length)} of ${failing.length}):`);
  for (const { c, r } of failing.slice(0, limit)) {
    const extra = [
      r.falseFacts.length > 0 ? `false ${JSON.stringify(r.falseFacts)}` : '',
      r.lost ? 'lost' : '',
    ]
      .filter((s) => s !== '')
      .join(', ');
    log(`- ${c.id} [${c.asked}] ${r.outcome}${extra === '' ? '' : ` (${extra})`}: "${c.text}"`);
    log(`    expected ${JSON.stringify(c.expected.map((e) => e.value))}, took ${JSON.stringify(r.took)}`);
  }
}

export async function runUnderstandingBenchmark(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      half: { type: 'string', default: 'both' },
      seed: { type: 'string', default: '1' },
      cases: { type: 'string', default: '4800' },
      show: { type: 'string', default: '0' },
    },
  });
  if (!['held', 'dev', 'both'].includes(values.half)) throw new Error('--half must be held, dev or both');
  const halves: Half[] = values.half === 'both' ? ['held', 'dev'] : [values.half as Half];
  const seed = positive(values.seed, 'seed', 2 ** 31);
  const perHalf = positive(values.cases, 'cases', 100_000);
  const show = positive(values.show, 'show', 10_000);
  const began = new Date();
  const loadAtStart = loadAverage();
  const tables: string[] = [];
  const notes: string[] = [];
  for (const half of halves) {
    const started = performance.now();
    const { cases, results } = runHalf(half, seed, perHalf);
    const tally = tallyResults(results);
    const seconds = (performance.now() - started) / 1000;
    log(
      `${HALF_NAMES[half]}: ${cases.length} cases from ${templatesOf(half).length} templates in ${seconds.toFixed(1)} s`,
    );
    tables.push(
      `**${HALF_NAMES[half]}** (${templatesOf(half).length} templates, seed ${seed})\n\n${halfTable(tally)}`,
    );
    notes.push(keyNote(half, tally));
    if (half === 'dev' && show > 0) showFailures(results, show);
  }
  for (const half of halves) {
    const started = performance.now();
    const written = writtenTable(half);
    const seconds = (performance.now() - started) / 1000;
    log(
      `Written answers, ${HALF_NAMES[half].toLowerCase()}: ${written.cases} cases in ${seconds.toFixed(1)} s`,
    );
    tables.push(
      `**Written answers, ${HALF_NAMES[half].toLowerCase()}** (three renderings each)\n\n${written.table}`,
    );
    if (half === 'dev' && show > 0) showFailures(written.results, show);
  }
  if (halves.includes('held') && show > 0)
    log('\n--show prints development cases only: the held-out half is read as figures.');
  notes.unshift(
    `About ${perHalf} cases per half (seed ${seed}), as many from each template; each is one caller turn in a hot seller's call just as a question (or the greeting) is put, on the fixtures' clock (Thursday 3 April 2025). The figures do not depend on the machine.`,
  );
  notes.push(
    'Right, wrong and missed are shares of cases: wrong when a value was taken but not the one meant (a case with several facts is wrong if any is), missed when nothing was taken. False facts: cases where a distractor was taken ("I\'m 67", "next door went for 300"). Lost: cases where the turn ended the qualification of a seller (a message, a callback, the call ended, or a hand-over on request).',
  );
  finishReport({
    title: 'Understanding',
    name: 'understanding',
    argv,
    began,
    loadAtStart,
    table: tables.join('\n\n'),
    notes,
    write: halves.length === 2,
    log,
  });
}
