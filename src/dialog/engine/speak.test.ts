import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { BST_NOW, GMT_NOW, london, testConfig, ZONE } from '../../../test/support/dialog/fixtures.js';
import { speakClock, speakPhone, speakTime, writePhone } from './speak.js';
import { fillLine, firstName, lastQuestion, listChoices } from './wording.js';

describe('speakTime', () => {
  it.each([
    [BST_NOW, '2025-04-03T14:00', 'today at 2pm'],
    [BST_NOW, '2025-04-04T10:00', 'tomorrow at 10am'],
    [BST_NOW, '2025-04-07T09:30', 'Monday at 9:30am'],
    [BST_NOW, '2025-04-09T12:00', 'Wednesday at midday'],
    [BST_NOW, '2025-04-10T16:00', 'Thursday 10 April at 4pm'],
    [GMT_NOW, '2025-11-14T10:00', 'Friday at 10am'],
    // Across the clocks going back: the Sunday is 25 hours long.
    [london('2025-10-25T10:00'), '2025-10-27T09:00', 'Monday at 9am'],
    [london('2025-03-29T10:00'), '2025-03-31T09:00', 'Monday at 9am'],
  ] as const)('from %s, %s is "%s"', (now, wallClock, spoken) => {
    const start = DateTime.fromISO(wallClock, { zone: ZONE }).toUTC().toISO() ?? '';
    expect(speakTime(start, now, ZONE)).toBe(spoken);
  });

  it.each([
    ['00:30', '12:30am'],
    ['12:00', 'midday'],
    ['12:45', '12:45pm'],
    ['17:05', '5:05pm'],
  ])('says %s as %s', (clock, spoken) => {
    expect(speakClock(DateTime.fromISO(`2025-04-03T${clock}`, { zone: ZONE }))).toBe(spoken);
  });
});

describe('phone numbers', () => {
  it('reads a number digit by digit in its national groups', () => {
    expect(speakPhone('+447911123456')).toBe('0 7 9 1 1, 1 2 3 4 5 6');
    expect(writePhone('+441612345678')).toBe('0161 234 5678');
  });
});

describe('wording', () => {
  const config = testConfig();
  it.each([
    [
      'Hello {name}, welcome back to {business}.',
      'Sarah',
      'Hello Sarah, welcome back to Northern Homebuyers.',
    ],
    ['Hello {name}, welcome back to {business}.', null, 'Hello, welcome back to Northern Homebuyers.'],
    ['Thanks {name}. I am {agent}.', null, 'Thanks. I am Alex.'],
    ['{name}, is that right?', null, 'is that right?'],
  ] as const)('fills %j with %j', (template, name, filled) => {
    expect(fillLine(config, template, { name })).toBe(filled);
  });

  it('finds the last question of a greeting', () => {
    expect(lastQuestion('Hello. Are you selling? How can I help?')).toBe('How can I help?');
    expect(lastQuestion('Hello there.')).toBe('How can I help?');
  });

  it('lists choices the way people say them', () => {
    expect(listChoices(['a'])).toBe('a');
    expect(listChoices(['a', 'b'])).toBe('a or b');
    expect(listChoices(['a', 'b', 'c'])).toBe('a, b or c');
    expect(firstName('Sarah Jane Jones')).toBe('Sarah');
  });
});
