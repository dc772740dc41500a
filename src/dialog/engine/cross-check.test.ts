import { describe, expect, it } from 'vitest';
import { BST_NOW, testConfig, testContext } from '../../../test/support/dialog/fixtures.js';
import { crossCheckedKeys, readCrossChecks } from './cross-check.js';
import { startCall, takeTurn } from './engine.js';
import type { CallState, ModelReading, TurnResult } from './types.js';

const config = testConfig();
const ctx = testContext(BST_NOW);

function reading(values: ModelReading['values']): ModelReading {
  return { values, yesNo: null, chosenTime: null };
}

function say(state: CallState, text: string, read?: ModelReading): TurnResult {
  return takeTurn(config, state, ctx, { kind: 'speech', text, ...(read ? { reading: read } : {}) }, BST_NOW);
}

function sayAll(lines: readonly string[]): CallState {
  let state = startCall(config, ctx, BST_NOW).state;
  for (const text of lines) state = say(state, text).state;
  return state;
}

const TO_CONDITION = [
  'i want to sell my house',
  'sarah jones',
  '12 acacia avenue m14 5ab',
  'yes',
  'semi',
  'three',
];

function atCondition(): CallState {
  const state = sayAll(TO_CONDITION);
  expect(state.asking?.slot).toBe('condition');
  return state;
}

function atPrice(): CallState {
  const state = sayAll([...TO_CONDITION, 'good condition', 'we live there']);
  expect(state.asking?.slot).toBe('price');
  return state;
}

/** Amounts each said three ways the price reader has taken wrongly, with what was meant. */
const MISREAD_AMOUNTS: [string, number][] = [
  ['hundred an fifty', 150_000],
  ['a buck fifty', 150_000],
  ['hundred an twenty', 120_000],
];

describe('a cross-check of the rules by the language model', () => {
  it.each(MISREAD_AMOUNTS)('reads back the model’s amount when the two differ ("%s")', (said, meant) => {
    const state = atPrice();
    const rulesOnly = say(state, said);
    expect(rulesOnly.state.answers.price?.value).not.toBe(meant);
    const checked = say(state, said, reading({ price: meant }));
    expect(checked.reply).toContain(`was that £${meant.toLocaleString('en-GB')}?`);
    expect(checked.state.answers.price).toMatchObject({ value: meant, readBack: true, source: 'model' });
    const yes = say(checked.state, 'yes');
    expect(yes.state.answers.price).toMatchObject({ value: meant, confirmed: true });
    expect(readCrossChecks(yes.state)).toEqual([
      {
        key: 'price',
        rules: rulesOnly.state.answers.price?.value,
        model: meant,
        readBack: meant,
        answer: 'yes',
      },
    ]);
    // The caller's yes is recorded on the opportunity, though no fact changed.
    expect(yes.effects.map((e) => e.type)).toContain('score_opportunity');
  });

  it('changes nothing for the caller when the model agrees, or reads nothing new', () => {
    const state = atPrice();
    const rulesOnly = say(state, 'about 180 thousand');
    for (const read of [reading({ price: 180_000 }), reading({}), reading({ bedrooms: 3 })]) {
      const result = say(state, 'about 180 thousand', read);
      expect(result.reply).toBe(rulesOnly.reply);
      expect(result.state.answers.price).toEqual(rulesOnly.state.answers.price);
      expect(readCrossChecks(result.state)).toEqual([]);
    }
  });

  it('takes an amount inside a range the rules heard as agreeing', () => {
    const state = atPrice();
    const rulesOnly = say(state, 'somewhere between 200 and 220');
    const result = say(state, 'somewhere between 200 and 220', reading({ price: 200_000 }));
    expect(result.reply).toBe(rulesOnly.reply);
  });

  it.each([
    'needs a new kitchen, about nine grand from wickes',
    'needs work, the damp man wants six grand',
    'bit tired, ten grand went on the kitchen though',
  ])('reads back an amount the model heard as no price ("%s"), and a no takes it back', (said) => {
    const state = atCondition();
    const rulesOnly = say(state, said);
    const taken = rulesOnly.state.answers.price?.value;
    // The rules take the amount silently as the asking price.
    expect(taken).toBeTypeOf('number');
    const checked = say(state, said, reading({ condition: 'needs_modernisation' }));
    expect(checked.reply).toMatch(/Just to check, was that £[\d,]+\?/);
    expect(checked.state.answers.price).toMatchObject({ value: taken, readBack: true });
    const no = say(checked.state, 'no');
    expect(no.state.answers.price).toBeNull();
    expect(no.reply).toMatch(/rough figure/i);
    expect(readCrossChecks(no.state)).toEqual([
      { key: 'price', rules: taken, model: null, readBack: taken, answer: 'no' },
    ]);
  });

  it('reads back a date volunteered in a clause the model read differently', () => {
    const state = sayAll(['i want to sell my house', 'sarah jones']);
    // (A tenancy's end, "the tenant moves out in two months", or a date about something else,
    // "clearing it out will take two months", the rules no longer take at all.)
    const said = 'its 12 acacia avenue m14 5ab, want it gone in two months';
    const rulesOnly = say(state, said);
    expect(rulesOnly.state.answers.timeline?.value).toMatch(/2 months/);
    const checked = say(state, said, reading({ occupancy: 'tenanted', address: '12 acacia avenue' }));
    // The postcode is read back first, then the date.
    const yes = say(checked.state, 'yes');
    expect(yes.reply).toMatch(/Just to check, you're selling within 2 months\?/);
    const no = say(yes.state, 'no');
    expect(no.state.answers.timeline).toBeNull();
    // The "no" answers the read-back, not the tenants said back before it.
    expect(no.state.answers.occupancy?.value).toBe('tenanted');
  });

  it.each(['no', 'no it isnt', 'nope'])(
    'a bare "%s" to a read-back after an echo answers the read-back alone',
    (no) => {
      const state = sayAll(['i want to sell my house', 'sarah jones']);
      const echoed = say(state, 'its a tenanted semi at 12 acacia avenue m14 5ab');
      expect(echoed.reply).toMatch(/with tenants in, got it\. Just to check, is the postcode/i);
      const result = say(echoed.state, no);
      expect(result.state.answers.postcode).toBeNull();
      expect(result.state.answers.occupancy?.value).toBe('tenanted');
    },
  );

  it('a bedroom count answered to its own question is the rules’ to read', () => {
    const state = sayAll(TO_CONDITION.slice(0, -1));
    expect(state.asking?.slot).toBe('bedrooms');
    const result = say(state, 'three bedrooms', reading({ bedrooms: 4 }));
    expect(result.state.answers.bedrooms?.value).toBe(3);
    expect(readCrossChecks(result.state)).toEqual([]);
  });

  it('a correction the model reads otherwise is read back; the stored value repeated is no opinion', () => {
    const state = sayAll([...TO_CONDITION.slice(0, -1), 'three', 'good condition']);
    const said = 'no sorry i said four bedrooms not three';
    const stale = say(state, said, reading({ bedrooms: 3 }));
    expect(stale.state.answers.bedrooms?.value).toBe(4);
    expect(readCrossChecks(stale.state)).toEqual([]);
    const other = say(state, said, reading({ bedrooms: 5 }));
    expect(other.reply).toContain('Just to check, is it a 5-bed semi-detached?');
  });

  it('names the facts a turn took that are compared', () => {
    const atP = atPrice();
    expect(crossCheckedKeys(atP, say(atP, 'about 180 thousand').state)).toEqual(['price']);
    const atC = atCondition();
    expect(crossCheckedKeys(atC, say(atC, 'good condition').state)).toEqual([]);
    expect(crossCheckedKeys(atC, say(atC, 'good condition, we live there').state)).toEqual(['occupancy']);
  });
});
