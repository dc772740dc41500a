import { z } from 'zod';
import {
  CRITERIA,
  FACT_SLOTS,
  factsSchema,
  RECORDED_NAMES,
  type RecordedName,
} from '../../dialog/slots/index.js';
import { iso, Timestamp } from '../../http/schemas.js';
import type { NoteRow, OpportunityRow } from './opportunities.repo.js';
import { NextAction, Seller, STAGES } from './pipeline.schemas.js';

export const OUTCOMES = ['hot', 'warm', 'cold', 'disqualified', 'won', 'lost'] as const;
export type Outcome = (typeof OUTCOMES)[number];
/** The outcomes scoring gives; won and lost are the desk's. */
export const SCORED_OUTCOMES = ['hot', 'warm', 'cold', 'disqualified'] as const;
export type ScoredOutcome = (typeof SCORED_OUTCOMES)[number];

/** The facts come from the slot table: one key per slot the opportunity records. */
export const OpportunityFacts = factsSchema().meta({
  id: 'OpportunityFacts',
  description: 'What the caller said; null: not learnt.',
});
export type OpportunityFacts = z.infer<typeof OpportunityFacts>;

export const FACT_SOURCES = ['rules', 'model', 'desk'] as const;
export type FactSource = (typeof FACT_SOURCES)[number];
/** The facts a source is recorded for: the opportunity's facts and its place. */
export const SOURCED_FACTS = RECORDED_NAMES;
export type SourcedFact = RecordedName;

export const FactSources = z.partialRecord(z.enum(SOURCED_FACTS), z.enum(FACT_SOURCES)).meta({
  id: 'FactSources',
  description:
    "Where each known fact came from: rules (the agent's own readers), model (the language model), desk (edited through the API).",
});
export type FactSources = z.infer<typeof FactSources>;

export const ReviewItem = z
  .object({
    fact: z.enum(SOURCED_FACTS),
    stored: z.union([z.string(), z.number()]).nullable().describe('What the opportunity holds.'),
    model: z
      .union([z.string(), z.number()])
      .describe('What the language model read in the whole transcript.'),
  })
  .meta({
    id: 'ReviewItem',
    description: 'A fact the after-call audit read differently; for the desk to check.',
  });
export type ReviewItem = z.infer<typeof ReviewItem>;

const FactValue = z.union([z.string(), z.number()]);

export const CrossCheck = z
  .object({
    fact: z.enum(SOURCED_FACTS),
    rules: FactValue.describe("What the agent's own readers took from the caller's words."),
    model: FactValue.nullable().describe(
      'What the language model read in the same words; null: it read no such fact there.',
    ),
    read_back: FactValue.describe('The value the agent read back to the caller to settle it.'),
    answer: z
      .enum(['yes', 'no'])
      .nullable()
      .describe(
        "The caller's answer: yes (the value read back stands), no (taken back or put right; `facts` holds what the caller gave instead, if anything), null (not answered).",
      ),
  })
  .meta({
    id: 'CrossCheck',
    description:
      'A fact the rules and the language model read differently during the call, read back to the caller.',
  });
export type CrossCheck = z.infer<typeof CrossCheck>;

export const ScoreLine = z
  .object({
    criterion: z.string().describe(`${CRITERIA.slice(0, -1).join(', ')} or ${CRITERIA.at(-1)}.`),
    points: z.number().int().describe('Points earned on this criterion.'),
    max: z.number().int().describe('The most this criterion can earn (its weight).'),
    reason: z.string().describe('Why, in words a desk member can read.'),
  })
  .meta({ id: 'ScoreLine' });
export type ScoreLine = z.infer<typeof ScoreLine>;

export const OpportunityNote = z
  .object({
    id: z.string().describe('note_...'),
    body: z.string(),
    author_id: z.string().nullable().describe('The user who wrote it (for an API key, its creator).'),
    created_at: Timestamp,
  })
  .meta({ id: 'OpportunityNote' });
export type OpportunityNote = z.infer<typeof OpportunityNote>;

export const Opportunity = z
  .object({
    id: z.string().describe('opp_...'),
    call_id: z.string().nullable().describe('The call that produced it.'),
    lead_id: z.string().nullable(),
    address: z.string().nullable().describe('null when the caller hung up before giving it.'),
    postcode: z.string().nullable().describe('Formatted as on a letter, e.g. M14 5AB.'),
    score: z.number().int().min(0).max(100).describe('Points against the buy box, 0 to 100.'),
    outcome: z.enum(OUTCOMES).describe('hot, warm, cold, disqualified (scoring); won, lost (the desk).'),
    owner_id: z.string().nullable().describe('The member working it; null: unassigned.'),
    seller: Seller.nullable(),
    stage: z
      .enum(STAGES)
      .describe('Where the desk has got to (GET /pipeline names and orders the stages); apart from outcome.'),
    dead_reason: z.string().nullable().describe('Why the deal is dead; set exactly when stage is dead.'),
    next_action: NextAction.nullable(),
    notes: z.array(OpportunityNote).describe('Desk notes, oldest first.'),
    facts: OpportunityFacts,
    score_breakdown: z.array(ScoreLine),
    fact_sources: FactSources,
    review: z
      .array(ReviewItem)
      .describe('Facts the language model read differently after the call; empty when it agreed or is off.'),
    cross_checks: z
      .array(CrossCheck)
      .describe(
        "Facts the rules and the language model read differently during the call, with the caller's answer to the read-back; empty when the model agreed or is off.",
      ),
    merged_into: z
      .string()
      .nullable()
      .describe(
        'The opportunity this one was merged into (its calls and notes are there now); null: not merged.',
      ),
    created_at: Timestamp,
    updated_at: Timestamp.describe(
      'Last change of facts, score, outcome, owner, stage, next action or notes (not of the seller’s lead).',
    ),
  })
  .meta({ id: 'Opportunity' });
export type Opportunity = z.infer<typeof Opportunity>;

export function toNote(row: NoteRow): OpportunityNote {
  return { id: row.id, body: row.body, author_id: row.author_id, created_at: iso(row.created_at) };
}

/** Every field present (null when not learnt) and nothing else, whatever the stored JSON holds. */
function toFacts(f: Partial<OpportunityFacts>): OpportunityFacts {
  return Object.fromEntries(FACT_SLOTS.map(({ fact: { key } }) => [key, f[key] ?? null])) as OpportunityFacts;
}

/** The API object; opportunity.created and opportunity.updated `data` is exactly this. */
export function toOpportunity(row: OpportunityRow, notes: readonly NoteRow[]): Opportunity {
  return {
    id: row.id,
    call_id: row.call_id,
    lead_id: row.lead_id,
    address: row.address,
    postcode: row.postcode,
    score: row.score,
    outcome: row.outcome,
    owner_id: row.owner_id,
    seller: row.seller_phone == null ? null : { name: row.seller_name ?? '', phone: row.seller_phone },
    stage: row.stage,
    dead_reason: row.dead_reason,
    next_action:
      row.next_action === null || row.next_action_due === null || row.next_action_source === null
        ? null
        : {
            what: row.next_action,
            owner_id: row.next_action_owner_id,
            due_at: iso(row.next_action_due),
            source: row.next_action_source,
            booking_id: row.next_action_booking_id,
          },
    notes: notes.map(toNote),
    facts: toFacts(row.facts),
    score_breakdown: row.score_breakdown.map((l) => ({
      criterion: l.criterion,
      points: l.points,
      max: l.max,
      reason: l.reason,
    })),
    fact_sources: { ...(row.fact_sources ?? {}) },
    review: (row.review ?? []).map((r) => ({ fact: r.fact, stored: r.stored, model: r.model })),
    cross_checks: (row.cross_checks ?? []).map((c) => ({
      fact: c.fact,
      rules: c.rules,
      model: c.model,
      read_back: c.read_back,
      answer: c.answer,
    })),
    merged_into: row.merged_into ?? null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
