/** The state the property is in, in the three bands the buy box uses. */
import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import { extractCondition } from '../extractors/index.js';
import { judgeCondition } from '../scoring/criteria.js';
import { defineSlot, summaryOf, valuesOf } from './define.js';

const VOCABULARY = [
  { value: 'good', label: 'Good', said: 'in good condition', summary: 'good condition' },
  {
    value: 'needs_modernisation',
    label: 'Needs modernisation',
    said: 'needing some modernising',
    summary: 'needs modernisation',
  },
  {
    value: 'needs_full_renovation',
    label: 'Needs full renovation',
    said: 'needing a full renovation',
    summary: 'needs full renovation',
  },
] as const;

export const CONDITION = z.enum(valuesOf(VOCABULARY));
export type Condition = z.infer<typeof CONDITION>;

export const conditionSlot = defineSlot({
  name: 'condition',
  fact: { key: 'condition' },
  question: phrase('question.condition'),
  vocabulary: VOCABULARY,
  schema: CONDITION,
  typeName: 'PropertyCondition',
  missing: 'condition',
  aboutProperty: true,
  scoring: { criterion: 'condition', rank: 5, weight: 10, judge: judgeCondition },
  acknowledge: { rank: 4 },
  read(text, { heard, expecting }) {
    const condition = extractCondition(text, { answering: expecting });
    if (condition !== null) heard.values.condition = condition;
  },
  summarise: (value: Condition) => summaryOf(VOCABULARY, value),
});
