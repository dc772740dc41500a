import { FACT_SLOTS } from '../../dialog/slots/index.js';
import type { OpportunityFacts } from '../opportunities/opportunities.schemas.js';

/** The opportunity's facts in the slot table's order: their columns in the export. */
export const FACT_KEYS: readonly (keyof OpportunityFacts)[] = FACT_SLOTS.map((slot) => slot.fact.key);

/** Each fact's values as the console names them ("needs_modernisation" → "Needs modernisation"). */
const FACT_LABELS = new Map<string, Map<string, string>>(
  FACT_SLOTS.map((slot) => [slot.fact.key, new Map(slot.vocabulary.map((v) => [v.value, v.label]))]),
);

/** A fact as a person reads it: its label when it has a fixed vocabulary, else as said. */
export function factLabel(
  key: keyof OpportunityFacts,
  value: string | number | null,
): string | number | null {
  if (typeof value !== 'string') return value;
  return FACT_LABELS.get(key)?.get(value) ?? value;
}

/** "not_a_seller" → "Not a seller": the words of an enum value, first letter in capitals. */
export function enumLabel(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
