import { z } from 'zod';
import { knowsAnyFact, readFacts, readPostcode } from '../../dialog/engine/state.js';
import { scoreEnquiry } from '../../dialog/scoring/score.js';
import type { StoredState } from '../../live-call/types.js';
import { OpportunityFacts, ScoreLine } from '../../modules/opportunities/opportunities.schemas.js';

export const TestCallProgress = z
  .object({
    answers: z
      .record(z.string(), z.union([z.string(), z.number(), z.null()]))
      .describe('What the caller has said so far, by slot (name, phone, address, postcode, price...).'),
    facts: OpportunityFacts,
    postcode: z.string().nullable().describe('The postcode, or the district alone when that is all so far.'),
    score: z
      .object({
        score: z.number().int(),
        outcome: z.enum(['hot', 'warm', 'cold', 'disqualified']),
        breakdown: z.array(ScoreLine),
      })
      .nullable()
      .describe("The score the call's configuration gives what is known now; null before any fact."),
  })
  .meta({ id: 'TestCallProgress' });
export type TestCallProgress = z.infer<typeof TestCallProgress>;

/**
 * What a test call has learnt, scored with the configuration the call started with. A draft test
 * call writes no opportunity, so this is how whoever tries a draft sees its scoring at work. It
 * is worked out from the state the turn just wrote, so the call is not read again.
 */
export function testCallProgress({ engine, config }: StoredState): TestCallProgress {
  const answers: Record<string, string | number | null> = {};
  for (const [slot, answer] of Object.entries(engine.answers)) answers[slot] = answer?.value ?? null;
  const facts = OpportunityFacts.parse(readFacts(engine));
  const postcode = readPostcode(engine);
  const score = knowsAnyFact(engine)
    ? scoreEnquiry(config.buy_box, config.scoring.weights, config.scoring, readFacts(engine), postcode)
    : null;
  return { answers, facts, postcode, score };
}
