import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOT_SELLER, type SellerAnswers, sellerSteps } from '../../test/support/dialog/sellers.js';
import { call } from '../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../test/support/harness.js';
import {
  aCallerNumber,
  aPhoneCall,
  aTwilioLine,
  converse,
  ring,
  statusCallback,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
  type TwilioLine,
} from '../../test/support/twilio.js';
import type { Call } from '../modules/calls/calls.schemas.js';
import type { Lead } from '../modules/leads/leads.schemas.js';
import type { Opportunity } from '../modules/opportunities/opportunities.schemas.js';

// docs/desk-api.md, "One seller, one deal": a seller who rings again about the same house adds
// to its deal; about another house, they get a second one.

let t: TestContext;
let line: TwilioLine;

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
  line = await aTwilioLine(t);
});
afterAll(() => t.close());

async function phoneIn(from: string, answers: SellerAnswers): Promise<string[]> {
  const c = aPhoneCall(line, from);
  const { replies } = await converse(t, c, await ring(t, c), sellerSteps(answers));
  await statusCallback(t, c);
  t.clock.advance(3_600_000);
  return replies;
}

async function dealsOf(leadId: string): Promise<Opportunity[]> {
  const res = await call(t.app, line.tenant.callers.viewer, 'GET', '/api/v1/opportunities?limit=100');
  return json<{ data: Opportunity[] }>(res).data.filter((o) => o.lead_id === leadId);
}

async function callsFrom(from: string): Promise<Call[]> {
  const res = await call(
    t.app,
    line.tenant.callers.viewer,
    'GET',
    `/api/v1/calls?from=${encodeURIComponent(from)}`,
  );
  return json<{ data: Call[] }>(res).data;
}

describe('a returning caller', () => {
  it('about the same house adds the call to its deal, the latest word winning, with no second deal', async () => {
    const from = aCallerNumber();
    await phoneIn(from, HOT_SELLER);
    const [first] = await callsFrom(from);
    const leadId = first?.lead_id ?? '';
    const [deal] = await dealsOf(leadId);
    expect(deal?.facts.asking_price).toBe(200_000);
    // Said differently the second time, the price has gone up and the hurry has gone.
    const replies = await phoneIn(from, {
      ...HOT_SELLER,
      address: '12 acacia ave M14 5AB',
      price: '320k',
      timeline: 'no rush',
    });
    const calls = await callsFrom(from);
    expect(calls, replies.join('\n')).toHaveLength(2);
    const deals = await dealsOf(leadId);
    expect(deals.map((d) => d.id)).toEqual([deal?.id]);
    expect(calls.map((c) => c.opportunity_id)).toEqual([deal?.id, deal?.id]);
    const after = deals[0];
    expect(after?.facts).toMatchObject({ asking_price: 320_000, timeline: 'flexible, no fixed date' });
    expect(after?.call_id).toBe(first?.id);
    expect(after?.score).toBeLessThan(deal?.score ?? 0);
    const types = await t.db.query<{ type: string }>(
      "SELECT type FROM events WHERE workspace_id = $1 AND data->>'id' = $2 ORDER BY id",
      [line.tenant.workspaceId, deal?.id],
    );
    expect(types.map((r) => r.type).filter((x) => x === 'opportunity.created')).toHaveLength(1);
    expect(types.map((r) => r.type)).toContain('opportunity.updated');
  });

  it('about another house gets a second deal', async () => {
    const from = aCallerNumber();
    await phoneIn(from, HOT_SELLER);
    await phoneIn(from, { ...HOT_SELLER, address: '3 Hill Rise, M14 7QQ' });
    const calls = await callsFrom(from);
    expect(calls).toHaveLength(2);
    const deals = await dealsOf(calls[0]?.lead_id ?? '');
    expect(deals).toHaveLength(2);
    expect(new Set(calls.map((c) => c.opportunity_id))).toEqual(new Set(deals.map((d) => d.id)));
  });
});

describe('a lead merged while its caller is still on the line', () => {
  it("takes the rest of the call: the deal, the call and the lead's changes go to the one kept", async () => {
    const from = aCallerNumber();
    const desk = line.tenant.callers.member;
    const kept = json<Lead>(
      await call(t.app, desk, 'POST', '/api/v1/leads', { name: 'Pat Lowe', phone: aCallerNumber() }),
    );
    const c = aPhoneCall(line, from);
    const steps = sellerSteps(HOT_SELLER);
    // The opening, the name and the address: the caller is a lead by now.
    const first = await converse(t, c, await ring(t, c), steps.slice(0, 3));
    const [live] = await callsFrom(from);
    const mergedId = live?.lead_id ?? '';
    expect(mergedId).not.toBe('');
    t.clock.advance(1000);
    const merged = await call(t.app, desk, 'POST', `/api/v1/leads/${mergedId}/merge`, { into: kept.id });
    expect(merged.statusCode, merged.body).toBe(200);
    const mergedAt = t.clock.now();
    const rest = await converse(t, c, first.twiml, steps.slice(3));
    await statusCallback(t, c);
    const [done] = await callsFrom(from);
    expect(done?.lead_id, rest.replies.join('\n')).toBe(kept.id);
    const deal = json<Opportunity>(
      await call(t.app, line.tenant.callers.viewer, 'GET', `/api/v1/opportunities/${done?.opportunity_id}`),
    );
    expect(deal.lead_id).toBe(kept.id);
    const late = await t.db.query<{ type: string }>(
      "SELECT type FROM events WHERE workspace_id = $1 AND data->>'id' = $2 AND created_at > $3 AND type <> 'lead.merged'",
      [line.tenant.workspaceId, mergedId, mergedAt],
    );
    expect(late).toEqual([]);
  });
});
