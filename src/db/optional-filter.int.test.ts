import { afterAll, describe, expect, it } from 'vitest';
import {
  createPostgresForProcesses,
  postgresForProcesses,
  type SharedDatabase,
} from '../../test/support/processes.js';
import { listLeads } from '../modules/leads/leads.repo.js';
import { insertWorkspace } from '../modules/workspaces/workspaces.repo.js';
import { type Database, openPostgres } from './client.js';

// The point of optional-filter.ts on PostgreSQL: a prepared list statement's generic plan bounds
// its index scan by the cursor instead of filtering every row from the first one.

const databases: SharedDatabase[] = [];
const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  await Promise.all(databases.map((d) => d.drop()));
});

const ROWS = 5000;
const leadId = (n: number) => `lead_${String(n).padStart(6, '0')}`;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe.skipIf(!postgresForProcesses)('optional filters in generic plans on PostgreSQL', () => {
  it('bounds a deep keyset page of leads by the cursor in the index scan', async () => {
    const shared = await createPostgresForProcesses();
    databases.push(shared);
    // One connection, so every run uses the statement the first one prepared.
    const db = openPostgres(shared.url ?? '', 1);
    opened.push(db);

    const workspaceId = 'ws_plan';
    const other = 'ws_other';
    await insertWorkspace(db, workspaceId, 'Plans', new Date());
    await insertWorkspace(db, other, 'Neighbour', new Date());
    // Two workspaces whose ids interleave, as time-ordered ids do.
    await db.query(
      `INSERT INTO leads (workspace_id, id, name, phone, status, source, created_at, updated_at)
       SELECT CASE WHEN g % 2 = 0 THEN $1 ELSE $2 END, 'lead_' || lpad(g::text, 6, '0'), 'Lead ' || g,
              '+447700' || lpad(g::text, 6, '0'), 'new', 'api', now(), now()
         FROM generate_series(1, $3::integer) g`,
      [workspaceId, other, ROWS * 2],
    );
    await db.query('ANALYZE leads');

    // A transaction keeps the pool's one connection, and with it the prepared statement and the
    // setting below, for the whole test.
    await db.transaction(async (tx) => {
      // More than five runs with different cursors deep in the list: the point where PostgreSQL
      // may switch the statement to its generic plan.
      for (let i = 0; i < 8; i += 1) {
        const deep = ROWS - 100 * (i + 1);
        const rows = await listLeads(
          tx,
          workspaceId,
          {},
          { after: leadId(2 * deep), order: 'asc', limit: 3 },
        );
        // The limit and one more, so the caller knows there is a next page.
        expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4].map((k) => leadId(2 * (deep + k))));
      }
      const [statement] = await tx.query<{ name: string; runs: number }>(
        `SELECT name, generic_plans + custom_plans AS runs FROM pg_prepared_statements
          WHERE statement LIKE 'SELECT * FROM leads%'`,
      );
      expect(statement?.runs).toBe(8);

      // Whether PostgreSQL has switched yet depends on its cost estimates; the generic plan is
      // what it would switch to, so look at that one.
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      const [explained] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) EXECUTE "${statement?.name}"('${workspaceId}', '${leadId(2 * ROWS - 600)}', NULL, NULL, NULL, NULL, 21, NULL)`,
      );
      const plan = nodes(explained?.['QUERY PLAN'][0].Plan as PlanNode);
      const scans = plan.filter((n) => n['Relation Name'] === 'leads');
      expect(scans.map((n) => n['Node Type'])).toEqual(['Index Scan']);
      // `$2` in the plan means it is the generic one (a custom plan shows the value).
      expect(scans[0]?.['Index Cond'] ?? 'no Index Cond').toMatch(/\(id > \$2\)/);
      expect(scans[0]?.Filter ?? '').not.toContain('$2');

      // And the generic plan answers the same rows.
      const rows = await listLeads(
        tx,
        workspaceId,
        {},
        { after: leadId(2 * ROWS - 8), order: 'asc', limit: 3 },
      );
      expect(rows.map((r) => r.id)).toEqual([3, 2, 1, 0].map((k) => leadId(2 * (ROWS - k))));
      const [after] = await tx.query<{ generic_plans: number }>(
        `SELECT generic_plans FROM pg_prepared_statements WHERE name = '${statement?.name}'`,
      );
      expect(after?.generic_plans).toBeGreaterThan(0);
    });
  });
});
