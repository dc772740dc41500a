/** How soon the seller wants to sell, as a readable label that keeps the weeks when known. */
import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import { extractTimeline } from '../extractors/index.js';
import { judgeTimeline } from '../scoring/criteria.js';
import { defineSlot } from './define.js';

export const timelineSlot = defineSlot({
  name: 'timeline',
  fact: { key: 'timeline', description: 'How soon the seller wants to sell, e.g. "within 3 months".' },
  question: phrase('question.timeline'),
  vocabulary: [],
  /** "by Christmas (about 10 weeks)" */
  schema: z.string(),
  missing: 'timeline',
  aboutProperty: true,
  notFromPhoneDigits: true,
  model: {
    fields: {
      timeline: {
        schema: z.string().trim().max(80),
        description:
          'How soon they want to sell, in a few words; never when a tenant leaves, when work was done, or a question to the buyer.',
      },
    },
    check({ values, now, zone }): { timeline?: string } {
      const { timeline } = values;
      const label = typeof timeline === 'string' ? readTimeline(timeline, now, zone, true) : null;
      return label === null ? {} : { timeline: label };
    },
    rewrites: true,
  },
  scoring: { criterion: 'timeline', rank: 7, weight: 10, judge: judgeTimeline },
  crossCheck: {
    always: true,
    // "selling within 3 months", or "no fixed date to sell".
    question: ({ value }): string | null =>
      typeof value === 'string'
        ? phrase('read_back.timeline', { timeline: sayTimeline(value), flexible: isFlexibleTimeline(value) })
        : null,
  },
  acknowledge: {
    rank: 6,
    say: ({ answers: { timeline }, taken }): string[] =>
      taken('timeline') && timeline !== null ? [sayTimeline(timeline.value)] : [],
  },
  read(text, { listening, heard, expecting }) {
    const timeline = readTimeline(text, listening.now, listening.zone, expecting);
    if (timeline !== null) heard.values.timeline = timeline;
  },
  summarise: (value: string) => `timeline ${value}`,
});

/** The timeline's label, keeping the weeks when the words did not ("by Christmas (about 10 weeks)"). */
export function readTimeline(text: string, now: Date, zone: string, asked = false): string | null {
  const timeline = extractTimeline(text, now, zone, { said: asked ? 'asked' : 'volunteered' });
  if (timeline === null) return null;
  const hasWeeks = timeline.weeks !== undefined && !/\d/.test(timeline.label);
  return hasWeeks ? `${timeline.label} (about ${timeline.weeks} weeks)` : timeline.label;
}

/** A label of no date at all ("flexible, no rush"): said as "no fixed date to sell". */
export function isFlexibleTimeline(label: string): boolean {
  return /^flexible/.test(label);
}

/** The read-back of a timeline label: "selling by Christmas", "no fixed date to sell". */
export function sayTimeline(label: string): string {
  return phrase('fragment.timeline', {
    label: label.replace(/\s*\(.*\)$/, ''),
    flexible: isFlexibleTimeline(label),
  });
}
