import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Import, importGraph, importGraphOf } from './support/import-graph.js';
import {
  cyclesBetween,
  importsAgainstOrder,
  type Layers,
  layersFromDoc,
  topFolder,
  unitOf,
} from './support/layers.js';

// Rules of docs/architecture.md that a reviewer would otherwise have to remember: the service's
// code never depends on its tests (nothing under src/ but a test file imports vitest or anything
// under test/), SQL lives only with the owner of its tables, and every run-time import follows
// the layer table ("Layers"), with no cycle between folders or between files.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TEST_DIR = join(ROOT, 'test');

/** Modules that own platform tables (no feature folder), and the database layer itself. */
const SQL_OWNERS = new Set([
  'src/auth/sessions.ts', // sessions
  'src/auth/throttle.ts', // auth_throttle
  'src/auth/known-addresses.ts', // known_addresses
  'src/http/idempotency.ts', // idempotency_keys
  'src/events/outbox.ts', // events, webhook_deliveries on insert, and the NOTIFY
  'src/app.ts', // the readiness probe's SELECT 1
  'src/db/migrate.ts',
  'src/db/list-page.ts',
  'src/db/update-columns.ts',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file imports, statically or dynamically. */
function importsOf(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)) if (m[1]) found.push(m[1]);
  return found;
}

function reachesIntoTests(file: string, specifier: string): boolean {
  if (specifier === 'vitest' || specifier.startsWith('vitest/')) return true;
  if (!specifier.startsWith('.')) return false;
  const target = resolve(dirname(file), specifier);
  return target === TEST_DIR || target.startsWith(`${TEST_DIR}/`);
}

/**
 * Each table and the files that write it (INSERT, UPDATE, DELETE): its owner first, then the
 * few writers whose change spans features, each for the reason docs/architecture.md gives
 * ("Where SQL lives"). Reads may join any table.
 */
const TABLE_WRITERS: Record<string, readonly string[]> = {
  agent_drafts: ['modules/agent/agent.repo.ts'],
  agent_versions: ['modules/agent/agent.repo.ts'],
  api_keys: ['auth/api-keys.repo.ts', 'modules/workspaces/workspaces.repo.ts'],
  audit_log: ['modules/privacy/audit.repo.ts'],
  auth_throttle: ['auth/throttle.ts'],
  bookings: ['modules/bookings/bookings.repo.ts', 'modules/privacy/privacy.repo.ts'],
  calendar_feeds: ['modules/calendar-feeds/calendar-feeds.repo.ts'],
  call_turns: [
    'modules/calls/calls.repo.ts',
    'modules/calls/call-turn-write.repo.ts',
    'modules/privacy/privacy.repo.ts',
    'modules/privacy/retention.repo.ts',
  ],
  calls: [
    'modules/calls/calls.repo.ts',
    'modules/calls/call-turn-write.repo.ts',
    'modules/calls/call-moves.repo.ts',
    'modules/calls/recordings.repo.ts',
    'modules/privacy/privacy.repo.ts',
    'modules/privacy/retention.repo.ts',
  ],
  events: ['events/outbox.ts', 'modules/privacy/privacy.repo.ts'],
  idempotency_keys: ['http/idempotency.ts'],
  invitations: ['modules/invitations/invitations.repo.ts'],
  known_addresses: ['auth/known-addresses.ts'],
  leads: ['modules/leads/leads.repo.ts', 'modules/privacy/privacy.repo.ts'],
  member_notifications: ['modules/members/member-notifications.repo.ts'],
  memberships: ['modules/workspaces/workspaces.repo.ts'],
  message_attempts: ['notifications/sender/sender.repo.ts'],
  messages: [
    'modules/messages/outbox.repo.ts',
    'modules/messages/alert-plans.repo.ts',
    'modules/privacy/privacy.repo.ts',
    'notifications/sender/sender.repo.ts',
    'notifications/seller-texts/inbound.repo.ts',
  ],
  model_budgets: ['llm/model-calls.repo.ts'],
  model_calls: ['llm/model-calls.repo.ts'],
  opportunities: [
    'modules/opportunities/opportunities.repo.ts',
    'modules/opportunities/opportunity-merge.repo.ts',
    'modules/privacy/privacy.repo.ts',
  ],
  opportunity_notes: [
    'modules/opportunities/opportunities.repo.ts',
    'modules/opportunities/opportunity-merge.repo.ts',
    'modules/privacy/privacy.repo.ts',
  ],
  password_resets: ['modules/password-reset/password-reset.repo.ts'],
  phone_numbers: ['modules/phone-numbers/phone-numbers.repo.ts'],
  pipelines: ['modules/opportunities/pipeline.repo.ts'],
  privacy_settings: ['modules/privacy/retention.repo.ts'],
  schema_migrations: ['db/migrate.ts'],
  sessions: ['auth/sessions.ts', 'modules/workspaces/workspaces.repo.ts'],
  text_opt_outs: ['notifications/seller-texts/seller-texts.repo.ts', 'notifications/sender/sender.repo.ts'],
  twilio_replays: ['telephony/twilio/replays.repo.ts', 'modules/privacy/privacy.repo.ts'],
  users: ['modules/workspaces/workspaces.repo.ts'],
  webhook_attempts: ['events/delivery/delivery.repo.ts'],
  webhook_deliveries: [
    'events/outbox.ts',
    'events/delivery/delivery.repo.ts',
    'modules/webhooks/deliveries.repo.ts',
    'modules/privacy/privacy.repo.ts',
  ],
  webhook_endpoints: ['modules/webhooks/webhooks.repo.ts', 'events/delivery/delivery.repo.ts'],
  workspaces: ['modules/workspaces/workspaces.repo.ts'],
};

/** The tables a file's SQL writes. */
function tablesWritten(code: string): string[] {
  const writes = code.matchAll(
    /\b(?:INSERT INTO|DELETE FROM)\s+([a-z_]+)|\bUPDATE\s+([a-z_]+)(?:\s+AS\s+\w+|\s+\w+)?\s+SET\b/g,
  );
  return [...new Set([...writes].map((m) => m[1] ?? m[2] ?? ''))];
}

/** Each write by a file that is not among its table's writers. */
function writesOutsideOwners(file: string, code: string): string[] {
  return tablesWritten(code).flatMap((table) => {
    const writers = TABLE_WRITERS[table];
    if (!writers) return [`${file} writes ${table}, a table with no owner in TABLE_WRITERS`];
    if (writers.includes(file.replace(/^src\//, ''))) return [];
    return [`${file} writes ${table}, whose owner is ${writers[0]}`];
  });
}

describe('layering', () => {
  it('finds an import of vitest or of test/ when there is one', () => {
    const file = join(ROOT, 'src', 'http', 'example.ts');
    expect(importsOf("import { x } from '../../test/support/harness.js';")).toEqual([
      '../../test/support/harness.js',
    ]);
    expect(reachesIntoTests(file, '../../test/support/harness.js')).toBe(true);
    expect(reachesIntoTests(file, 'vitest')).toBe(true);
    expect(reachesIntoTests(file, './errors.js')).toBe(false);
    expect(reachesIntoTests(file, 'fastify')).toBe(false);
  });

  it('keeps vitest and test support out of src/', () => {
    const offenders = sourceFiles(join(ROOT, 'src')).flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => reachesIntoTests(file, specifier))
        .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps SQL in repositories and with the owners of the platform tables', () => {
    const statement = /['`"](SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH) /;
    const withSql = sourceFiles(join(ROOT, 'src'))
      .filter((file) => statement.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file))
      .filter((file) => !file.endsWith('.repo.ts') && !SQL_OWNERS.has(file));
    expect(withSql).toEqual([]);
  });

  it('finds a write to a table outside its writers', () => {
    const code =
      "await tx.query('UPDATE leads SET name = $1'); await tx.query(`INSERT INTO audit_log (id) VALUES ($1)`);";
    expect(tablesWritten(code)).toEqual(['leads', 'audit_log']);
    expect(tablesWritten('ON CONFLICT (id) DO UPDATE SET n = 1; -- the order an UPDATE sets them')).toEqual(
      [],
    );
    expect(tablesWritten('UPDATE calls c SET x = 1')).toEqual(['calls']);
    expect(writesOutsideOwners('src/modules/leads/leads.repo.ts', code)).toEqual([
      'src/modules/leads/leads.repo.ts writes audit_log, whose owner is modules/privacy/audit.repo.ts',
    ]);
    expect(writesOutsideOwners('src/x.repo.ts', 'DELETE FROM nowhere')).toEqual([
      'src/x.repo.ts writes nowhere, a table with no owner in TABLE_WRITERS',
    ]);
  });

  it('writes each table only from its owner and the writers named for it', () => {
    const outside = sourceFiles(join(ROOT, 'src')).flatMap((file) =>
      writesOutsideOwners(relative(ROOT, file), readFileSync(file, 'utf8')),
    );
    expect(outside).toEqual([]);
  });
});

const edge = (from: string, to: string): Import => ({ from, specifier: `./${to}`, to });

describe('the layer checker', () => {
  const layers: Layers = [['lib'], ['db'], ['a', 'b'], ['*.ts']];

  it('reads the layers from a table of numbered rows', () => {
    const doc =
      '# T\n\n## Layers\n\n| Layer | Folders |\n|---|---|\n| 1 | `lib/` |\n| 2 | `a/`, `b/` (both) |\n\n## Next\n\n| 3 | `x/` |\n';
    expect(layersFromDoc(doc)).toEqual([['lib'], ['a', 'b']]);
    expect(() => layersFromDoc('## Layers\n| 1 | `a/` |\n| 3 | `b/` |\n')).toThrow(/row 2 is numbered 3/);
  });

  it('puts a file in its most specific folder', () => {
    const split: Layers = [['x'], ['x/y'], ['*.ts']];
    expect(unitOf('src/x/y/f.ts', split)).toBe('x/y');
    expect(unitOf('src/x/f.ts', split)).toBe('x');
    expect(unitOf('src/app.ts', split)).toBe('*.ts');
    expect(unitOf('src/z/f.ts', split)).toBeUndefined();
  });

  it('allows imports down the order and within a folder', () => {
    const graph = [
      edge('src/db/q.ts', 'src/lib/ids.ts'),
      edge('src/a/x.ts', 'src/a/y.ts'),
      edge('src/app.ts', 'src/b/z.ts'),
    ];
    expect(importsAgainstOrder(graph, layers)).toEqual([]);
  });

  it('names the file and the import that goes up, sideways or outside the layers', () => {
    expect(importsAgainstOrder([edge('src/lib/ids.ts', 'src/db/client.ts')], layers)).toEqual([
      "src/lib/ids.ts imports './src/db/client.ts' (src/db/client.ts): layer 1 (lib) may not import layer 2 (db)",
    ]);
    expect(importsAgainstOrder([edge('src/a/x.ts', 'src/b/y.ts')], layers)).toEqual([
      "src/a/x.ts imports './src/b/y.ts' (src/b/y.ts): layer 3 (a) may not import layer 3 (b)",
    ]);
    expect(importsAgainstOrder([edge('src/c/x.ts', 'src/lib/ids.ts')], layers)).toEqual([
      'src/c/x.ts is in no layer of docs/architecture.md',
    ]);
  });

  it('finds a cycle between folders and between files, with the imports behind it', () => {
    const graph = [
      edge('src/a/x.ts', 'src/b/y.ts'),
      edge('src/b/y.ts', 'src/b/z.ts'),
      edge('src/b/z.ts', 'src/a/w.ts'),
    ];
    expect(cyclesBetween(graph, topFolder)).toEqual([
      "cycle between a, b: src/a/x.ts imports './src/b/y.ts'; src/b/z.ts imports './src/a/w.ts'",
    ]);
    expect(cyclesBetween(graph, (file) => file)).toEqual([]);
    const twoFiles = [
      edge('src/db/client.ts', 'src/db/remote.ts'),
      edge('src/db/remote.ts', 'src/db/client.ts'),
    ];
    expect(cyclesBetween(twoFiles, (file) => file)).toHaveLength(1);
  });

  it('counts only the imports that run: type-only ones are erased', () => {
    const graph = importGraphOf({
      'src/a/x.ts': [
        "import type { T } from '../b/types.js';",
        "import { type U } from '../b/more-types.js';",
        "export type { V } from '../b/even-more.js';",
        "import { type W, value } from '../b/value.js';",
        "import '../b/side-effect.js';",
        "export * from '../b/all.js';",
        "export const later = () => import('../b/lazy.js');",
        "import { readFileSync } from 'node:fs';",
      ].join('\n'),
      ...Object.fromEntries(
        ['types', 'more-types', 'even-more', 'value', 'side-effect', 'all', 'lazy'].map((name) => [
          `src/b/${name}.ts`,
          'export type T = 1; export type U = 1; export type V = 1; export type W = 1; export const value = 1;',
        ]),
      ),
    });
    expect(graph.map((i) => i.to)).toEqual([
      'src/b/all.ts',
      'src/b/lazy.ts',
      'src/b/side-effect.ts',
      'src/b/value.ts',
    ]);
    expect(graph.every((i) => i.from === 'src/a/x.ts')).toBe(true);
  });
});

describe('the layers of src/', () => {
  let layers: Layers;
  let graph: Import[];

  beforeAll(() => {
    layers = layersFromDoc(readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8'));
    graph = importGraph(ROOT);
  });

  it('puts every file of src/ in a layer', () => {
    expect(layers.length).toBeGreaterThan(5);
    const outside = sourceFiles(join(ROOT, 'src'))
      .map((file) => relative(ROOT, file))
      .filter((file) => unitOf(file, layers) === undefined);
    expect(outside).toEqual([]);
    expect(graph.length).toBeGreaterThan(500);
  });

  it('imports only down the written order at run time', () => {
    expect(importsAgainstOrder(graph, layers)).toEqual([]);
  });

  it('has no cycle between top-level folders', () => {
    expect(cyclesBetween(graph, topFolder)).toEqual([]);
  });

  it('has no cycle between files', () => {
    expect(cyclesBetween(graph, (file) => file)).toEqual([]);
  });
});
