/** How many bedrooms; a bare number counts only as the answer to the question. 0 is a studio. */
import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import { extractBedrooms } from '../extractors/index.js';
import { judgeBedrooms } from '../scoring/criteria.js';
import { defineSlot } from './define.js';
import { readBackProperty } from './property-type.js';

export const bedroomsSlot = defineSlot({
  name: 'bedrooms',
  fact: { key: 'bedrooms' },
  question: phrase('question.bedrooms'),
  vocabulary: [],
  schema: z.number().int(),
  missing: 'bedrooms',
  aboutProperty: true,
  crossCheck: { question: ({ answers }): string | null => readBackProperty(answers) },
  model: {
    fields: { bedrooms: { schema: z.number().int().min(0).max(20) } },
    check({ values }): { bedrooms?: number } {
      const { bedrooms } = values;
      return typeof bedrooms === 'number' && Number.isInteger(bedrooms) && bedrooms >= 0 ? { bedrooms } : {};
    },
  },
  scoring: { criterion: 'bedrooms', rank: 3, weight: 10, judge: judgeBedrooms },
  read(text, { heard, expecting }) {
    // The bedroom reader takes a postcode's "6BD" for six bedrooms, so it reads the text without it.
    const bedrooms = extractBedrooms(withoutPostcode(text, heard.values.postcode), {
      acceptBareNumber: expecting,
    });
    if (bedrooms !== null) heard.values.bedrooms = bedrooms;
  },
});

/** The text with a written postcode ("M15 6BD", "m156bd") taken out. */
function withoutPostcode(text: string, postcode: string | undefined): string {
  if (postcode === undefined) return text;
  const chars = postcode.replace(/\s+/g, '').split('');
  return text.replace(new RegExp(chars.join('\\s*'), 'gi'), ' ');
}
