/**
 * Search benchmark (`npm run bench -- search [--rounds N] [--db pglite|postgres|both]`): does a
 * search cost the same in a workspace of 100,000 leads as in one of 10,000? Two databases are
 * seeded alike, one with 10,000 leads (the baseline) and one with 100,000, each lead with an
 * opportunity at an address; the same few sellers are planted in both. Then the lead and
 * opportunity lists are searched the way the console searches them (the real repository code,
 * so the real SQL and indexes), alternating between the two databases query by query, and the
 * ratio of the medians is the measure. Goal: at most 2 for every search that names one seller.
 * A broad search (a word in a quarter of all addresses) is shown for information: its cost
 * follows the number of records it finds. See docs/benchmarks.md, "Search".
 */
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { type Database, openPostgres, wrapPglite } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { PGLITE_EXTENSIONS } from '../src/db/pglite-seed.js';
import { searchTerms } from '../src/lib/search.js';
import { listLeads } from '../src/modules/leads/leads.repo.js';
import { listOpportunities } from '../src/modules/opportunities/opportunities.repo.js';
import { insertWorkspace } from '../src/modules/workspaces/workspaces.repo.js';
import {
  createRunDatabase,
  finishReport,
  fmt,
  intOption,
  loadAverage,
  markdownTable,
  median,
} from './support.js';

const SIZES = [10_000, 100_000] as const;
const WS = 'ws_bench_search';

/** What is searched: [list, typed text, does the goal apply]. */
const SEARCHES: readonly (readonly ['leads' | 'opportunities', string, boolean])[] = [
  ['leads', '900123', true],
  ['leads', '07700 90', true],
  ['leads', '+44 7700 900123', true],
  ['leads', 'quarrington', true],
  ['leads', 'Union Street', true],
  ['leads', 'ne65ab', true],
  ['opportunities', 'NE6 5AB', true],
  ['opportunities', 'heaton', true],
  ['opportunities', '900 123', true],
  ['leads', 'road', false],
];

/** Background data: names, streets and postcodes from syllables, numbers spread over all digits. */
async function seed(db: Database, leads: number): Promise<void> {
  const now = new Date('2026-11-26T09:00:00Z');
  await insertWorkspace(db, WS, 'Search bench', now);
  const syllables =
    "ARRAY['bar','cal','den','fen','gar','hol','kel','lin','mor','nor','pel','ros','sal','tam','wil','yar','bro','cra','dun','eld','fal','gil','har','ick','lam','mid','oak','pit','rad','sed']";
  const firsts =
    "ARRAY['Anne','Ben','Carl','Dawn','Eric','Fay','Gus','Hana','Ivan','Jill','Kirk','Lola','Max','Nina','Owen','Pam','Ravi','Sita','Theo','Una']";
  const suffixes = "ARRAY['Road','Lane','Close','Avenue','Way','Drive','Grove','Row']";
  const areas =
    "ARRAY['M','LS','B','BS','CF','G','EH','L','S','NG','DE','LE','CV','WV','ST','SK','WA','BL','OL','HD']";
  // (i * K) mod 10^9 with K prime to 10 gives every lead its own nine digits.
  await db.query(
    `INSERT INTO leads (workspace_id, id, name, phone, email, status, owner_id, note, source, created_at, updated_at)
     SELECT $1, 'lead_' || lpad(i::text, 8, '0'),
            (${firsts})[1 + i % 20] || ' ' || initcap((${syllables})[1 + (i / 20) % 30] || (${syllables})[1 + (i / 600) % 30]),
            '+447' || lpad(((i::bigint * 829348951) % 1000000000)::text, 9, '0'),
            NULL, 'new', NULL, NULL, 'api', $2, $2
       FROM generate_series(1, $3::int) AS i`,
    [WS, now, leads],
  );
  await db.query(
    `INSERT INTO opportunities (workspace_id, id, call_id, lead_id, address, postcode, score, outcome, owner_id,
       facts, score_breakdown, created_at, updated_at)
     SELECT $1, 'opp_' || lpad(i::text, 8, '0'), NULL, 'lead_' || lpad(i::text, 8, '0'),
            (1 + i % 120) || ' ' || initcap((${syllables})[1 + (i / 7) % 30] || (${syllables})[1 + (i / 210) % 30]) || ' '
              || (${suffixes})[1 + i % 8] || ', ' || initcap((${syllables})[1 + (i / 13) % 30] || 'ton'),
            (${areas})[1 + i % 20] || (1 + (i / 20) % 30) || ' ' || (i / 600) % 10
              || chr(65 + (i / 7) % 26) || chr(65 + (i / 11) % 26),
            50, 'warm', NULL, '{}'::jsonb, '[]'::jsonb, $2, $2
       FROM generate_series(1, $3::int) AS i`,
    [WS, now, leads],
  );
  // The sellers searched for, the same in both databases.
  const planted = [
    ['Philippa Quarrington', '+447700900123', '14 Union Street, Heaton', 'NE6 5AB'],
    ['Tom Baker', '+447700911456', '3 Acacia Avenue, Fallowfield', 'M14 6CD'],
  ] as const;
  for (const [i, [name, phone, address, postcode]] of planted.entries()) {
    const lead = `lead_z${i}`;
    await db.query(
      `INSERT INTO leads (workspace_id, id, name, phone, status, source, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'new', 'api', $5, $5)`,
      [WS, lead, name, phone, now],
    );
    await db.query(
      `INSERT INTO opportunities (workspace_id, id, lead_id, address, postcode, score, outcome, facts,
         score_breakdown, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 90, 'hot', '{}'::jsonb, '[]'::jsonb, $6, $6)`,
      [WS, `opp_z${i}`, lead, address, postcode, now],
    );
  }
  await db.query('ANALYZE');
}

async function searchOnce(db: Database, list: 'leads' | 'opportunities', text: string): Promise<number> {
  const page = { after: null, order: 'desc' as const, limit: 50 };
  const search = searchTerms(text);
  const started = performance.now();
  const rows =
    list === 'leads'
      ? await listLeads(db, WS, { search }, page)
      : await listOpportunities(db, WS, { search }, page);
  const ms = performance.now() - started;
  if (rows.length === 0) throw new Error(`${list} search "${text}" found nothing`);
  return ms;
}

interface Measured {
  goal: boolean;
  ratio: number;
  row: string[];
}

interface Target {
  label: string;
  open: () => Promise<{ db: Database; close: () => Promise<void> }>;
}

function pgliteTarget(): Target {
  return {
    label: 'embedded (PGlite)',
    async open() {
      const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
      const db = wrapPglite(pglite);
      return { db, close: () => db.close() };
    },
  };
}

function postgresTarget(size: number): Target {
  return {
    label: 'PostgreSQL',
    async open() {
      const run = await createRunDatabase(`callagent_bench_search_${process.pid}_${size}`);
      const db = openPostgres(run.url, 2);
      return {
        db,
        async close() {
          await db.close();
          await run.drop();
        },
      };
    },
  };
}

async function measure(
  kind: 'pglite' | 'postgres',
  rounds: number,
  log: (line: string) => void,
): Promise<Measured[]> {
  const opened: { db: Database; close: () => Promise<void> }[] = [];
  try {
    for (const size of SIZES) {
      const target = kind === 'pglite' ? pgliteTarget() : postgresTarget(size);
      const started = performance.now();
      const handle = await target.open();
      opened.push(handle);
      await migrate(handle.db);
      await seed(handle.db, size);
      log(
        `${target.label}: ${size.toLocaleString('en-GB')} leads seeded in ${fmt((performance.now() - started) / 1000, 1)} s`,
      );
    }
    const rows: Measured[] = [];
    for (const [list, text, goal] of SEARCHES) {
      const times: number[][] = SIZES.map(() => []);
      // Warm both, then alternate small and large so that the machine's mood falls on both alike.
      for (const h of opened) await searchOnce(h.db, list, text);
      for (let r = 0; r < rounds; r++) {
        for (const [i, h] of opened.entries()) times[i]?.push(await searchOnce(h.db, list, text));
      }
      const [small, large] = times.map(median) as [number, number];
      const ratio = large / small;
      rows.push({
        goal,
        ratio,
        row: [
          kind === 'pglite' ? 'embedded' : 'PostgreSQL',
          list,
          `\`${text}\``,
          fmt(small, 2),
          fmt(large, 2),
          fmt(ratio, 2),
          goal ? (ratio <= 2 ? 'met' : 'NOT met') : 'for information',
        ],
      });
      log(
        `  ${list} "${text}": ${fmt(small, 2)} ms at 10k, ${fmt(large, 2)} ms at 100k, ratio ${fmt(ratio, 2)}`,
      );
    }
    return rows;
  } finally {
    for (const h of opened) await h.close();
  }
}

export async function runSearchBenchmark(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: { rounds: { type: 'string' }, db: { type: 'string' } },
  });
  const rounds = intOption(argv, '--rounds', 30, 5, 500);
  const which = values.db ?? 'both';
  if (!['pglite', 'postgres', 'both'].includes(which)) throw new Error('--db is pglite, postgres or both');
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const began = new Date();
  const loadAtStart = loadAverage();
  const results: Measured[] = [];
  if (which !== 'postgres') results.push(...(await measure('pglite', rounds, log)));
  if (which !== 'pglite') results.push(...(await measure('postgres', rounds, log)));
  const rows = results.map((m) => m.row);
  const worst = Math.max(...results.filter((m) => m.goal).map((m) => m.ratio));
  finishReport({
    title: 'Search',
    name: 'search',
    argv,
    began,
    loadAtStart,
    table: markdownTable(
      ['Database', 'List', 'Search', 'ms at 10,000 leads', 'ms at 100,000 leads', '100k ÷ 10k', 'Goal ≤ 2'],
      rows,
    ),
    notes: [
      `Medians of ${rounds} searches per size, alternating between the two databases; one page of 50.`,
      `Worst ratio among the searches for one seller: ${fmt(worst, 2)} (goal at most 2: ${worst <= 2 ? 'met' : 'not met'}).`,
      'The broad search finds a quarter of all leads, so its cost follows the records found.',
    ],
    write: true,
    log,
  });
}
