/** Why the seller is selling, in the categories the buy box scores as motivating. */
import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import { extractReason, onlyASpouseDied, reasonFromCues, toTokens } from '../extractors/index.js';

/** Words that make an answer a statement about the caller's life, not noise. */
const STATEMENT = /^(?:i|i'm|i've|we|we're|we've|my|our|me|us|it|it's|the|they|he|she|just)$/;

import { judgeReason } from '../scoring/criteria.js';
import { defineSlot, summaryOf, valuesOf } from './define.js';

const VOCABULARY = [
  { value: 'probate', label: 'Probate', sympathy: true, byDefault: true },
  { value: 'relocation', label: 'Relocation', said: 'relocating', byDefault: true },
  { value: 'repossession', label: 'Repossession', sympathy: true, byDefault: true },
  { value: 'divorce', label: 'Divorce', sympathy: true, byDefault: true },
  { value: 'financial', label: 'Financial', sympathy: true, byDefault: true },
  { value: 'downsizing', label: 'Downsizing', said: 'downsizing' },
  { value: 'landlord_exit', label: 'Landlord exit', said: 'leaving the rental market', byDefault: true },
  { value: 'inherited', label: 'Inherited', sympathy: true, byDefault: true },
  { value: 'health', label: 'Health', sympathy: true, byDefault: true },
  { value: 'other', label: 'Other' },
] as const;

export const REASON = z.enum(valuesOf(VOCABULARY));
export type SellingReason = z.infer<typeof REASON>;

export const reasonSlot = defineSlot({
  name: 'reason',
  fact: { key: 'reason', description: 'Why they are selling.' },
  question: phrase('question.reason'),
  vocabulary: VOCABULARY,
  schema: REASON,
  typeName: 'SaleReason',
  missing: 'reason for selling',
  aboutProperty: true,
  scoring: { criterion: 'reason', rank: 6, weight: 15, judge: judgeReason },
  // The reasons said with sympathy have no words of their own here (answers.ts adds the sympathy).
  acknowledge: { rank: 7 },
  read(text, { heard, expecting }) {
    const reason = extractReason(text);
    // "just me since my husband passed", said of who lives there, is not why they sell.
    if (reason === 'probate' && !expecting && onlyASpouseDied(text)) return;
    if (reason !== null) heard.values.reason = reason;
  },
  // Asked why, a statement that names none of the reasons is still the caller's reason: read by
  // its cue words ("she's gone now, god bless her" is a bereavement), else kept as "other", with
  // their words for the desk either way, rather than asked again (docs/agent.md, "Reasons").
  readAlone(text, { heard }) {
    const words = toTokens(text);
    // A question back is not a reason; "Honestly? Noise." is a reason with a word of lead-in.
    const asked = text.indexOf('?');
    if (/\?\s*$/.test(text) || toTokens(text.slice(0, Math.max(0, asked))).length > 2 || words.length < 3)
      return null;
    const cued = reasonFromCues(text);
    if (cued === null && !words.some((w) => STATEMENT.test(w))) return null;
    heard.notes.push(phrase('desk.reason_in_their_words', { words: text.trim().slice(0, 200) }));
    return cued ?? 'other';
  },
  summarise: (value: SellingReason) => `reason ${summaryOf(VOCABULARY, value)}`,
});
