import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';
import { seedOpportunity } from '../../../test/support/opportunities.js';

let t: TestContext;
let home: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  home = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

const rows = (csv: string) => csv.split('\r\n').filter((line) => line !== '');

describe('CSV exports', () => {
  it('exports the filtered leads of the workspace only, with a header row and formula-safe cells', async () => {
    await call(t.app, home.callers.member, 'POST', '/api/v1/leads', {
      name: '=HYPERLINK("x")',
      phone: '07700 900801',
    });
    const working = JSON.parse(
      (
        await call(t.app, home.callers.member, 'POST', '/api/v1/leads', {
          name: 'Ann, Smith',
          phone: '07700 900802',
        })
      ).body,
    ) as { id: string };
    await call(t.app, home.callers.member, 'PATCH', `/api/v1/leads/${working.id}`, {
      status: 'working',
      owner_id: home.users.member.id,
    });
    const other = await createTenant(t.db, t.clock);
    await call(t.app, other.callers.member, 'POST', '/api/v1/leads', {
      name: 'Elsewhere',
      phone: '07700 900803',
    });

    const all = await call(t.app, home.callers.viewer, 'GET', '/api/v1/leads.csv');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toMatch(/^text\/csv/);
    expect(all.headers['content-disposition']).toBe('attachment; filename="leads.csv"');
    const lines = rows(all.body);
    expect(lines[0]).toBe('id,name,phone,email,status,owner,note,source,created_at,updated_at');
    expect(lines).toHaveLength(3);
    expect(all.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(all.body).toContain('"Ann, Smith"');
    expect(all.body).not.toContain('Elsewhere');
    // People by name and statuses as words, never ids or codes.
    const [owner] = await t.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [
      home.users.member.id,
    ]);
    expect(all.body).toContain(`,Working,${owner?.name},`);
    expect(all.body).not.toContain('usr_');

    const filtered = await call(t.app, home.callers.viewer, 'GET', '/api/v1/leads.csv?status=working');
    expect(
      rows(filtered.body)
        .slice(1)
        .map((l) => l.split(',')[0]),
    ).toEqual([working.id]);
  });

  it('exports opportunities with their facts as columns, page after page', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await seedOpportunity(t.db, home.workspaceId, {}, t.clock.now()));
    const res = await call(t.app, home.callers.viewer, 'GET', '/api/v1/opportunities.csv?order=asc');
    const lines = rows(res.body);
    expect(lines[0]?.split(',').slice(0, 12)).toEqual([
      'id',
      'created_at',
      'updated_at',
      'stage',
      'dead_reason',
      'outcome',
      'score',
      'seller_name',
      'seller_phone',
      'address',
      'postcode',
      'property_type',
    ]);
    // The facts' columns come from the slot table; the header stays as the desk's spreadsheets know it.
    expect(lines[0]).toBe(
      'id,created_at,updated_at,stage,dead_reason,outcome,score,seller_name,seller_phone,address,postcode,property_type,bedrooms,condition,occupancy,asking_price,timeline,reason,owner,next_action,next_action_owner,next_action_due,lead_id,call_id,notes',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(made.map((o) => o.id));
    const bad = await call(t.app, home.callers.viewer, 'GET', '/api/v1/opportunities.csv?limit=5');
    expect(bad.statusCode).toBe(400);
  });
});
