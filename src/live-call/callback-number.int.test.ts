/**
 * A number the caller gives for callbacks, read back and confirmed, replaces the caller ID on
 * the lead: engine fact, capture_lead effect, the call's records and the lead row.
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

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function freshTenant(): Promise<Tenant> {
  t.clock.set(TUESDAY_11AM);
  return aTenantWithPublishedAgent(t);
}

/** Answers each question from `answers` by the first pattern its reply matches, until the call ends. */
async function converse(tenant: Tenant, answers: CallScript) {
  const { callId, transcript } = await scriptedTestCall(t, tenant, CALLER_ID, answers);
  return { callId, transcript };
}

const SELLER: [RegExp, string][] = [
  [/How can I help\?$/, 'yeah hi um i want to sell my house'],
  [/your name/, 'its claire um claire dunne'],
  [/address/, '3 mill road m14 5rt'],
  [/postcode M 1 4, 5 R T\?/, 'yes'],
  [/detached, semi-detached/, 'three bed semi'],
  [/condition/, 'it needs a bit of work'],
  [/living there|occupied|anyone/i, 'its empty the last tenants werent great'],
  [/price/, 'about 240'],
  [/£240,000\?/, 'yes'],
  [/How soon|quickly/i, 'quick as possible'],
  [/prompting|why|reason/i, "i'm 4 months behind on the mortgage"],
  [/best number 0 7 7 0 0, 9 0 0 4 5 6\?/, 'yes that is right'],
  [/number you are calling from|number you're calling from/, 'no best number is 07700 900 456'],
  [/best number to call you back/, 'oh seven seven double oh nine hundred four five six'],
  [/Which would suit you|Would .* suit you|could do/, 'the first one'],
];

async function leadsOf(workspaceId: string) {
  return t.db.query<{ id: string; name: string; phone: string; note: string | null }>(
    'SELECT id, name, phone, note FROM leads WHERE workspace_id = $1 ORDER BY created_at',
    [workspaceId],
  );
}

describe('a callback number given on a call', () => {
  it('replaces the caller ID on the lead once read back and confirmed', async () => {
    const tenant = await freshTenant();
    const { callId, transcript } = await converse(tenant, SELLER);
    expect(transcript.join('\n')).toContain('Just to check, is the best number 0 7 7 0 0, 9 0 0 4 5 6?');

    const leads = await leadsOf(tenant.workspaceId);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: 'Claire Dunne', phone: GIVEN });
    expect(leads[0]?.note).toContain(`Called from ${CALLER_ID}`);

    const theCall = json(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${callId}`));
    expect(theCall.lead_id).toBe(leads[0]?.id);
    const lead = json(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/leads/${leads[0]?.id}`));
    expect(lead.phone).toBe(GIVEN);
    // The facts were taken from the words about them: no £3m price, no tenants, arrears noted.
    const opportunities = await t.db.query<{ facts: Record<string, unknown>; address: string }>(
      'SELECT facts, address FROM opportunities WHERE workspace_id = $1',
      [tenant.workspaceId],
    );
    expect(opportunities[0]?.address).toBe('3 Mill Road');
    expect(opportunities[0]?.facts).toMatchObject({
      asking_price: 240_000,
      occupancy: 'vacant',
      timeline: 'as soon as possible',
      reason: 'financial',
    });
    expect(String(theCall.summary)).toContain('Mortgage arrears: 4 months');
    const events = await t.db.query<{ type: string; data: { phone?: string } }>(
      "SELECT type, data FROM events WHERE workspace_id = $1 AND type LIKE 'lead.%' ORDER BY id",
      [tenant.workspaceId],
    );
    expect(events.at(-1)?.data.phone).toBe(GIVEN);
  });

  it('only notes the number when another lead already has it', async () => {
    const tenant = await freshTenant();
    const other = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/leads', {
      name: 'Someone Else',
      phone: GIVEN,
    });
    expect(other.statusCode).toBe(201);
    await converse(tenant, SELLER);
    const leads = await leadsOf(tenant.workspaceId);
    const claire = leads.find((l) => l.name === 'Claire Dunne');
    expect(claire?.phone).toBe(CALLER_ID);
    expect(claire?.note).toContain('Best number to call back: +447700900456');
    expect(leads.find((l) => l.name === 'Someone Else')?.phone).toBe(GIVEN);
  });
});
