/**
 * Conversations benchmark (`npm run bench -- conversations [--database-url URL] [--known-gaps]`):
 * the call corpus (test/corpus/) through the real app and the test-call API, every call at every
 * clock time, on the embedded database and, with a URL (or DATABASE_URL), on PostgreSQL too.
 * Prints, per database and clock time: fields right / fields scored, calls ended properly, calls
 * with a loop, turns per call, and the failing calls. --known-gaps also prints the failures at the
 * clock times the test suite runs each call at, in the shape of test/corpus/known-gaps.ts.
 * `--call ID` and `--clock ID` (each repeatable) narrow the run and print each call's transcript
 * and what it got wrong, for working on one call. See docs/benchmarks.md, "Conversations".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createLogger } from '../src/http/logger.js';
import { ManualClock } from '../src/lib/clock.js';
import { CORPUS } from '../test/corpus/all.js';
import { CLOCKS, type CorpusClock, clocksFor } from '../test/corpus/clocks.js';
import type { CorpusCall } from '../test/corpus/types.js';
import {
  type CallRun,
  createCorpusTenant,
  runCorpusCall,
  runFailure,
  type Service,
  transcriptOf,
} from '../test/support/corpus-runner.js';
import { finishReport, loadAverage, markdownTable } from './support.js';

interface ClockResult {
  clock: CorpusClock;
  runs: { id: string; run: CallRun }[];
}

interface Selection {
  calls: readonly CorpusCall[];
  clocks: readonly CorpusClock[];
  /** Print every call's transcript and failure (a narrowed run). */
  show: boolean;
}

function select(callIds: readonly string[], clockIds: readonly string[]): Selection {
  const pick = <T extends { id: string }>(all: readonly T[], ids: readonly string[], what: string): T[] => {
    for (const id of ids) {
      if (!all.some((x) => x.id === id))
        throw new Error(`no ${what} ${id}: one of ${all.map((x) => x.id).join(', ')}`);
    }
    return ids.length === 0 ? [...all] : all.filter((x) => ids.includes(x.id));
  };
  return {
    calls: pick(CORPUS, callIds, 'call'),
    clocks: pick(CLOCKS, clockIds, 'clock'),
    show: callIds.length > 0 || clockIds.length > 0,
  };
}

async function runOn(db: Database, only: Selection): Promise<ClockResult[]> {
  await migrate(db);
  const clock = new ManualClock(Date.now());
  const config = loadConfig({ LOG_LEVEL: 'warn', API_RATE_LIMIT: '0', PUBLIC_URL: 'https://callagent.test' });
  const app = await buildApp({ config, db, clock, logger: createLogger('warn') });
  await app.ready();
  const service: Service = { app, db, clock };
  const results: ClockResult[] = [];
  try {
    for (const c of only.clocks) {
      const tenant = await createCorpusTenant(service, c);
      const runs: ClockResult['runs'] = [];
      for (const call of only.calls) {
        const run = await runCorpusCall(service, tenant, call, CORPUS.indexOf(call));
        runs.push({ id: call.id, run });
        if (only.show) {
          const failure = runFailure(run) ?? 'passes';
          process.stdout.write(`\n${call.id} at ${c.id}:\n${transcriptOf(run)}\n${failure}\n`);
        }
      }
      results.push({ clock: c, runs });
      process.stderr.write(
        `  ${c.id}: ${runs.filter((r) => runFailure(r.run) === null).length}/${runs.length} pass\n`,
      );
    }
  } finally {
    await app.close();
  }
  return results;
}

function row(label: string, runs: readonly CallRun[]): string[] {
  const checks = runs.flatMap((r) => r.checks);
  const right = checks.filter((c) => c.ok).length;
  const turns = runs.map((r) => r.said.length);
  const mean = turns.reduce((a, b) => a + b, 0) / Math.max(1, turns.length);
  return [
    label,
    `${right} / ${checks.length} (${((100 * right) / Math.max(1, checks.length)).toFixed(1)}%)`,
    `${runs.filter((r) => r.ended).length} / ${runs.length}`,
    String(runs.filter((r) => r.loop !== null).length),
    `${mean.toFixed(1)}, ${Math.max(...turns)}`,
    `${runs.filter((r) => runFailure(r) === null).length} / ${runs.length}`,
  ];
}

const HEADER = [
  'Clock time',
  'Fields right / scored',
  'Ended properly',
  'With a loop',
  'Turns (mean, max)',
  'Calls passing',
];

/** The first line of a failure, as a known-gaps reason. */
function firstLine(run: CallRun): string {
  return (runFailure(run) ?? '').split('\n')[0]?.replace(/'/g, '’') ?? '';
}

function knownGapsText(results: readonly ClockResult[]): string {
  const byCall = new Map<string, string[]>();
  for (const r of results) {
    for (const { id, run } of r.runs) {
      const call = CORPUS.find((c) => c.id === id);
      if (!call || !clocksFor(call.class).includes(r.clock) || runFailure(run) === null) continue;
      byCall.set(id, [...(byCall.get(id) ?? []), `    '${r.clock.id}': '${firstLine(run)}',`]);
    }
  }
  return [...byCall].map(([id, lines]) => `  '${id}': {\n${lines.join('\n')}\n  },`).join('\n');
}

export async function runConversationsBenchmark(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      'database-url': { type: 'string' },
      'known-gaps': { type: 'boolean', default: false },
      call: { type: 'string', multiple: true, default: [] },
      clock: { type: 'string', multiple: true, default: [] },
    },
  });
  const only = select(values.call, values.clock);
  const began = new Date();
  const loadAtStart = loadAverage();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const dir = mkdtempSync(join(tmpdir(), 'callagent-conversations-'));
  const targets: { label: string; open: () => Promise<Database> }[] = [
    { label: 'embedded', open: () => openPglite(dir) },
  ];
  const url = values['database-url'] ?? process.env.DATABASE_URL;
  if (url) targets.push({ label: 'PostgreSQL', open: async () => openPostgres(url, 10) });

  const tables: string[] = [];
  const notes: string[] = [
    `${CORPUS.length} calls × ${CLOCKS.length} clock times per database (test/corpus/); a field is one asserted record value (lead, fact, postcode, address, outcome, booking, hand-over, note) or reply check.`,
  ];
  try {
    for (const target of targets) {
      process.stderr.write(`${target.label}:\n`);
      const started = performance.now();
      const db = await target.open();
      const results = await runOn(db, only).finally(() => db.close());
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const rows = results.map((r) =>
        row(
          r.clock.id,
          r.runs.map((x) => x.run),
        ),
      );
      rows.push(
        row(
          '**all**',
          results.flatMap((r) => r.runs.map((x) => x.run)),
        ),
      );
      tables.push(`**${target.label}** (${seconds} s)\n\n${markdownTable(HEADER, rows)}`);
      for (const r of results) {
        const failing = r.runs.filter((x) => runFailure(x.run) !== null).map((x) => x.id);
        notes.push(
          `${target.label}, ${r.clock.id}: failing ${failing.length}: ${failing.join(', ') || 'none'}`,
        );
      }
      if (values['known-gaps'])
        log(`// ${target.label}, at the test suite's clock times\n${knownGapsText(results)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  finishReport({
    title: 'Conversations',
    name: 'conversations',
    argv,
    began,
    loadAtStart,
    table: tables.join('\n\n'),
    notes,
    write: !only.show,
    log,
  });
}
