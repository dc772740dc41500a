/**
 * Insights benchmark (`npm run bench -- insights [--rounds N] [--db pglite|postgres|both]`): does
 * an insight cost the same in a workspace with 200,000 calls as in one with 20,000? Two databases
 * are seeded alike at the rate of a busy workspace (about 550 calls a day, so 200,000 calls are
 * a year and 20,000 about five weeks), with deals, the desk's notes and stage changes, bookings
 * and their events. Every insight is then read for the console's default range, the last 30
 * days, through the real code (openWindow and the insights' SQL), alternating between the two
 * databases, and the ratio of the medians is the measure. Goal: at most 3 for every insight.
 * The whole history (five weeks against a year) is read too, for information: its cost follows
 * the calls it counts. See docs/benchmarks.md, "Insights".
 */
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { type Database, openPostgres, wrapPglite } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { PGLITE_EXTENSIONS } from '../src/db/pglite-seed.js';
import {
  agentInsights,
  bookingInsights,
  callInsights,
  enquiryInsights,
  funnelInsights,
  openWindow,
  speedInsights,
  type Window,
} from '../src/modules/insights/insights.read.js';
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

const SIZES = [20_000, 200_000] as const;
const WS = 'ws_bench_insights';
const NOW = new Date('2026-11-27T12:00:00Z');
/** Seconds between calls: about 550 a day. */
const SPACING = 157;

const INSIGHTS: readonly (readonly [string, (db: Database, w: Window) => Promise<unknown>])[] = [
  ['calls', callInsights],
  ['funnel', funnelInsights],
  ['speed to lead', (db, w) => speedInsights(db, w, NOW)],
  ['bookings', (db, w) => bookingInsights(db, w, NOW)],
  ['agent', agentInsights],
  ['enquiries', enquiryInsights],
];

/**
 * Calls back from NOW, one every SPACING seconds. Every other call reached a deal (hot, warm,
 * cold or disqualified in turn), with its opportunity.created event; half the deals were moved
 * on by the desk, a third have a note; every tenth call booked with the agent and as many
 * bookings were made by the desk, a quarter of those moved. The engine's state is about the
 * size of a real one's.
 */
async function seed(db: Database, calls: number): Promise<void> {
  await insertWorkspace(db, WS, 'Insights bench', NOW);
  const params = [WS, NOW, calls, SPACING];
  const started = `($2::timestamptz - make_interval(secs => i::float8 * $4))`;
  await db.query(
    `INSERT INTO leads (workspace_id, id, name, phone, status, source, created_at, updated_at)
     SELECT $1, 'lead_' || i, 'Seller ' || i, '+447' || lpad(i::text, 9, '0'), 'new', 'call', ${started}, ${started}
       FROM generate_series(1, $3::int) AS i WHERE i % 2 = 0`,
    params,
  );
  await db.query(
    `INSERT INTO calls (workspace_id, id, channel, from_number, to_number, status, started_at, ended_at,
       duration_seconds, end_reason, ending, lead_id, opportunity_id, agent_version, test, state, updated_at,
       transferred_to, transfer_result)
     SELECT $1, 'call_' || i, 'twilio', '+447' || lpad(i::text, 9, '0'), '+441612345678', 'completed',
            ${started}, ${started} + interval '2 minutes', 120, 'completed',
            (ARRAY['booked','transferred','message','not_seller','hung_up','silence','completed','completed'])[1 + i % 8],
            CASE WHEN i % 2 = 0 THEN 'lead_' || i END, CASE WHEN i % 2 = 0 THEN 'opp_' || i END,
            1 + (i / 5000) % 4, i % 97 = 0,
            jsonb_build_object('engine', jsonb_build_object(
              'phase', (ARRAY['asking','ended','confirming','open'])[1 + i % 4],
              'asking', jsonb_build_object('slot', (ARRAY['price','timeline','postcode','condition'])[1 + i % 4]),
              'confirming', 'phone',
              'counters', jsonb_build_object('turns', 3 + i % 17),
              'reasked', CASE WHEN i % 3 = 0 THEN jsonb_build_object('ask:price', 1) ELSE '{}'::jsonb END,
              'skipped', CASE WHEN i % 7 = 0 THEN '["timeline"]'::jsonb ELSE '[]'::jsonb END,
              'startedOutOfHours', i % 5 = 0,
              'lastAsk', repeat(md5(i::text), 40))),
            ${started},
            CASE WHEN i % 8 = 1 THEN '+441610000000' END,
            CASE WHEN i % 8 = 1 THEN (CASE WHEN i % 16 = 1 THEN 'connected' ELSE 'no-answer' END) END
       FROM generate_series(1, $3::int) AS i`,
    params,
  );
  await db.query(
    `INSERT INTO opportunities (workspace_id, id, call_id, lead_id, postcode, score, outcome, facts,
       score_breakdown, created_at, updated_at, stage)
     SELECT $1, 'opp_' || i, 'call_' || i, 'lead_' || i,
            (ARRAY['M','LS','SW','NE','B','G'])[1 + i % 6] || (1 + i % 20) || ' 1AB', 10 + i % 90,
            (ARRAY['hot','warm','cold','disqualified'])[1 + (i / 2) % 4],
            jsonb_build_object('property_type', (ARRAY['semi-detached','terraced','flat','detached'])[1 + i % 4]),
            '[]'::jsonb, ${started} + interval '1 minute', ${started} + interval '1 minute',
            (ARRAY['new','contacted','appointment_set','offer_made','completed','dead'])[1 + i % 6]
       FROM generate_series(1, $3::int) AS i WHERE i % 2 = 0`,
    params,
  );
  await db.query("UPDATE opportunities SET dead_reason = 'Sold' WHERE workspace_id = $1 AND stage = 'dead'", [
    WS,
  ]);
  await db.query(
    `INSERT INTO events (workspace_id, id, type, data, created_at)
     SELECT $1, 'evt_c' || i, 'opportunity.created', jsonb_build_object('id', 'opp_' || i, 'stage', 'new'),
            ${started} + interval '1 minute'
       FROM generate_series(1, $3::int) AS i WHERE i % 2 = 0
     UNION ALL
     SELECT $1, 'evt_u' || i, 'opportunity.updated', jsonb_build_object('id', 'opp_' || i, 'stage', 'contacted'),
            ${started} + make_interval(mins => 3 + i % 240)
       FROM generate_series(1, $3::int) AS i WHERE i % 4 = 0`,
    params,
  );
  await db.query(
    `INSERT INTO opportunity_notes (workspace_id, id, opportunity_id, body, created_at)
     SELECT $1, 'note_' || i, 'opp_' || i, 'Rang back', ${started} + make_interval(mins => 5 + i % 600)
       FROM generate_series(1, $3::int) AS i WHERE i % 6 = 0`,
    params,
  );
  await db.query(
    `INSERT INTO bookings (workspace_id, id, kind, lead_id, call_id, starts_at, ends_at, status, created_at, updated_at)
     SELECT $1, 'bkg_' || i, 'callback', 'lead_' || i, CASE WHEN i % 20 = 0 THEN 'call_' || i END,
            ${started} + interval '2 days', ${started} + interval '2 days 15 minutes',
            CASE WHEN i % 30 = 0 THEN 'cancelled' ELSE 'scheduled' END,
            ${started} + CASE WHEN i % 20 = 0 THEN interval '90 seconds' ELSE interval '40 minutes' END,
            ${started} + interval '40 minutes'
       FROM generate_series(1, $3::int) AS i WHERE i % 10 = 0`,
    params,
  );
  await db.query(
    `INSERT INTO events (workspace_id, id, type, data, created_at)
     SELECT $1, 'evt_b' || b.id, 'booking.created', jsonb_build_object('id', b.id, 'starts_at', b.starts_at), b.created_at
       FROM bookings b WHERE b.workspace_id = $1
     UNION ALL
     SELECT $1, 'evt_m' || b.id, 'booking.updated',
            jsonb_build_object('id', b.id, 'starts_at', b.starts_at + interval '1 hour'), b.created_at + interval '1 hour'
       FROM bookings b WHERE b.workspace_id = $1 AND b.id LIKE '%0' AND length(b.id) % 4 = 0`,
    [WS],
  );
  await db.query('ANALYZE');
}

interface Target {
  label: string;
  open: (size: number) => Promise<{ db: Database; close: () => Promise<void> }>;
}

const TARGETS: Record<'pglite' | 'postgres', Target> = {
  pglite: {
    label: 'embedded (PGlite)',
    async open() {
      const db = wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
      return { db, close: () => db.close() };
    },
  },
  postgres: {
    label: 'PostgreSQL',
    async open(size) {
      const run = await createRunDatabase(`callagent_bench_insights_${process.pid}_${size}`);
      const db = openPostgres(run.url, 2);
      return {
        db,
        async close() {
          await db.close();
          await run.drop();
        },
      };
    },
  },
};

interface Measured {
  goal: boolean;
  ratio: number;
  row: string[];
}

async function timed(read: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await read();
  return performance.now() - started;
}

async function measure(kind: 'pglite' | 'postgres', rounds: number, log: (line: string) => void) {
  const target = TARGETS[kind];
  const opened: { db: Database; close: () => Promise<void> }[] = [];
  try {
    for (const size of SIZES) {
      const started = performance.now();
      const handle = await target.open(size);
      opened.push(handle);
      await migrate(handle.db);
      await seed(handle.db, size);
      log(
        `${target.label}: ${size.toLocaleString('en-GB')} calls seeded in ${fmt((performance.now() - started) / 1000, 1)} s`,
      );
    }
    const month = { to: '2026-11-27', from: '2026-10-29', bucket: 'day' as const };
    const history = (size: number) => ({
      to: '2026-11-27',
      from: new Date(NOW.getTime() - size * SPACING * 1000).toISOString().slice(0, 10),
      bucket: 'week' as const,
    });
    const rows: Measured[] = [];
    for (const [name, read] of INSIGHTS) {
      for (const [label, goal] of [['last 30 days', true] as const, ['whole history', false] as const]) {
        const windows = await Promise.all(
          opened.map((h, i) => openWindow(h.db, WS, goal ? month : history(SIZES[i] as number), NOW)),
        );
        const times: number[][] = SIZES.map(() => []);
        for (const [i, h] of opened.entries()) await read(h.db, windows[i] as Window);
        for (let r = 0; r < rounds; r++) {
          for (const [i, h] of opened.entries())
            times[i]?.push(await timed(() => read(h.db, windows[i] as Window)));
        }
        const [small, large] = times.map(median) as [number, number];
        const ratio = large / small;
        rows.push({
          goal,
          ratio,
          row: [
            kind === 'pglite' ? 'embedded' : 'PostgreSQL',
            name,
            label,
            fmt(small, 1),
            fmt(large, 1),
            fmt(ratio, 2),
            goal ? (ratio <= 3 ? 'met' : 'NOT met') : 'for information',
          ],
        });
        log(
          `  ${name}, ${label}: ${fmt(small, 1)} ms at 20k, ${fmt(large, 1)} ms at 200k, ratio ${fmt(ratio, 2)}`,
        );
      }
    }
    return rows;
  } finally {
    for (const h of opened) await h.close();
  }
}

export async function runInsightsBenchmark(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: { rounds: { type: 'string' }, db: { type: 'string' } },
  });
  const rounds = intOption(argv, '--rounds', 15, 3, 500);
  const which = values.db ?? 'both';
  if (!['pglite', 'postgres', 'both'].includes(which)) throw new Error('--db is pglite, postgres or both');
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const began = new Date();
  const loadAtStart = loadAverage();
  const results: Measured[] = [];
  if (which !== 'postgres') results.push(...(await measure('pglite', rounds, log)));
  if (which !== 'pglite') results.push(...(await measure('postgres', rounds, log)));
  const worst = Math.max(...results.filter((m) => m.goal).map((m) => m.ratio));
  finishReport({
    title: 'Insights',
    name: 'insights',
    argv,
    began,
    loadAtStart,
    table: markdownTable(
      ['Database', 'Insight', 'Range', 'ms at 20,000 calls', 'ms at 200,000 calls', '200k ÷ 20k', 'Goal ≤ 3'],
      results.map((m) => m.row),
    ),
    notes: [
      `Medians of ${rounds} reads per size, alternating between the two databases.`,
      `Worst ratio over the last 30 days: ${fmt(worst, 2)} (goal at most 3: ${worst <= 3 ? 'met' : 'not met'}).`,
      'The whole history is five weeks at 20,000 calls and a year at 200,000, read by week: its cost follows the calls it counts.',
    ],
    write: true,
    log,
  });
}
