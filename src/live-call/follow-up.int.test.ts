/**
 * A call that ends leaves its deal a next action: the callback or viewing it booked
 * (docs/desk-api.md, Stages and next actions), written with the call's closing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../test/support/harness.js';
import { type CallScript, scriptedTestCall } from '../../test/support/test-calls.js';
import { aTenantWithPublishedAgent } from '../../test/support/twilio.js';
import type { Opportunity } from '../modules/opportunities/opportunities.schemas.js';

let t: TestContext;

// Tuesday 24 November 2026, 11:00 in London: inside the default business hours.
const TUESDAY_11AM = Date.parse('2026-11-24T11:00:00Z');

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SELLER: CallScript = [
  [/How can I help\?$/, 'hi i want to sell my house'],
  [/your name/, 'its claire dunne'],
  [/address/, '3 mill road m14 5rt'],
  [/postcode M 1 4, 5 R T\?/, 'yes'],
  [/detached, semi-detached/, 'three bed semi'],
  [/condition/, 'it needs a bit of work'],
  [/living there|occupied|anyone/i, 'its empty'],
  [/price/, 'about 240'],
  [/£240,000\?/, 'yes'],
  [/How soon|quickly/i, 'quick as possible'],
  [/prompting|why|reason/i, "i'm 4 months behind on the mortgage"],
  [/number you are calling from|number you're calling from|best number/, 'yes'],
  [/Which would suit you|Would .* suit you|could do/, 'the first one'],
];

describe('the next action a call leaves', () => {
  it('is the booking the call made, with the seller named on the deal', async () => {
    t.clock.set(TUESDAY_11AM);
    const tenant = await aTenantWithPublishedAgent(t);
    const { callId, ended } = await scriptedTestCall(t, tenant, '+447700900123', SELLER);
    expect(ended).toBe(true);
    const theCall = json(await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/calls/${callId}`));
    const opportunity = json<Opportunity>(
      await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/opportunities/${theCall.opportunity_id}`),
    );
    const bookings = json<{ data: { id: string; kind: string; starts_at: string }[] }>(
      await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/bookings'),
    ).data;
    expect(bookings).toHaveLength(1);
    expect(opportunity.seller).toEqual({ name: 'Claire Dunne', phone: '+447700900123' });
    expect(opportunity.next_action).toMatchObject({
      source: 'booking',
      booking_id: bookings[0]?.id,
      due_at: bookings[0]?.starts_at,
    });
  });
});
