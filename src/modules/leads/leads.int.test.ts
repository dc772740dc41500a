import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createTenant, createUser, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import type { Lead } from './leads.schemas.js';

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

/** A fresh UK mobile number, in national and international spellings. */
function aNumber(): { national: string; spaced: string; e164: string } {
  const digits = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return {
    national: `07700 ${digits.slice(0, 3)}${digits.slice(3)}`,
    spaced: `+44 7700 ${digits}`,
    e164: `+447700${digits}`,
  };
}

async function events(workspaceId: string, type?: string) {
  return t.db.query<{ id: string; type: string; data: unknown; created_at: Date }>(
    'SELECT id, type, data, created_at FROM events WHERE workspace_id = $1 AND ($2::text IS NULL OR type = $2) ORDER BY id',
    [workspaceId, type ?? null],
  );
}

async function leadCount(workspaceId: string): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM leads WHERE workspace_id = $1',
    [workspaceId],
  );
  return rows[0]?.n ?? -1;
}

async function createLead(body: Record<string, unknown>, who = tenant): Promise<Lead> {
  const res = await call(t.app, who.callers.member, 'POST', '/api/v1/leads', body);
  expect(res.statusCode, res.body).toBe(201);
  return json<Lead>(res);
}

describe('POST /api/v1/leads', () => {
  it('answers 201 with the lead, its phone in E.164, and writes lead.created with the same object', async () => {
    const n = aNumber();
    const before = (await events(tenant.workspaceId)).length;
    const res = await call(t.app, tenant.callers.member, 'POST', '/api/v1/leads', {
      name: '  Sam Smith ',
      phone: n.national,
      email: 'sam@example.test',
      note: 'Probate sale',
    });
    expect(res.statusCode).toBe(201);
    const lead = json<Lead>(res);
    expect(lead).toEqual({
      id: expect.stringMatching(/^lead_[0-9a-z]{26}$/),
      name: 'Sam Smith',
      phone: n.e164,
      email: 'sam@example.test',
      status: 'new',
      owner_id: null,
      note: 'Probate sale',
      source: 'api',
      owner_pinned: false,
      merged_into: null,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    const after = await events(tenant.workspaceId);
    expect(after).toHaveLength(before + 1);
    const event = after.at(-1);
    expect(event?.type).toBe('lead.created');
    expect(event?.data).toEqual(lead);
    expect(event?.id).toMatch(/^evt_/);
  });

  it('treats 07700 900123 and +44 7700 900123 as one lead: 409 conflict naming it', async () => {
    const n = aNumber();
    const first = await createLead({ name: 'First', phone: n.national });
    const count = await leadCount(tenant.workspaceId);
    const eventsBefore = (await events(tenant.workspaceId)).length;
    const res = await call(t.app, tenant.callers.member, 'POST', '/api/v1/leads', {
      name: 'Again',
      phone: n.spaced,
    });
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('conflict');
    expect(json<{ error: { message: string } }>(res).error.message).toContain(first.id);
    expect(await leadCount(tenant.workspaceId)).toBe(count);
    expect(await events(tenant.workspaceId)).toHaveLength(eventsBefore);
  });

  it('lets two workspaces each have a lead with the same phone', async () => {
    const n = aNumber();
    const other = await createTenant(t.db, t.clock);
    await createLead({ name: 'Here', phone: n.e164 });
    const there = await createLead({ name: 'There', phone: n.national }, other);
    expect(there.phone).toBe(n.e164);
  });

  it('creates one lead when two requests for one phone race: one 201, one 409', async () => {
    const n = aNumber();
    const [a, b] = await Promise.all([
      call(t.app, tenant.callers.member, 'POST', '/api/v1/leads', { name: 'Racer A', phone: n.national }),
      call(t.app, tenant.callers.admin, 'POST', '/api/v1/leads', { name: 'Racer B', phone: n.spaced }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
    const winner = [a, b].find((r) => r.statusCode === 201);
    const loser = [a, b].find((r) => r.statusCode === 409);
    expect(loser && json<{ error: { message: string } }>(loser).error.message).toContain(
      winner && json<Lead>(winner).id,
    );
    const rows = await t.db.query('SELECT id FROM leads WHERE workspace_id = $1 AND phone = $2', [
      tenant.workspaceId,
      n.e164,
    ]);
    expect(rows).toHaveLength(1);
    const created = (await events(tenant.workspaceId, 'lead.created')).filter(
      (e) => (e.data as Lead).phone === n.e164,
    );
    expect(created).toHaveLength(1);
  });

  it('sets an owner who is a member, and refuses one who is not with 400 on owner_id', async () => {
    const lead = await createLead({ name: 'Owned', phone: aNumber().e164, owner_id: tenant.users.member.id });
    expect(lead.owner_id).toBe(tenant.users.member.id);
    const stranger = await createUser(t.db, t.clock);
    const before = (await events(tenant.workspaceId)).length;
    const res = await call(t.app, tenant.callers.member, 'POST', '/api/v1/leads', {
      name: 'Nobody',
      phone: aNumber().e164,
      owner_id: stranger.id,
    });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('validation_failed');
    expect(json<{ error: { details: { path: string }[] } }>(res).error.details[0]?.path).toBe('owner_id');
    expect(await events(tenant.workspaceId)).toHaveLength(before);
  });

  it.each([
    ['an invalid phone', { name: 'X', phone: '12345' }, 'phone'],
    ['a phone with words', { name: 'X', phone: 'call me maybe' }, 'phone'],
    ['a missing phone', { name: 'X' }, 'phone'],
    ['an empty name', { name: '   ', phone: '+447700900999' }, 'name'],
    ['a name over 200 characters', { name: 'n'.repeat(201), phone: '+447700900999' }, 'name'],
    ['a note over 4000 characters', { name: 'X', phone: '+447700900999', note: 'n'.repeat(4001) }, 'note'],
    ['a bad email', { name: 'X', phone: '+447700900999', email: 'not-an-email' }, 'email'],
    ['an unknown field', { name: 'X', phone: '+447700900999', status: 'working' }, 'status'],
  ])('refuses %s with 400 validation_failed and writes nothing', async (_name, body, path) => {
    const leads = await leadCount(tenant.workspaceId);
    const before = (await events(tenant.workspaceId)).length;
    const res = await call(t.app, tenant.callers.member, 'POST', '/api/v1/leads', body);
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('validation_failed');
    const details = json<{ error: { details: { path: string }[] } }>(res).error.details;
    expect(details.map((d) => d.path)).toContain(path);
    expect(await leadCount(tenant.workspaceId)).toBe(leads);
    expect(await events(tenant.workspaceId)).toHaveLength(before);
  });
});

describe('GET /api/v1/leads/{id}', () => {
  it('answers the lead, and 404 not_found for a missing one or one of another workspace', async () => {
    const lead = await createLead({ name: 'Readable', phone: aNumber().e164 });
    const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/leads/${lead.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(lead);

    const other = await createTenant(t.db, t.clock);
    const theirs = await createLead({ name: 'Theirs', phone: aNumber().e164 }, other);
    for (const id of [theirs.id, 'lead_00000000000000000000000000', 'nonsense']) {
      const miss = await call(t.app, tenant.callers.owner, 'GET', `/api/v1/leads/${id}`);
      expect(miss.statusCode).toBe(404);
      expect(errorCode(miss)).toBe('not_found');
    }
  });
});

describe('PATCH /api/v1/leads/{id}', () => {
  it('changes status, owner and note, and writes lead.updated with the answered object', async () => {
    const lead = await createLead({ name: 'Patchable', phone: aNumber().e164 });
    t.clock.advance(60_000);
    const res = await call(t.app, tenant.callers.member, 'PATCH', `/api/v1/leads/${lead.id}`, {
      status: 'working',
      owner_id: tenant.users.admin.id,
      note: 'Called back, keen',
    });
    expect(res.statusCode).toBe(200);
    const updated = json<Lead>(res);
    expect(updated).toEqual({
      ...lead,
      status: 'working',
      owner_id: tenant.users.admin.id,
      note: 'Called back, keen',
      updated_at: t.clock.now().toISOString(),
    });
    const last = (await events(tenant.workspaceId)).at(-1);
    expect(last?.type).toBe('lead.updated');
    expect(last?.data).toEqual(updated);
    expect(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/leads/${lead.id}`).then(json)).toEqual(
      updated,
    );
  });

  it('changes name and email, clears the note and unassigns the owner with null', async () => {
    const lead = await createLead({
      name: 'Old Name',
      phone: aNumber().e164,
      note: 'temp',
      email: 'old@example.test',
      owner_id: tenant.users.member.id,
    });
    const res = await call(t.app, tenant.callers.member, 'PATCH', `/api/v1/leads/${lead.id}`, {
      name: 'New Name',
      email: null,
      note: null,
      owner_id: null,
    });
    expect(res.statusCode).toBe(200);
    expect(json<Lead>(res)).toMatchObject({ name: 'New Name', email: null, note: null, owner_id: null });
  });

  it('answers a PATCH that changes nothing with the lead as it is, and emits nothing', async () => {
    const lead = await createLead({ name: 'Steady', phone: aNumber().e164, note: 'same' });
    t.clock.advance(60_000);
    const before = (await events(tenant.workspaceId)).length;
    for (const body of [{}, { status: 'new' }, { note: 'same', name: 'Steady', owner_id: null }]) {
      const res = await call(t.app, tenant.callers.member, 'PATCH', `/api/v1/leads/${lead.id}`, body);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual(lead);
    }
    expect(await events(tenant.workspaceId)).toHaveLength(before);
  });

  it('refuses a bad status, a non-member owner, a phone change and a long note with 400, emitting nothing', async () => {
    const lead = await createLead({ name: 'Guarded', phone: aNumber().e164 });
    const stranger = await createUser(t.db, t.clock);
    const before = (await events(tenant.workspaceId)).length;
    for (const [body, path] of [
      [{ status: 'won' }, 'status'],
      [{ owner_id: stranger.id }, 'owner_id'],
      [{ phone: '+447700900000' }, 'phone'],
      [{ note: 'x'.repeat(4001) }, 'note'],
    ] as const) {
      const res = await call(t.app, tenant.callers.member, 'PATCH', `/api/v1/leads/${lead.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<{ error: { details: { path: string }[] } }>(res).error.details[0]?.path).toBe(path);
    }
    expect(await events(tenant.workspaceId)).toHaveLength(before);
    expect(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/leads/${lead.id}`).then(json)).toEqual(
      lead,
    );
  });

  it('answers 404 for a lead of another workspace and changes nothing there', async () => {
    const other = await createTenant(t.db, t.clock);
    const theirs = await createLead({ name: 'Theirs', phone: aNumber().e164 }, other);
    const res = await call(t.app, tenant.callers.owner, 'PATCH', `/api/v1/leads/${theirs.id}`, {
      status: 'closed',
    });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
    expect(await call(t.app, other.callers.viewer, 'GET', `/api/v1/leads/${theirs.id}`).then(json)).toEqual(
      theirs,
    );
  });
});

describe('GET /api/v1/leads', () => {
  let ws: Tenant;
  let leads: Lead[];
  const phones = [aNumber(), aNumber(), aNumber(), aNumber(), aNumber()];

  beforeAll(async () => {
    ws = await createTenant(t.db, t.clock);
    const owner2 = await addMember(t.db, t.clock, ws.workspaceId, 'member');
    const specs = [
      { name: 'Alice Archer', owner_id: ws.users.member.id },
      { name: 'Bob 100% Real', owner_id: owner2.id },
      { name: 'alison brown' },
      { name: 'Carol_Cole', owner_id: ws.users.member.id },
      { name: 'Dan Dare' },
    ];
    leads = [];
    for (const [i, spec] of specs.entries()) {
      t.clock.advance(1_000);
      leads.push(await createLead({ ...spec, phone: phones[i]?.e164 }, ws));
    }
    const status = ['working', 'working', 'closed', 'new', 'nurturing'];
    for (const [i, lead] of leads.entries()) {
      if (status[i] === 'new') continue;
      await call(t.app, ws.callers.member, 'PATCH', `/api/v1/leads/${lead.id}`, { status: status[i] });
    }
  });

  async function ids(query: string): Promise<string[]> {
    const res = await call(t.app, ws.callers.viewer, 'GET', `/api/v1/leads${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: Lead[] }>(res).data.map((l) => l.id);
  }
  const idsOf = (...i: number[]) => i.map((n) => leads[n]?.id);

  it('lists newest first, or oldest first with order=asc, only this workspace', async () => {
    expect(await ids('')).toEqual(idsOf(4, 3, 2, 1, 0));
    expect(await ids('?order=asc')).toEqual(idsOf(0, 1, 2, 3, 4));
  });

  it('filters by status, owner_id, phone in any format, and q', async () => {
    expect(await ids('?status=working')).toEqual(idsOf(1, 0));
    expect(await ids(`?owner_id=${ws.users.member.id}`)).toEqual(idsOf(3, 0));
    expect(await ids(`?phone=${encodeURIComponent(phones[2]?.national ?? '')}`)).toEqual(idsOf(2));
    expect(await ids(`?phone=${encodeURIComponent(phones[2]?.spaced ?? '')}`)).toEqual(idsOf(2));
    expect(await ids('?q=ALI')).toEqual(idsOf(2, 0));
    expect(await ids('?q=100%25')).toEqual(idsOf(1));
    expect(await ids('?q=l_c')).toEqual(idsOf(3));
    expect(await ids('?q=l%25c')).toEqual([]);
    expect(await ids(`?q=ali&status=working&owner_id=${ws.users.member.id}`)).toEqual(idsOf(0));
  });

  it('walks every page with next_cursor, in both orders', async () => {
    for (const order of ['desc', 'asc']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = `?limit=2&order=${order}${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await call(t.app, ws.callers.viewer, 'GET', `/api/v1/leads${q}`);
        const page = json<{ data: Lead[]; next_cursor: string | null }>(res);
        expect(page.data.length).toBeLessThanOrEqual(2);
        seen.push(...page.data.map((l) => l.id));
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor !== null);
      expect(pages).toBe(3);
      expect(seen).toEqual(order === 'desc' ? idsOf(4, 3, 2, 1, 0) : idsOf(0, 1, 2, 3, 4));
    }
    const filtered = await call(t.app, ws.callers.viewer, 'GET', '/api/v1/leads?status=working&limit=1');
    const first = json<{ data: Lead[]; next_cursor: string }>(filtered);
    expect(first.data.map((l) => l.id)).toEqual(idsOf(1));
    expect(await ids(`?status=working&limit=1&cursor=${first.next_cursor}`)).toEqual(idsOf(0));
  });

  it.each([
    ['?status=won', 'status'],
    ['?phone=12345', 'phone'],
    ['?limit=0', 'limit'],
    ['?limit=201', 'limit'],
    ['?cursor=garbage', 'cursor'],
    [`?q=${'x'.repeat(201)}`, 'q'],
    ['?colour=red', 'colour'],
  ])('refuses %s with 400 validation_failed', async (query, path) => {
    const res = await call(t.app, ws.callers.viewer, 'GET', `/api/v1/leads${query}`);
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('validation_failed');
    expect(json<{ error: { details: { path: string }[] } }>(res).error.details.map((d) => d.path)).toContain(
      path,
    );
  });
});
