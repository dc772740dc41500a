/**
 * Long-turn benchmark (`npm run bench -- extractors [--runs N] [--seconds S] [--callers N]
 * [--rounds N] [--db pglite|postgres] [--in-process-only]`), for docs/agent.md "Long turns":
 *  1. Each extractor on every hostile input at the cap (MAX_UTTERANCE_CHARS characters: long runs
 *     of digits, letters, repeated frames, spelt letters, negations), the worst input found, timed
 *     against the same extractor on an ordinary utterance in the same run.
 *  2. Whole turns of the engine at five points of a call: the worst hostile turn at the cap
 *     against an ordinary answer at the same point.
 *  3. Over HTTP (bench/extractors-service.ts): the app in its own process; GET /healthz while
 *     callers send ordinary turns, and while they send the worst turn at the cap, in alternating
 *     rounds.
 * The machine is shared and noisy: each figure is a minimum or median of several runs taken in
 * alternation with its baseline, and the ratio is the result.
 */
import { parseArgs } from 'node:util';
import { startCall, takeTurn } from '../src/dialog/engine/engine.js';
import type { CallState } from '../src/dialog/engine/types.js';
import { MAX_UTTERANCE_CHARS } from '../src/dialog/engine/utterance.js';
import { BST_NOW, testConfig, testContext } from '../test/support/dialog/fixtures.js';
import { EXTRACTORS, HOSTILE_UNITS, repeatTo } from '../test/support/dialog/hostile-input.js';
import { sellerSteps, WARM_SELLER } from '../test/support/dialog/sellers.js';
import { measureLongTurnsOverHttp, serviceRows } from './extractors-service.js';
import { finishReport, fmt, loadAverage, markdownTable, median } from './support.js';

const CAP = MAX_UTTERANCE_CHARS;
/** A seller's answer of ordinary length, with something for most extractors in it. */
const ORDINARY =
  "Hi, it's Sarah Jones, it's a three bed semi at 12 Acacia Avenue, M14 5AB, and we're hoping for about 200k";

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Milliseconds one call of `fn` takes: the least of `runs` runs, after two to warm it up. */
function fastestMs(fn: () => unknown, runs: number): number {
  fn();
  fn();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    fn();
    best = Math.min(best, performance.now() - began);
  }
  return best;
}

/** The median of `runs` timings of `fn` and of `baseline`, taken in turn so both see the same machine. */
function pairedMs(fn: () => unknown, baseline: () => unknown, runs: number): { ms: number; baseMs: number } {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    a.push(fastestMs(fn, 3));
    b.push(fastestMs(baseline, 3));
  }
  return { ms: median(a), baseMs: median(b) };
}

interface Worst {
  what: string;
  unit: string;
  ms: number;
  baseMs: number;
}

/** The hostile unit that costs `at` the most at the cap, then timed against `baseline`. */
function findWorst(
  what: string,
  at: (text: string) => unknown,
  baseline: () => unknown,
  runs: number,
): Worst {
  let worst = { unit: '', ms: -1 };
  for (const unit of HOSTILE_UNITS) {
    const text = repeatTo(unit, CAP);
    const ms = fastestMs(() => at(text), 3);
    if (ms > worst.ms) worst = { unit, ms };
  }
  const text = repeatTo(worst.unit, CAP);
  return { what, unit: worst.unit, ...pairedMs(() => at(text), baseline, runs) };
}

function measureExtractors(runs: number): Worst[] {
  return Object.entries(EXTRACTORS).map(([name, extract]) => {
    const worst = findWorst(name, extract, () => extract(ORDINARY), runs);
    log(
      `  ${name}: ${JSON.stringify(worst.unit)} ${fmt(worst.ms, 3)} ms, ordinary ${fmt(worst.baseMs, 3)} ms`,
    );
    return worst;
  });
}

/** The state at five points of a warm seller's call: the opening, the name, the price, the number, the offer. */
function pointsOfACall(): [string, CallState, string][] {
  const config = testConfig();
  const ctx = testContext(BST_NOW);
  const steps = [...sellerSteps(WARM_SELLER), 'tomorrow afternoon'];
  const states: CallState[] = [];
  let state = startCall(config, ctx, BST_NOW).state;
  for (const step of steps) {
    states.push(state);
    state = takeTurn(config, state, ctx, { kind: 'speech', text: step }, BST_NOW).state;
  }
  states.push(state);
  const pick = (name: string, i: number): [string, CallState, string] => [
    name,
    states.at(i) ?? state,
    steps.at(i) ?? 'the first one',
  ];
  return [pick('opening', 0), pick('name', 1), pick('price', 8), pick('phone', -3), pick('offer', -1)];
}

function measureTurns(runs: number): Worst[] {
  const config = testConfig();
  const ctx = testContext(BST_NOW);
  return pointsOfACall().map(([name, state, answer]) => {
    const turn = (text: string) => takeTurn(config, state, ctx, { kind: 'speech', text }, BST_NOW);
    const worst = findWorst(`turn at: ${name}`, turn, () => turn(answer), runs);
    log(
      `  ${name}: ${JSON.stringify(worst.unit)} ${fmt(worst.ms, 2)} ms, ordinary ${fmt(worst.baseMs, 3)} ms`,
    );
    return worst;
  });
}

function worstRows(rows: readonly Worst[], baseline: string): string[][] {
  return rows.map((w) => [
    w.what,
    `${JSON.stringify(w.unit.trim() || w.unit)} × ${CAP} chars`,
    fmt(w.ms, 3),
    `${fmt(w.baseMs, 3)} (${baseline})`,
    fmt(w.ms / w.baseMs, 1),
  ]);
}

export async function runExtractorsBenchmark(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      runs: { type: 'string', default: '7' },
      seconds: { type: 'string', default: '8' },
      callers: { type: 'string', default: '4' },
      rounds: { type: 'string', default: '3' },
      db: { type: 'string', default: 'pglite' },
      'in-process-only': { type: 'boolean', default: false },
    },
  });
  const runs = Math.max(3, Math.min(31, Number.parseInt(values.runs, 10) || 7));
  const db = values.db === 'postgres' ? 'postgres' : 'pglite';
  const began = new Date();
  const loadAtStart = loadAverage();

  log(`Extractors at the cap (${CAP} characters), worst of ${HOSTILE_UNITS.length} hostile inputs each`);
  const extractors = measureExtractors(runs);
  log('Whole turns at five points of a call');
  const turns = measureTurns(runs);
  const header = ['What', 'Worst input', 'Worst (ms)', 'Ordinary (ms)', 'Ratio'];
  const tables = [
    markdownTable(header, worstRows(extractors, `${ORDINARY.length} chars`)),
    markdownTable(header, worstRows(turns, 'the answer asked for')),
  ];
  const service = values['in-process-only']
    ? null
    : await measureLongTurnsOverHttp(db, {
        seconds: Math.max(2, Math.min(60, Number.parseInt(values.seconds, 10) || 8)),
        callers: Math.max(1, Math.min(20, Number.parseInt(values.callers, 10) || 4)),
        rounds: Math.max(1, Math.min(5, Number.parseInt(values.rounds, 10) || 3)),
        text: repeatTo(turns.reduce((a, b) => (b.ms > a.ms ? b : a)).unit, 2 * CAP),
        log,
      });
  if (service !== null)
    tables.push(
      markdownTable(
        ['GET /healthz while callers send', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'Turn p50 (ms)'],
        serviceRows(service),
      ),
    );
  const worstExtractor = extractors.reduce((a, b) => (b.ms > a.ms ? b : a));
  const worstTurn = turns.reduce((a, b) => (b.ms > a.ms ? b : a));
  finishReport({
    title: 'Long turns',
    name: 'extractors',
    argv,
    began,
    loadAtStart,
    table: tables.join('\n\n'),
    notes: [
      `Each figure is the median of ${runs} runs, each the fastest of 3, taken in turn with its baseline.`,
      `Slowest extractor at the cap: ${worstExtractor.what} on ${JSON.stringify(worstExtractor.unit)}, ${fmt(worstExtractor.ms, 2)} ms.`,
      `Slowest whole turn at the cap: ${worstTurn.what} on ${JSON.stringify(worstTurn.unit)}, ${fmt(worstTurn.ms, 2)} ms ` +
        `(${fmt(worstTurn.ms / worstTurn.baseMs, 1)} × an ordinary answer at that point, for ${fmt(CAP / 40, 0)} × its length or so).`,
      ...(service === null ? [] : service.notes),
    ],
    write: service !== null,
    log,
  });
}
