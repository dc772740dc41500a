import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sayBelowHundred } from '../../../test/support/dialog/render-speech.js';
import { extractPhone } from './phone.js';

describe('extractPhone', () => {
  it.each([
    ['07911 123456', '+447911123456'],
    ['07911123456', '+447911123456'],
    ['+44 7911 123456', '+447911123456'],
    ['+44 (0) 7911 123456'.replace('(0) ', ''), '+447911123456'],
    ['0044 7911 123456', '+447911123456'],
    ['07911-123-456', '+447911123456'],
    ['oh seven nine one one, one two three four five six', '+447911123456'],
    ['zero seven nine double one one two three four five six', '+447911123456'],
    ['oh seven nine one one one two three four five six', '+447911123456'],
    ['plus four four seven nine one one one two three four five six', '+447911123456'],
    ['double oh four four seven nine one one one two three four five six', '+447911123456'],
    ['oh seven nine eleven one two three four five six', '+447911123456'],
    ['oh seven nine one one, one two three, four five six', '+447911123456'],
    ['oh one six one, four nine six, oh one two three', '+441614960123'],
    ['oh two oh seven nine four six oh double oh oh', '+442079460000'],
    ['oh two oh seven nine four six, oh triple oh', '+442079460000'],
    ['um yeah my number is oh seven nine one one er one two three four five six thanks', '+447911123456'],
    ['flat 2, and my number is 07911 123456', '+447911123456'],
    ['seven nine one one one two three four five six', '+447911123456'],
  ])('reads %j as %s', (said, e164) => {
    expect(extractPhone(said)?.e164).toBe(e164);
  });

  // The end of a number put right as it is said: the group said again replaces the one before.
  it.each([
    ['oh seven nine one one, one two three, four five six, sorry no, four five seven', '+447911123457'],
    ['07911 123 456 no wait 457', '+447911123457'],
    ['oh seven nine one one one two three four five er no i mean four six six', '+447911123466'],
    ['oh one six one four nine six oh one two, sorry, oh one two three', '+441614960123'],
    ['oh two oh seven nine four six oh six five no sorry oh six five two', '+442079460652'],
    ['oh seven nine one one one two three four five six, actually no, five six seven', '+447911123567'],
  ])('puts the end of %j right', (said, e164) => {
    expect(extractPhone(said)?.e164).toBe(e164);
  });

  it('reads "ate" among digits as eight, and nowhere else', () => {
    expect(extractPhone('oh one six one four nine six oh ate oh ate')?.e164).toBe('+441614960808');
    expect(extractPhone('we ate out, my number is 07911 123456')?.e164).toBe('+447911123456');
  });

  it('gives the national format and confidence', () => {
    expect(extractPhone('07911 123456')).toEqual({
      e164: '+447911123456',
      national: '07911 123456',
      confidence: 'high',
      forCallback: false,
    });
  });

  it.each([
    'you can call me back on 07700 900123',
    'ring us back at 07700 900123',
    'text me on 07700 900123',
    "you'll get hold of me on 07700 900123",
    'catch me on 07700 900123 after six',
    "here's my number, 07700 900123",
  ])('hears %j as the number to call back on', (said) => {
    expect(extractPhone(said)).toMatchObject({ e164: '+447700900123', forCallback: true });
  });

  it.each(['07700 900123', 'the old number was 07700 900123 hmm', 'i called them on 07700 900123 last week'])(
    'does not take %j as given to call back on',
    (said) => {
      expect(extractPhone(said)?.forCallback).toBe(false);
    },
  );

  it('gives low confidence to numbers of the right shape that are not allocated', () => {
    expect(extractPhone('07700 900123')).toMatchObject({ e164: '+447700900123', confidence: 'low' });
  });

  it('uses the default region for national numbers', () => {
    expect(extractPhone('(212) 555-0134', 'US')?.e164).toBe('+12125550134');
  });

  it.each(['', 'hello', 'three bed semi', '250k', '12 acacia avenue', 'oh seven nine one', 'm14 5ab'])(
    'finds no phone number in %j',
    (said) => {
      expect(extractPhone(said)).toBeNull();
    },
  );
});

describe('phone properties', () => {
  const words = ['oh', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

  it('reads any UK mobile number said digit by digit, with pairs said as "double" or as numbers', () => {
    const mobile = fc
      .array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 })
      .map((rest) => `07${[4, 5, 7, 8, 9][(rest[0] ?? 0) % 5]}${rest.slice(1).join('')}`);
    const style = fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 11, maxLength: 11 });
    fc.assert(
      fc.property(mobile, style, (digits, styles) => {
        const spoken: string[] = [];
        for (let i = 0; i < digits.length; i++) {
          const d = Number(digits[i]);
          const next = digits[i + 1];
          if (styles[i] === 1 && next === digits[i]) {
            spoken.push(`double ${words[d] ?? ''}`);
            i++;
          } else if (styles[i] === 2 && next !== undefined && next !== '0' && d > 0 && i > 0) {
            // A round ten ("twenty") would swallow the next digit word, so only say 21–99 this way.
            spoken.push(sayBelowHundred(d * 10 + Number(next)));
            i++;
          } else spoken.push(words[d] ?? '');
        }
        expect(extractPhone(spoken.join(' '))?.e164).toBe(`+44${digits.slice(1)}`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a number said in groups with words between them', () => {
  it.each([
    // "treble" for three of a digit, as British callers say it.
    ['oh seven nine one one, one two three, treble four', '+447911123444'],
    ['oh two oh seven nine four six, oh treble oh', '+442079460000'],
    // A word or two joining the groups.
    ['oh seven nine one one, one two three, and then four five six', '+447911123456'],
    ['oh one six one four nine six then oh one two three', '+441614960123'],
    // A pause, then the last group said again before the rest.
    [
      'oh seven nine one one one two three, wait, let me get my glasses, one two three four five six',
      '+447911123456',
    ],
    ['oh one one three four nine six, er, hold on, four nine six oh nine eight seven', '+441134960987'],
  ])('reads %j as %s', (said, e164) => {
    expect(extractPhone(said)?.e164).toBe(e164);
  });

  it.each([
    ['07911 123456 and the house is number 4', '+447911123456'],
    ['my number is oh seven nine one one one two three four five six, and we are at 22', '+447911123456'],
  ])('a whole number is not run on into a later one: %j', (said, e164) => {
    expect(extractPhone(said)?.e164).toBe(e164);
  });

  it('short groups joined with a house number make no phone number', () => {
    expect(extractPhone('oh one six one four nine six and it is number 12')?.e164).not.toBe('+44016149612');
  });
});
