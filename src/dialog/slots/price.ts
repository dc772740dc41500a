/**
 * The asking price in pounds; a range ("between 200 and 220") keeps its ends and stores its
 * midpoint. Taken only from words about a price (extractors/price.ts); doubtful figures are read back.
 */
import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import { extractPrice } from '../extractors/index.js';
import { formatPounds, judgePrice } from '../scoring/criteria.js';
import { defineSlot } from './define.js';

export const priceSlot = defineSlot({
  name: 'price',
  fact: { key: 'asking_price', description: 'The price the seller hopes for, in pounds.' },
  question: phrase('question.price'),
  vocabulary: [],
  schema: z.number().int(),
  missing: 'price',
  aboutProperty: true,
  notFromPhoneDigits: true,
  model: {
    fields: {
      price: {
        field: 'asking_price',
        schema: z.number().int().min(1000).max(100_000_000),
        description:
          'The price the seller hopes for, in pounds; never a mortgage, an amount owed, the cost of work or what another house sold for.',
      },
    },
    check({ values }): { price?: number } {
      const { price } = values;
      return typeof price === 'number' && Number.isInteger(price) && price > 0 ? { price } : {};
    },
    readBack: ['price'],
  },
  scoring: { criterion: 'price', rank: 4, weight: 20, judge: judgePrice },
  crossCheck: {
    always: true,
    question: ({ value }): string | null =>
      typeof value === 'number' ? phrase('read_back.price', { price: sayPrice(value) }) : null,
  },
  // A price being read back is said in its question instead.
  acknowledge: {
    rank: 3,
    say: ({ answers: { price }, taken }): string[] =>
      taken('price') && price !== null && !price.readBack ? [sayPrice(price.value, price.range)] : [],
  },
  read(text, { heard, expecting }) {
    const price = extractPrice(text, { assumeThousands: expecting });
    if (price === null || (!expecting && price.confidence !== 'high')) return;
    heard.values.price = price.amount;
    if (price.min !== undefined && price.max !== undefined && price.min !== price.max)
      heard.priceRange = { min: price.min, max: price.max };
    if (price.confidence === 'low') heard.readBack.push('price');
  },
  summarise: (value: number, { range }) => `asking ${sayPrice(value, range)}`,
});

/** "£250,000", or "£200,000 to £220,000" for a range. */
export function sayPrice(value: number, range?: { min: number; max: number }): string {
  return range === undefined
    ? formatPounds(value)
    : phrase('fragment.price_range', { min: formatPounds(range.min), max: formatPounds(range.max) });
}
