/**
 * After a call, in the background (docs/agent.md, "The language model"): the model writes the
 * summary (the rules' summary stays when it is off or fails; a new one is announced as
 * call.updated), and reads the whole transcript
 * again to audit the stored facts, marking each disagreement on the opportunity for the desk.
 */
import { extractPostcode } from '../dialog/extractors/index.js';
import { recordEvent } from '../events/outbox.js';
import type { LanguageModel } from '../llm/language-model.js';
import { auditPrompt, summaryPrompt } from '../llm/prompts.js';
import {
  parseWith,
  SummarySchema,
  type TranscriptReading,
  TranscriptReadingSchema,
  wireSchema,
} from '../llm/reading-schema.js';
import { findCall, listTurns, updateCall } from '../modules/calls/calls.repo.js';
import { toCall } from '../modules/calls/calls.schemas.js';
import { findOpportunity } from '../modules/opportunities/opportunities.repo.js';
import type { ReviewItem } from '../modules/opportunities/opportunities.schemas.js';
import { markForReview } from '../modules/opportunities/opportunities.service.js';
import { loadCallState } from './call-state.js';

const SUMMARY_SCHEMA = wireSchema(SummarySchema);
const AUDIT_SCHEMA = wireSchema(TranscriptReadingSchema);

export async function runAfterCall(model: LanguageModel, workspaceId: string, callId: string): Promise<void> {
  const { db, clock } = model.deps;
  const row = await findCall(db, workspaceId, callId);
  if (!row || row.ended_at === null) return;
  const stored = await loadCallState(db, row);
  if (!model.enabledFor(stored.config)) return;
  const turns = await listTurns(db, workspaceId, callId);
  if (!turns.some((t) => t.speaker === 'caller')) return;
  const call = { workspaceId, callId, agent: stored.config };
  const written = await model.ask(call, 'summary', {
    ...summaryPrompt(stored.config, turns, row.summary ?? ''),
    schemaName: 'call_summary',
    schema: SUMMARY_SCHEMA,
    parse: parseWith(SummarySchema),
    maxTokens: 500,
  });
  const audited =
    row.opportunity_id === null
      ? null
      : await model.ask(call, 'audit', {
          ...auditPrompt(stored.config, turns),
          schemaName: 'transcript_reading',
          schema: AUDIT_SCHEMA,
          parse: parseWith(TranscriptReadingSchema),
          maxTokens: 400,
        });
  const opportunityId = row.opportunity_id;
  await db.transaction(async (tx) => {
    const now = clock.now();
    if (written !== null && written.summary !== row.summary) {
      const updated = await updateCall(tx, workspaceId, callId, {
        summary: written.summary,
        updated_at: now,
      });
      // Test calls emit no events, as when they end (finish.ts).
      if (updated !== null && !updated.test)
        await recordEvent(tx, workspaceId, 'call.updated', toCall(updated), now);
    }
    if (audited === null || opportunityId === null) return;
    const opportunity = await findOpportunity(tx, workspaceId, opportunityId);
    if (opportunity === null) return;
    await markForReview(tx, workspaceId, opportunityId, disagreements(audited, opportunity), now);
  });
}

type Stored = { facts: Record<string, string | number | null>; postcode: string | null };

const COMPARED = ['property_type', 'bedrooms', 'condition', 'occupancy', 'asking_price', 'reason'] as const;

/** Each fact the model read that the opportunity does not hold, or holds differently. */
export function disagreements(reading: TranscriptReading, stored: Stored): ReviewItem[] {
  const items: ReviewItem[] = [];
  for (const fact of COMPARED) {
    const read = reading[fact];
    const kept = stored.facts[fact] ?? null;
    if (read !== null && read !== kept) items.push({ fact, stored: kept, model: read });
  }
  const postcode = reading.postcode === null ? null : (extractPostcode(reading.postcode)?.postcode ?? null);
  // A district kept for a postcode in it is no disagreement.
  const kept = stored.postcode;
  if (postcode !== null && kept !== postcode && !(kept !== null && postcode.startsWith(`${kept} `))) {
    items.push({ fact: 'postcode', stored: kept, model: postcode });
  }
  return items;
}
