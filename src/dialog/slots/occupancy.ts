/** Who lives in the property now. Kept for the desk; not a scoring criterion. */
import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import { extractOccupancy, extractOccupancyAnswer } from '../extractors/index.js';
import { defineSlot, summaryOf, valuesOf } from './define.js';

const VOCABULARY = [
  { value: 'owner_occupied', label: 'Owner-occupied', said: 'lived in by you' },
  { value: 'vacant', label: 'Vacant', said: 'empty at the moment' },
  { value: 'tenanted', label: 'Tenanted', said: 'with tenants in' },
] as const;

export const OCCUPANCY = z.enum(valuesOf(VOCABULARY));
export type Occupancy = z.infer<typeof OCCUPANCY>;

export const occupancySlot = defineSlot({
  name: 'occupancy',
  fact: { key: 'occupancy', description: 'Who lives there now.' },
  question: phrase('question.occupancy'),
  vocabulary: VOCABULARY,
  schema: OCCUPANCY,
  typeName: 'Occupancy',
  missing: 'occupancy',
  aboutProperty: true,
  noAnswers: true,
  acknowledge: { rank: 5 },
  read(text, { heard, expecting }) {
    // Asked, an answer that leads with who ("just me, since my husband passed") is read even
    // when a story follows; a bare "no" still counts only alone.
    const occupancy =
      extractOccupancy(text) ?? (expecting ? extractOccupancyAnswer(text, null, { shortLead: true }) : null);
    if (occupancy !== null) heard.values.occupancy = occupancy;
  },
  // A bare "no" answers "is anyone living there?" only when it is the whole answer, not "no, it's four beds".
  readAlone: (text, { heard }) => extractOccupancyAnswer(text, heard.yesNo),
  summarise: (value: Occupancy) => summaryOf(VOCABULARY, value),
});
