/**
 * A call's note goes into its lead's note as a paragraph of its own, through the real call path:
 * the desk's text stays, the engine's repeated captures within one call replace that call's
 * paragraph, and each further call adds its own (docs/desk-api.md, "Leads").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Tenant } from '../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../test/support/harness.js';
import { type CallScript, scriptedTestCall } from '../../test/support/test-calls.js';
import { aTenantWithPublishedAgent } from '../../test/support/twilio.js';

let t: TestContext;

// Tuesday 24 November 2026, 11:00 in London: inside the default business hours.
const TUESDAY_11AM = Date.parse('2026-11-24T11:00:00Z');
const CALLER_ID = '+447700900123';
const GIVEN = '+447700900456';
const DESK_NOTE = 'Spoke 12/11, wants 260k, call after 5pm';
const FIRST_CALL = 'Asking price range: £200,000 to £220,000. Mortgage arrears: 4 months';

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function freshTenant(): Promise<Tenant> {
  t.clock.set(TUESDAY_11AM);
  return aTenantWithPublishedAgent(t);
}

/** A lead the desk entered, with the desk's own note on it. */
async function deskLead(tenant: Tenant): Promise<string> {
  const created = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/leads', {
    name: 'Claire Dunne',
    phone: CALLER_ID,
    note: DESK_NOTE,
  });
  expect(created.statusCode).toBe(201);
  return String(json(created).id);
}

type Script = CallScript;

/**
 * A test call from CALLER_ID, an hour after the last, answering each question from `script`
 * until the call ends; `after` runs after each turn with the agent's reply.
 */
async function converse(tenant: Tenant, script: Script, after?: (reply: string) => Promise<void>) {
  t.clock.advance(60 * 60_000);
  const { callId, transcript, ended } = await scriptedTestCall(t, tenant, CALLER_ID, script, after);
  if (!ended) throw new Error(`the call did not end:\n${transcript.join('\n')}`);
  return callId;
}

/** A seller who gives a price range and mortgage arrears: two facts for the lead's note, learnt turns apart. */
function seller(
  arrears: string,
  price: [string, RegExp] = ['between 200 and 220', /£200,000 to £220,000\?/],
) {
  return [
    [/How can I help/, "hi it's claire dunne i want to sell my house"],
    [/your name/, 'claire dunne'],
    [/address/, '3 mill road m14 5rt'],
    [/postcode M 1 4, 5 R T\?/, 'yes'],
    [/detached, semi-detached/, 'three bed semi'],
    [/condition/, 'it needs a bit of work'],
    [/living there|occupied|anyone/i, 'its empty'],
    [price[1], 'yes'],
    [/price/, price[0]],
    [/How soon|quickly/i, 'quick as possible'],
    [/prompting|why|reason/i, arrears],
    [/best number 0 7 7 0 0, 9 0 0 4 5 6\?/, 'yes that is right'],
    [/best one to reach you|best number/, 'yes'],
    [/Which would suit you|Would .* suit you|could do/, 'the first one'],
  ] as const satisfies Script;
}

async function leadRow(workspaceId: string) {
  const rows = await t.db.query<{ id: string; phone: string; note: string | null }>(
    'SELECT id, phone, note FROM leads WHERE workspace_id = $1',
    [workspaceId],
  );
  expect(rows).toHaveLength(1);
  return rows[0] as { id: string; phone: string; note: string | null };
}

async function callLeadNote(workspaceId: string, callId: string): Promise<string | null> {
  const rows = await t.db.query<{ lead_note: string | null }>(
    'SELECT lead_note FROM calls WHERE workspace_id = $1 AND id = $2',
    [workspaceId, callId],
  );
  return rows[0]?.lead_note ?? null;
}

/** The workspace's lead events, in order. */
async function leadEvents(workspaceId: string) {
  return t.db.query<{ id: string; type: string; data: { name: string; note: string | null } }>(
    "SELECT id, type, data FROM events WHERE workspace_id = $1 AND type LIKE 'lead.%' ORDER BY id",
    [workspaceId],
  );
}

describe("a call's note on the lead", () => {
  it("keeps the desk's note, and adds one paragraph per call however often the call captures", async () => {
    const tenant = await freshTenant();
    await deskLead(tenant);
    const first = await converse(tenant, seller("i'm 4 months behind on the mortgage"));
    expect((await leadRow(tenant.workspaceId)).note).toBe(`${DESK_NOTE}\n\n${FIRST_CALL}`);
    expect(await callLeadNote(tenant.workspaceId, first)).toBe(FIRST_CALL);
    const afterFirst = await leadEvents(tenant.workspaceId);
    // The engine captured as it learnt the range, then the arrears: each replaced the call's paragraph.
    expect(afterFirst.map((e) => [e.type, e.data.note])).toEqual([
      ['lead.created', DESK_NOTE],
      ['lead.updated', `${DESK_NOTE}\n\nAsking price range: £200,000 to £220,000`],
      ['lead.updated', `${DESK_NOTE}\n\n${FIRST_CALL}`],
    ]);

    const second = await converse(
      tenant,
      seller("i'm 6 months behind on the mortgage", ['about 250', /£250,000\?/]),
    );
    expect((await leadRow(tenant.workspaceId)).note).toBe(
      `${DESK_NOTE}\n\n${FIRST_CALL}\n\nMortgage arrears: 6 months`,
    );
    expect(await callLeadNote(tenant.workspaceId, second)).toBe('Mortgage arrears: 6 months');
    // lead.updated only when the note (or name) changed: no two events in a row carry the same.
    const events = await leadEvents(tenant.workspaceId);
    expect(events.length).toBe(afterFirst.length + 1);
    for (let i = 1; i < events.length; i++) expect(events[i]?.data).not.toEqual(events[i - 1]?.data);
  });

  it("gives a new caller's lead the call's note alone", async () => {
    const tenant = await freshTenant();
    const callId = await converse(tenant, seller("i'm 4 months behind on the mortgage"));
    expect((await leadRow(tenant.workspaceId)).note).toBe(FIRST_CALL);
    expect(await callLeadNote(tenant.workspaceId, callId)).toBe(FIRST_CALL);
  });

  it('keeps what the desk wrote on a lead the call made while the call goes on', async () => {
    const tenant = await freshTenant();
    const added = 'Desk: valuation booked for Friday';
    const callId = await converse(tenant, seller("i'm 4 months behind on the mortgage"), async (reply) => {
      // Between the call's two captures of a note: the desk adds a line under the call's text.
      if (!/How soon/.test(reply)) return;
      const lead = await leadRow(tenant.workspaceId);
      expect(lead.note).toBe('Asking price range: £200,000 to £220,000');
      const patched = await call(t.app, tenant.callers.admin, 'PATCH', `/api/v1/leads/${lead.id}`, {
        note: `${lead.note}\n\n${added}`,
      });
      expect(patched.statusCode).toBe(200);
    });
    expect((await leadRow(tenant.workspaceId)).note).toBe(`${FIRST_CALL}\n\n${added}`);
    expect(await callLeadNote(tenant.workspaceId, callId)).toBe(FIRST_CALL);
  });

  it('puts the number the caller moved from in the call’s paragraph, not over the desk’s note', async () => {
    const tenant = await freshTenant();
    await deskLead(tenant);
    const moving = seller("i'm 4 months behind on the mortgage").map(
      ([question, answer]): [RegExp, string] =>
        /best one to reach you/.test(question.source)
          ? [question, 'no best number is 07700 900 456']
          : [question, answer],
    );
    await converse(tenant, moving);
    const lead = await leadRow(tenant.workspaceId);
    expect(lead.phone).toBe(GIVEN);
    expect(lead.note).toBe(`${DESK_NOTE}\n\n${FIRST_CALL} Called from ${CALLER_ID}.`);
  });
});
