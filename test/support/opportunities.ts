import type { Database } from '../../src/db/client.js';
import { updateCall } from '../../src/modules/calls/calls.repo.js';
import type { Opportunity, OpportunityFacts } from '../../src/modules/opportunities/opportunities.schemas.js';
import {
  type ScoredEnquiry,
  saveScoredOpportunity,
} from '../../src/modules/opportunities/opportunities.service.js';
import { seedCall } from './calls.js';

export const SEED_FACTS: OpportunityFacts = {
  property_type: 'semi-detached',
  bedrooms: 3,
  condition: 'needs_modernisation',
  occupancy: 'vacant',
  asking_price: 180_000,
  timeline: 'within 3 months',
  reason: 'probate',
};

export function anEnquiry(overrides: Partial<ScoredEnquiry> = {}): ScoredEnquiry {
  return {
    callId: null,
    leadId: null,
    address: '12 Acacia Avenue, Manchester',
    postcode: 'M14 5AB',
    facts: SEED_FACTS,
    score: 82,
    breakdown: [
      { criterion: 'location', points: 25, max: 25, reason: 'M14 is in the buy box.' },
      { criterion: 'price', points: 20, max: 20, reason: '£180,000 is under the £500,000 ceiling.' },
    ],
    outcome: 'hot',
    ...overrides,
  };
}

/**
 * Stores a scored opportunity the way the call service will (tests only): a call, then the
 * opportunity in one transaction with its event, then the call linked to it.
 */
export async function seedOpportunity(
  db: Database,
  workspaceId: string,
  overrides: Partial<ScoredEnquiry> = {},
  at: Date = new Date(),
): Promise<Opportunity> {
  const call = await seedCall(db, workspaceId, { started_at: at });
  return db.transaction(async (tx) => {
    const opportunity = await saveScoredOpportunity(
      tx,
      workspaceId,
      anEnquiry({ callId: call.id, ...overrides }),
      at,
    );
    await updateCall(tx, workspaceId, call.id, { opportunity_id: opportunity.id });
    return opportunity;
  });
}
