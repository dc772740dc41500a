import { describe, expect, it } from 'vitest';
import { BST_NOW, freeTimes, london, londonText, ZONE } from '../../../test/support/dialog/fixtures.js';
import { readOrdinal } from '../extractors/offer-words.js';
import { type ChoiceContext, chooseTime, nearestTimes, spreadTimes } from './time-choice.js';
import type { FreeTime } from './types.js';

const FREE = freeTimes(BST_NOW, 60);
const timeAt = (wallClock: string): FreeTime => {
  const found = FREE.find((s) => londonText(s.start) === wallClock);
  if (found === undefined) throw new Error(`no free time at ${wallClock}`);
  return found;
};
const OFFERED = [timeAt('2025-04-03T12:00'), timeAt('2025-04-04T14:00')];
const CONTEXT: ChoiceContext = {
  offered: OFFERED,
  free: FREE,
  now: BST_NOW,
  zone: ZONE,
  hours: { open: '09:00', close: '17:30' },
  count: 2,
};

function describeChoice(text: string, context: ChoiceContext = CONTEXT): string {
  const choice = chooseTime(text, context);
  if (choice.type === 'pick') return `pick ${londonText(choice.time.start)}`;
  if (choice.type === 'alternatives')
    return `${choice.available ? 'offer' : 'not free, offer'} ${choice.times.map((s) => londonText(s.start)).join(' ')}`;
  return choice.type;
}

describe('chooseTime', () => {
  it.each([
    ['the first one', 'pick 2025-04-03T12:00'],
    ['first please', 'pick 2025-04-03T12:00'],
    ['the second', 'pick 2025-04-04T14:00'],
    ['the last one', 'pick 2025-04-04T14:00'],
    ['the later one', 'pick 2025-04-04T14:00'],
    ['the earlier one would be great', 'pick 2025-04-03T12:00'],
    ['tomorrow', 'pick 2025-04-04T14:00'],
    ['the friday one', 'pick 2025-04-04T14:00'],
    ['the 2pm one', 'pick 2025-04-04T14:00'],
    ['Friday at 10', 'pick 2025-04-04T10:00'],
    ['monday at quarter past nine', 'not free, offer 2025-04-07T09:00 2025-04-07T10:00'],
    ['tomorrow morning', 'offer 2025-04-04T09:00 2025-04-04T11:00'],
    ['monday afternoon', 'offer 2025-04-07T12:00 2025-04-07T14:00'],
    ['saturday', 'not free, offer 2025-04-07T09:00 2025-04-07T11:00'],
    ['either', 'pick 2025-04-03T12:00'],
    ["I don't mind", 'pick 2025-04-03T12:00'],
    ['yes please', 'ambiguous'],
    ['no', 'decline'],
    ['neither of those', 'decline'],
    ["I can't do those", 'decline'],
    ["I'm not sure", 'unclear'],
    ['purple', 'unclear'],
  ])('%j → %s', (said, expected) => {
    expect(describeChoice(said)).toBe(expected);
  });

  it('takes a single offered time on "yes"', () => {
    expect(describeChoice('yes that works', { ...CONTEXT, offered: [timeAt('2025-04-04T14:00')] })).toBe(
      'pick 2025-04-04T14:00',
    );
  });

  it('offers the nearest free times when an offered one was taken meanwhile', () => {
    const free = FREE.filter((s) => s.start !== OFFERED[0]?.start);
    expect(describeChoice('the first one', { ...CONTEXT, free })).toBe(
      'not free, offer 2025-04-03T13:00 2025-04-03T14:00',
    );
  });
});

describe('readOrdinal', () => {
  it.each([
    ['the first one', 2, 0],
    ['second', 2, 1],
    ['the third', 2, null],
    ['the third one', 3, 2],
    ['the first of may', 2, null],
    ['first thing monday', 2, null],
    ['the second at 10', 2, 1],
    ['the first one', 0, null],
    ['the 1st one', 2, 0],
    ['the 2nd one please', 2, 1],
    ['the 1st', 2, null],
    ['option two', 2, 1],
    ['number 1', 2, 0],
    ['the later one', 2, 1],
    ['the earlier one', 2, 0],
    ['later one', 2, 1],
    ['the last one', 3, 2],
    ['can you ring me back later', 2, null],
    ['later say 3pm', 2, null],
    ['last week', 2, null],
  ] as const)('%j of %d → %j', (said, offered, index) => {
    expect(readOrdinal(said, offered)).toBe(index);
  });
});

describe('spreadTimes and nearestTimes', () => {
  const quarterHours = freeTimes(BST_NOW, 15);
  it('spreads offers at least two hours apart when the diary allows', () => {
    expect(spreadTimes(quarterHours, 3).map((s) => londonText(s.start))).toEqual([
      '2025-04-03T12:00',
      '2025-04-03T14:00',
      '2025-04-03T16:00',
    ]);
  });

  it('fills in order when it does not', () => {
    expect(spreadTimes(quarterHours.slice(0, 3), 2).map((s) => londonText(s.start))).toEqual([
      '2025-04-03T12:00',
      '2025-04-03T12:15',
    ]);
  });

  it('finds the nearest times either side, in time order', () => {
    const at = london('2025-04-04T10:30').getTime();
    expect(nearestTimes(FREE, at, 2).map((s) => londonText(s.start))).toEqual([
      '2025-04-04T10:00',
      '2025-04-04T11:00',
    ]);
  });
});
