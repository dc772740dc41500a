import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { disagreements } from '../../live-call/after-call.js';
import { factSources } from '../../live-call/effects.js';
import { type TranscriptReading, TurnReadingSchema } from '../../llm/reading-schema.js';
import { FACT_KEYS } from '../../modules/exports/labels.js';
import { OpportunityFacts, SOURCED_FACTS } from '../../modules/opportunities/opportunities.schemas.js';
import { AgentConfig, DEFAULT_AGENT_CONFIG } from '../config/agent-config.js';
import { acknowledge } from '../engine/answers.js';
import { checkQuestion } from '../engine/cross-check.js';
import { createState, readFacts } from '../engine/state.js';
import type { AnswerKey, CallContext, CallState } from '../engine/types.js';
import { judgeCriterion, scoreEnquiry } from '../scoring/score.js';
import { summariseCall } from '../summary/summarise.js';
import {
  ACKNOWLEDGED,
  ANSWER_KEYS,
  CRITERIA,
  checkModelValues,
  FACT_SLOTS,
  MODEL_FIELDS,
  MODEL_READ_BACK,
  RECORDED_ANSWERS,
  SLOT_NAMES,
  SLOTS,
  type SlotDefinition,
  slotOfAnswer,
} from './index.js';

// Adding a slot is one new file in this folder and one line in the table: everything below is
// derived from the table, so a slot left out of any of them (a hand list somewhere) fails here.

interface JsonObject {
  properties: Record<string, { enum?: string[]; items?: JsonObject; properties?: Record<string, unknown> }>;
}

const table: readonly SlotDefinition[] = SLOTS;
const configJson = (
  z.toJSONSchema(AgentConfig, { io: 'input' }) as unknown as { $defs: Record<string, JsonObject> }
).$defs.AgentConfig as JsonObject;
const scored = table.filter((slot) => slot.scoring !== undefined);

/** Every slot answered with a value its schema accepts (the first word of a vocabulary, else a sample). */
const CTX: CallContext = {
  callerNumber: '+447700900123',
  returningLead: null,
  withinBusinessHours: true,
  freeTimes: { callback: [], viewing: [] },
  timeZone: 'Europe/London',
};

function fullState(): CallState {
  const state = createState(CTX);
  const samples: Record<string, unknown> = {
    name: 'Sarah Jones',
    phone: '+447700900123',
    address: '12 Acacia Avenue',
    postcode: 'M14 5AB',
    district: 'M14',
    bedrooms: 3,
    price: 250_000,
    timeline: 'within 3 months',
  };
  const answers: Record<string, unknown> = state.answers;
  for (const key of ANSWER_KEYS) {
    const slot = table.find((s) => s.name === key);
    const value = slot?.vocabulary[0]?.value ?? samples[key];
    answers[key] = { value, confirmed: true, readBack: false };
  }
  return state;
}

describe('the slot table', () => {
  it('gives the configuration its slot enum, and the default configuration asks every slot', () => {
    const question = configJson.properties.questions?.items as JsonObject;
    expect(question.properties.slot?.enum).toEqual(SLOT_NAMES);
    expect(new Set(DEFAULT_AGENT_CONFIG.questions.map((q) => q.slot))).toEqual(new Set(SLOT_NAMES));
    for (const q of DEFAULT_AGENT_CONFIG.questions)
      expect(q.prompt).toBe(table.find((s) => s.name === q.slot)?.question.prompt);
  });

  it('gives the buy box its vocabularies and the scoring its weights', () => {
    const buyBox = configJson.properties.buy_box as JsonObject;
    const values = (name: string) => table.find((s) => s.name === name)?.vocabulary.map((e) => e.value);
    const enumOf = (field: string) =>
      (buyBox.properties[field]?.items as { enum?: string[] } | undefined)?.enum;
    expect(enumOf('property_types')).toEqual(values('property_type'));
    expect(enumOf('conditions')).toEqual(values('condition'));
    expect(enumOf('motivating_reasons')).toEqual(values('reason'));
    const scoring = configJson.properties.scoring as JsonObject;
    const weights = Object.keys((scoring.properties.weights as JsonObject).properties);
    expect(weights).toEqual(CRITERIA);
    expect(new Set(CRITERIA)).toEqual(new Set(scored.map((s) => s.scoring?.criterion)));
    expect(Object.keys(DEFAULT_AGENT_CONFIG.scoring.weights)).toEqual(CRITERIA);
  });

  it('gives the opportunity one fact per fact slot, in the API and in the engine', () => {
    const keys = FACT_SLOTS.map((slot) => slot.fact.key);
    expect(Object.keys(OpportunityFacts.shape)).toEqual(keys);
    expect(Object.keys(readFacts(fullState()))).toEqual(keys);
    expect(OpportunityFacts.parse(readFacts(fullState()))).toEqual(readFacts(fullState()));
  });

  it('keeps an answer for every slot and its parts, each belonging to its slot', () => {
    const state = createState(CTX);
    expect(Object.keys(state.answers)).toEqual(ANSWER_KEYS);
    for (const slot of table) expect(slotOfAnswer(slot.name as never)).toBe(slot.name);
    for (const [part] of table.flatMap((s) => Object.entries(s.parts ?? {})))
      expect(table.some((s) => s.name === slotOfAnswer(part as never))).toBe(true);
  });

  it('scores every criterion, and judges each from the facts', () => {
    const facts = readFacts(fullState());
    const result = scoreEnquiry(
      DEFAULT_AGENT_CONFIG.buy_box,
      DEFAULT_AGENT_CONFIG.scoring.weights,
      DEFAULT_AGENT_CONFIG.scoring,
      facts,
      'M14 5AB',
    );
    expect(result.breakdown.map((line) => line.criterion)).toEqual(CRITERIA);
    for (const criterion of CRITERIA) {
      const judgement = judgeCriterion(criterion, DEFAULT_AGENT_CONFIG.buy_box, facts, 'M14 5AB');
      expect(judgement.reason, criterion).not.toMatch(/not known/);
    }
  });

  it('puts every summarised slot in the summary, and every slot in its missing line', () => {
    const state = fullState();
    state.lastScore = { score: 80, outcome: 'hot' };
    const summary = summariseCall(state, [], { timeZone: 'Europe/London' });
    for (const slot of table) {
      const value = state.answers[slot.name as keyof CallState['answers']]?.value;
      if (slot.summarise !== undefined) expect(summary).toContain(slot.summarise(value as never, {}));
    }
    const empty = createState({ ...CTX, callerNumber: '' });
    empty.answers.district = { value: 'M14', confirmed: true, readBack: false };
    const missing = summariseCall(empty, [], { timeZone: 'Europe/London' }).split('\n').at(-1) ?? '';
    for (const slot of table) expect(missing).toContain(slot.missing);
  });

  it('gives a language model a field for its answers, each checked by its slot', () => {
    const wire = Object.keys(TurnReadingSchema.shape);
    expect(wire).toEqual([...MODEL_FIELDS.map((f) => f.field), 'answer', 'chosen_time']);
    for (const slot of table)
      expect(
        MODEL_FIELDS.some((f) => slotOfAnswer(f.answer) === slot.name),
        slot.name,
      ).toBe(true);
    for (const key of MODEL_READ_BACK) expect(ANSWER_KEYS).toContain(key);
    // Every answer a reading fills, given as the engine holds it, comes back as it was.
    const state = fullState();
    const values = Object.fromEntries(MODEL_FIELDS.map((f) => [f.answer, state.answers[f.answer]?.value]));
    const checked = checkModelValues(values, {
      now: new Date('2026-01-05T10:00:00Z'),
      zone: 'Europe/London',
    });
    for (const { answer } of MODEL_FIELDS) expect(checked[answer], answer).toBeDefined();
    expect(checkModelValues({ property_type: 'castle' }, { now: new Date(), zone: 'Europe/London' })).toEqual(
      {},
    );
  });

  it('says back every slot just taken, each in a place of its own', () => {
    const state = fullState();
    for (const slot of table) {
      const keys = [slot.name, ...Object.keys(slot.parts ?? {})] as AnswerKey[];
      expect(acknowledge(keys, state, false), slot.name).not.toBe('');
    }
    const ranks = ACKNOWLEDGED.map((slot) => slot.acknowledge?.rank);
    expect(new Set(ranks).size).toBe(ranks.length);
    const scoringRanks = scored.map((slot) => slot.scoring?.rank);
    expect(new Set(scoringRanks).size).toBe(scoringRanks.length);
  });

  it('records every fact and the place on the opportunity, with where each came from', () => {
    const places = table.flatMap((slot) => Object.values(slot.place ?? {}));
    expect(SOURCED_FACTS).toEqual([...new Set([...FACT_SLOTS.map((slot) => slot.fact.key), ...places])]);
    for (const [answer] of RECORDED_ANSWERS) expect(ANSWER_KEYS).toContain(answer);
    expect(Object.keys(factSources(fullState())).sort()).toEqual([...SOURCED_FACTS].sort());
    expect(FACT_KEYS).toEqual(Object.keys(OpportunityFacts.shape));
  });

  it('audits every fact a model gives as it is against the opportunity, and the postcode', () => {
    const state = fullState();
    const reading = Object.fromEntries(
      MODEL_FIELDS.map((f) => [f.field, state.answers[f.answer]?.value ?? null]),
    ) as TranscriptReading;
    const audited = disagreements(reading, { facts: {}, postcode: null }).map((item) => item.fact);
    const rewritten = table.filter((slot) => slot.model?.rewrites === true);
    const asGiven = FACT_SLOTS.filter((slot) => !rewritten.some((r) => r.name === slot.name));
    expect(audited).toEqual([...asGiven.map((slot) => slot.fact.key), 'postcode']);
  });

  it('puts every fact back to the caller when the two readings disagree on it', () => {
    const state = fullState();
    const answers: Record<string, unknown> = state.answers;
    for (const slot of FACT_SLOTS) {
      // A value said with sympathy has no words to be put back in; one with words is used.
      const said = (slot as SlotDefinition).vocabulary.find((entry) => entry.said !== undefined);
      if (said !== undefined) answers[slot.name] = { value: said.value, confirmed: true, readBack: false };
      expect(checkQuestion(state.answers, slot.name), slot.name).not.toBeNull();
    }
    for (const slot of table) if (slot.crossCheck !== undefined) expect(slot.fact, slot.name).not.toBeNull();
  });
});
