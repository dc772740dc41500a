/**
 * A week of calls whose insights are known (docs/desk-api.md, Insights), for the API test and
 * the console's: seven calls in the range Monday 16 to Sunday 22 November 2026 in Paris (an
 * hour ahead of UTC then), one just after it, one test call, with their deals, the desk's
 * actions and bookings. The figures they must give are in KNOWN below.
 */
import type { Database } from '../../src/db/client.js';
import type { ManualClock } from '../../src/lib/clock.js';
import {
  createBooking,
  createBookingFromCall,
  updateBooking,
} from '../../src/modules/bookings/bookings.service.js';
import { type CallRow, updateCall } from '../../src/modules/calls/calls.repo.js';
import { createLead } from '../../src/modules/leads/leads.service.js';
import type { OpportunityFacts } from '../../src/modules/opportunities/opportunities.schemas.js';
import {
  addNote,
  saveScoredOpportunity,
  updateOpportunity,
} from '../../src/modules/opportunities/opportunities.service.js';
import { updateWorkspace } from '../../src/modules/workspaces/workspaces.repo.js';
import { aMobile, seedCall } from './calls.js';
import { anEnquiry } from './opportunities.js';

export const INSIGHTS_ZONE = 'Europe/Paris';
export const INSIGHTS_RANGE = { from: '2026-11-16', to: '2026-11-22' };
/** The clock when the insights are read: Tuesday 24 November, 11:00 UTC. */
export const INSIGHTS_NOW = Date.parse('2026-11-24T11:00:00Z');

const MINUTE = 60_000;

function engine(state: {
  phase?: string;
  slot?: string;
  turns: number;
  reasked?: Record<string, number>;
  skipped?: string[];
  outOfHours?: boolean;
}) {
  return {
    engine: {
      phase: state.phase ?? 'ended',
      asking: state.slot ? { slot: state.slot } : null,
      confirming: null,
      counters: { turns: state.turns, silence: 0, confirmTries: 0 },
      reasked: state.reasked ?? {},
      skipped: state.skipped ?? [],
      startedOutOfHours: state.outOfHours ?? false,
    },
  };
}

interface Deal {
  outcome: 'hot' | 'warm' | 'disqualified';
  score: number;
  postcode: string;
  propertyType: OpportunityFacts['property_type'];
}

export async function seedKnownInsights(
  db: Database,
  clock: ManualClock,
  workspaceId: string,
  deskUserId: string,
): Promise<void> {
  await updateWorkspace(db, workspaceId, { time_zone: INSIGHTS_ZONE });
  const lead = async (name: string, at: string) =>
    (await createLead(db, workspaceId, { name, phone: aMobile() }, new Date(at))).id;
  const aCall = (at: string, overrides: Partial<CallRow>) =>
    seedCall(db, workspaceId, { started_at: new Date(at), ...overrides });
  /** The deal a call made, a minute into it. */
  const deal = async (call: CallRow, leadId: string, d: Deal) => {
    const at = new Date(call.started_at.getTime() + MINUTE);
    return db.transaction(async (tx) => {
      const opp = await saveScoredOpportunity(
        tx,
        workspaceId,
        anEnquiry({
          callId: call.id,
          leadId,
          outcome: d.outcome,
          score: d.score,
          postcode: d.postcode,
          facts: { ...anEnquiry().facts, property_type: d.propertyType },
        }),
        at,
      );
      await updateCall(tx, workspaceId, call.id, { opportunity_id: opp.id, lead_id: leadId });
      return opp;
    });
  };
  const at = (iso: string) => clock.set(Date.parse(iso));

  // 1. Monday 09:30: a hot seller books a viewing with the agent; the desk moves the deal 10 minutes after.
  const annLead = await lead('Ann Lee', '2026-11-16T08:00:00Z');
  const c1 = await aCall('2026-11-16T08:30:00Z', {
    ending: 'booked',
    agent_version: 2,
    state: engine({ turns: 8, reasked: { 'ask:price': 1 } }),
  });
  const a = await deal(c1, annLead, {
    outcome: 'hot',
    score: 90,
    postcode: 'M14 5AB',
    propertyType: 'semi-detached',
  });
  // The agent's booking, as the call makes it (a desk booking would set the deal's next action).
  await db.transaction((tx) =>
    createBookingFromCall(
      tx,
      workspaceId,
      {
        kind: 'viewing',
        leadId: annLead,
        callId: c1.id,
        start: new Date('2026-11-18T10:00:00Z'),
        end: new Date('2026-11-18T11:00:00Z'),
      },
      new Date('2026-11-16T08:31:00Z'),
    ),
  );
  at('2026-11-16T08:41:30Z');
  await updateOpportunity(db, clock, workspaceId, a.id, { stage: 'appointment_set' });

  // 2. Monday 14:00: a warm seller hangs up on the price question, asked twice; a note 2 hours later.
  const bobLead = await lead('Bob Ray', '2026-11-16T12:00:00Z');
  const c2 = await aCall('2026-11-16T13:00:00Z', {
    ending: 'hung_up',
    end_reason: 'caller_hung_up',
    agent_version: 2,
    state: engine({
      phase: 'asking',
      slot: 'price',
      turns: 4,
      reasked: { 'ask:price': 1 },
      skipped: ['timeline'],
    }),
  });
  const b = await deal(c2, bobLead, {
    outcome: 'warm',
    score: 60,
    postcode: 'M20 1AA',
    propertyType: 'terraced',
  });
  at('2026-11-16T15:01:30Z');
  await addNote(db, clock, workspaceId, b.id, deskUserId, 'Rang, no answer; try tomorrow.');
  // The desk books Bob a callback the next day and moves it once.
  const callback = await createBooking(
    db,
    workspaceId,
    { kind: 'callback', lead_id: bobLead, starts_at: new Date('2026-11-25T10:00:00Z') },
    new Date('2026-11-17T09:00:00Z'),
  );
  await updateBooking(
    db,
    workspaceId,
    callback.id,
    { starts_at: new Date('2026-11-26T10:00:00Z') },
    new Date('2026-11-17T09:30:00Z'),
  );

  // 3. Tuesday 20:00, out of hours: a message.
  await aCall('2026-11-17T19:00:00Z', {
    ending: 'message',
    agent_version: 1,
    state: engine({ turns: 3, outOfHours: true }),
  });

  // 4. Wednesday 10:00: a hot seller is handed to the desk, who answer; the deal moves 2 hours later.
  const cyLead = await lead('Cy Moss', '2026-11-18T08:00:00Z');
  const c4 = await aCall('2026-11-18T09:00:00Z', {
    ending: 'transferred',
    status: 'transferred',
    agent_version: 2,
    transferred_to: '+441612345000',
    transfer_result: 'connected',
    state: engine({ turns: 6 }),
  });
  const c = await deal(c4, cyLead, {
    outcome: 'hot',
    score: 80,
    postcode: 'SW1A 1AA',
    propertyType: 'semi-detached',
  });
  at('2026-11-18T11:01:30Z');
  await updateOpportunity(db, clock, workspaceId, c.id, { stage: 'offer_made' });

  // 5. Wednesday 11:00: disqualified; the price given up on; a transfer nobody answered.
  const diLead = await lead('Di Shaw', '2026-11-18T09:30:00Z');
  const c5 = await aCall('2026-11-18T10:00:00Z', {
    ending: 'completed',
    agent_version: 1,
    transferred_to: '+441612345000',
    transfer_result: 'no-answer',
    state: engine({ turns: 5, skipped: ['price'] }),
  });
  await deal(c5, diLead, { outcome: 'disqualified', score: 10, postcode: 'M14 9ZZ', propertyType: 'flat' });

  // A desk booking made and cancelled.
  const cancelled = await createBooking(
    db,
    workspaceId,
    { kind: 'callback', lead_id: diLead, starts_at: new Date('2026-11-20T10:00:00Z') },
    new Date('2026-11-19T09:00:00Z'),
  );
  await updateBooking(
    db,
    workspaceId,
    cancelled.id,
    { status: 'cancelled' },
    new Date('2026-11-19T10:00:00Z'),
  );

  // 6. Saturday 10:00: not a seller.
  await aCall('2026-11-21T09:00:00Z', {
    ending: 'not_seller',
    agent_version: 1,
    state: engine({ turns: 2 }),
  });
  // 7. Monday 00:30 in Paris (Sunday 23:30 UTC): silence, out of hours.
  await aCall('2026-11-15T23:30:00Z', {
    ending: 'silence',
    agent_version: 1,
    state: engine({ turns: 1, outOfHours: true }),
  });
  // Outside: Monday 23 November 00:30 in Paris, and a test call.
  await aCall('2026-11-22T23:30:00Z', { ending: 'completed', agent_version: 1, state: engine({ turns: 2 }) });
  await aCall('2026-11-17T10:00:00Z', { ending: 'completed', test: true, state: engine({ turns: 2 }) });
  clock.set(INSIGHTS_NOW);
}

/** What the seeded week must give. */
export const KNOWN = {
  calls: {
    total: 7,
    out_of_hours: 2,
    by_ending: {
      booked: 1,
      transferred: 1,
      message: 1,
      not_seller: 1,
      hung_up: 1,
      silence: 1,
      completed: 1,
      failed: 0,
    },
    by_hour: { 0: 1, 9: 1, 10: 2, 11: 1, 14: 1, 20: 1 } as Record<number, number>,
    by_weekday: [3, 1, 2, 0, 0, 1, 0],
    daily: { '2026-11-16': 3, '2026-11-17': 1, '2026-11-18': 2, '2026-11-21': 1 } as Record<string, number>,
  },
  funnel: { calls: 7, sellers: 4, qualified: 3, hot: 2, appointment_set: 2, offer_made: 1, completed: 0 },
  speed: {
    hot: { calls: 2, answered: 2, median_minutes: 65, p90_minutes: 109, target_minutes: 60, breached: 1 },
    warm: { calls: 1, answered: 1, median_minutes: 120, p90_minutes: 120, target_minutes: 1440, breached: 0 },
  },
  bookings: { made: 3, by_agent: 1, by_desk: 2, kept: 1, moved: 1, cancelled: 1 },
} as const;
