/**
 * When a turn is worth a model's reading (docs/agent.md, "The language model"): the rules did
 * not take the answer (the turn re-asks, gives a question up, or re-offers), the words hold
 * fact words for something the rules still do not know, or the rules took a fact a second
 * reading is compared on (a money amount, a date or duration, a correction, a fact volunteered
 * outside its question: "Cross-checks"). Otherwise the model is not asked.
 */
import { crossCheckedKeys } from '../dialog/engine/index.js';
import type { CallState, TurnResult } from '../dialog/engine/types.js';

/** Words that talk about a fact, by the answer they would fill. */
const FACT_WORDS: readonly [keyof CallState['answers'], RegExp][] = [
  ['bedrooms', /\b(?:bed|beds|bedroom|bedrooms|bedroomed|rooms|studio)\b/],
  [
    'property_type',
    /\b(?:flat|apartment|maisonette|bungalow|semi|detached|terrace|terraced|cottage|townhouse|end of terrace)\b/,
  ],
  [
    'condition',
    /\b(?:condition|repair|repairs|modernis\w*|moderniz\w*|renovat\w*|damp|roof|rewir\w*|kitchen|refurb\w*|decorat\w*|work)\b/,
  ],
  ['occupancy', /\b(?:tenant|tenants|tenanted|empty|vacant|living|live|lives|let|rented|renting)\b/],
  ['price', /(?:£|\b(?:pound|pounds|grand|thousand|k|worth|valued|valuation|asking|price|offer)\b)/],
  [
    'timeline',
    /\b(?:soon|asap|quickly|quick|month|months|week|weeks|year|rush|hurry|christmas|summer|spring)\b/,
  ],
  [
    'reason',
    /\b(?:divorce|separat\w*|passed|died|probate|estate|inherit\w*|job|relocat\w*|moving|mortgage|arrears|debt|landlord|care|ill|illness|downsiz\w*|repossess\w*)\b/,
  ],
  ['postcode', /\b[a-z]{1,2}\d[a-z\d]?\s*\d[a-z]{2}\b/],
];

function stalled(before: CallState, after: CallState): boolean {
  if (after.skipped.length > before.skipped.length || after.unclear.length > before.unclear.length)
    return true;
  if (after.counters.confirmTries > before.counters.confirmTries) return true;
  if (before.offer !== null && after.offer !== null && after.offer.tries > before.offer.tries) return true;
  const run = after.askRun;
  const asks = run !== null && (run.key.startsWith('ask:') || run.key.startsWith('confirm:'));
  return asks && run.key === before.askRun?.key && run.count > before.askRun.count;
}

function untakenFacts(text: string, after: CallState): boolean {
  if (after.goal === 'message') return false;
  const said = text.toLowerCase();
  return FACT_WORDS.some(([key, words]) => after.answers[key] === null && words.test(said));
}

export function worthReading(before: CallState, preview: TurnResult, text: string): boolean {
  if (text.trim() === '') return false;
  if (before.phase === 'ended' || before.phase === 'transferring') return false;
  // What the rules did decided the call (a booking, a hand-over, the end): nothing to add.
  if (preview.effects.some((e) => e.type !== 'capture_lead' && e.type !== 'score_opportunity')) return false;
  return (
    stalled(before, preview.state) ||
    untakenFacts(text, preview.state) ||
    crossCheckedKeys(before, preview.state).length > 0
  );
}
