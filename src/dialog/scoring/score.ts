/**
 * Scores an enquiry against the workspace's buy box. Weights are normalised so the best possible
 * score is 100 whatever they add up to, and every line of the breakdown is a whole number of
 * points, so the lines always add up to the score a desk member sees.
 */
import type { AgentConfig } from '../config/agent-config.js';
import type { Facts, Outcome, ScoreLine } from '../engine/types.js';
import { CRITERIA, type Criterion, SLOTS, type SlotDefinition } from '../slots/index.js';
import type { BuyBox, Judgement } from './criteria.js';

export type Weights = AgentConfig['scoring']['weights'];
export type Thresholds = Pick<AgentConfig['scoring'], 'hot_threshold' | 'warm_threshold'>;

export interface ScoreResult {
  score: number;
  breakdown: ScoreLine[];
  outcome: Outcome;
}

/**
 * The score (0..100), one breakdown line per criterion, and the outcome: disqualified when a hard
 * rule fails (outside the target areas, a property type not bought, more than 50% over the price
 * ceiling), otherwise hot, warm or cold by the thresholds.
 */
export function scoreEnquiry(
  buyBox: BuyBox,
  weights: Weights,
  thresholds: Thresholds,
  facts: Facts,
  postcode: string | null,
): ScoreResult {
  const maxima = allocateMaxima(weights);
  let disqualified = false;
  const breakdown = CRITERIA.map((criterion): ScoreLine => {
    const judgement = judgeCriterion(criterion, buyBox, facts, postcode);
    if (judgement.disqualifies) disqualified = true;
    const max = maxima[criterion];
    return { criterion, points: Math.round(judgement.share * max), max, reason: judgement.reason };
  });
  const score = breakdown.reduce((sum, line) => sum + line.points, 0);
  return { score, breakdown, outcome: decideOutcome(score, disqualified, thresholds) };
}

/** The rule of each criterion, as its slot names it (the rules are in criteria.ts). */
const JUDGES = new Map(
  (SLOTS as readonly SlotDefinition[]).flatMap((slot) =>
    slot.scoring === undefined ? [] : [[slot.scoring.criterion, slot.scoring.judge] as const],
  ),
);

/** How a criterion is judged: by the rule its slot names. */
export function judgeCriterion(
  criterion: Criterion,
  box: BuyBox,
  facts: Facts,
  postcode: string | null,
): Judgement {
  const judge = JUDGES.get(criterion);
  if (judge === undefined) throw new Error(`no slot scores ${criterion}`);
  return judge({ box, facts, postcode });
}

function decideOutcome(score: number, disqualified: boolean, thresholds: Thresholds): Outcome {
  if (disqualified) return 'disqualified';
  if (score >= thresholds.hot_threshold) return 'hot';
  if (score >= thresholds.warm_threshold) return 'warm';
  return 'cold';
}

/**
 * Whole-point maxima that add up to exactly 100, by largest remainder (ties go to the earlier
 * criterion). All-zero weights count as equal, so a blank configuration still scores.
 */
export function allocateMaxima(weights: Weights): Record<Criterion, number> {
  const total = CRITERIA.reduce((sum, c) => sum + weights[c], 0);
  const raw = CRITERIA.map(
    (c) => ((total === 0 ? 1 : weights[c]) * 100) / (total === 0 ? CRITERIA.length : total),
  );
  const floors = raw.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = raw
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left--;
  }
  return Object.fromEntries(CRITERIA.map((c, index) => [c, floors[index] ?? 0])) as Record<Criterion, number>;
}
