/**
 * After a call, in the background (docs/agent.md, "After a call"): the model writes a summary of
 * its own, stored beside the rules' summary (never in its place) only when it passes the check
 * against the call's record, and announced as call.updated; and it reads the whole transcript
 * again to audit the stored facts, marking each disagreement on the opportunity for the desk.
 */
import { extractPostcode } from '../dialog/extractors/index.js';
import { FACT_SLOTS, MODEL_FIELDS } from '../dialog/slots/index.js';
import { checkModelSummary } from '../dialog/summary/check-model-summary.js';
import { summaryRecordOf } from '../dialog/summary/summary-record.js';
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
import { modelSummariesDropped } from '../metrics/registry.js';
import { type CallRow, findCall, listTurns, updateCall } from '../modules/calls/calls.repo.js';
import { toCall } from '../modules/calls/calls.schemas.js';
import { findOpportunity } from '../modules/opportunities/opportunities.repo.js';
import type { ReviewItem } from '../modules/opportunities/opportunities.schemas.js';
import { markForReview } from '../modules/opportunities/opportunities.service.js';
import { loadCallState } from './call-state.js';
import type { StoredState } from './types.js';

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
  const asked = await model.ask(call, 'summary', {
    ...summaryPrompt(stored.config, turns, row.summary ?? ''),
    schemaName: 'call_summary',
    schema: SUMMARY_SCHEMA,
    parse: parseWith(SummarySchema),
    maxTokens: 500,
  });
  const written = asked === null ? null : checkedSummary(model, row, stored, asked.summary);
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
    if (written !== null && written !== row.model_summary) {
      const updated = await updateCall(tx, workspaceId, callId, { model_summary: written, updated_at: now });
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

/**
 * The model's summary when the call's record holds everything it says; null, counted and logged
 * (the reason only: the text may carry what a caller wanted passed on), when it does not.
 */
function checkedSummary(
  model: LanguageModel,
  row: CallRow,
  stored: StoredState,
  text: string,
): string | null {
  const flaw = checkModelSummary(text, summaryRecordOf(stored.engine, stored.config.hours.time_zone));
  if (flaw === null) return text;
  modelSummariesDropped.inc({ reason: flaw });
  model.deps.logger.warn(
    { workspace_id: row.workspace_id, call_id: row.id, reason: flaw },
    "language model: summary dropped, it names what the call's record does not hold",
  );
  return null;
}

type Stored = { facts: Record<string, string | number | null>; postcode: string | null };

/**
 * The facts compared as the model reads them, with the field it reads each in: those the slot
 * takes as the model gives them (a timeline's label is the readers' own words, never the model's).
 */
const COMPARED = FACT_SLOTS.flatMap((slot) => {
  const read = MODEL_FIELDS.find((f) => f.answer === slot.name);
  return read?.asGiven === true
    ? [{ fact: slot.fact.key, field: read.field as keyof TranscriptReading }]
    : [];
});

/** Each fact the model read that the opportunity does not hold, or holds differently. */
export function disagreements(reading: TranscriptReading, stored: Stored): ReviewItem[] {
  const items: ReviewItem[] = [];
  for (const { fact, field } of COMPARED) {
    const read = reading[field];
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
