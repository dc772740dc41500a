import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { extractTimeline } from './timeline.js';

// Wednesday 1 October 2025, 11:00 in London.
const NOW = DateTime.fromISO('2025-10-01T11:00', { zone: 'Europe/London' }).toJSDate();

describe('extractTimeline', () => {
  it.each([
    ['as soon as possible', 'asap', undefined],
    // A day of a month, however it is said, and the tax year's end.
    ['we need to be out by the 1st of november', 'weeks', 5],
    ['by the first of november', 'weeks', 5],
    ['by november the 1st', 'weeks', 5],
    ['the twenty first of november at the latest', 'weeks', 8],
    ['by december the 15th', 'months', 11],
    ['we want to sell by the end of november', 'months', 9],
    ['before the end of the tax year', 'months', 26],
    ['asap', 'asap', undefined],
    ['a.s.a.p.', 'asap', undefined],
    ['as quick as possible', 'asap', undefined],
    ['straight away', 'asap', undefined],
    ['i need a quick sale', 'asap', undefined],
    ['the sooner the better', 'asap', undefined],
    ['urgently', 'asap', undefined],
    ['within a month', 'months', 4],
    ['next few weeks', 'weeks', 3],
    ['in the next couple of weeks', 'weeks', 2],
    ['in three months', 'months', 13],
    ['within 6 months', 'months', 26],
    ['6 to 8 weeks', 'weeks', 8],
    ['two or three months', 'months', 13],
    ['a month or two', 'months', 9],
    ['within a fortnight', 'weeks', 2],
    // A counted time under a fortnight: no sale completes that fast.
    ['ten days', 'asap', undefined],
    ['within a year', 'months', 52],
    ['this week', 'weeks', 1],
    ['next week', 'weeks', 2],
    ['by christmas', 'months', 13],
    ['before xmas', 'months', 12],
    ['by the end of the month', 'weeks', 5],
    ['by the end of the year', 'months', 13],
    ['by june', 'months', 35],
    ['end of march', 'months', 26],
    ['by the summer', 'months', 35],
    ['by easter', 'months', 27],
    ['no rush', 'flexible', undefined],
    ["i'm not in a hurry", 'flexible', undefined],
    ["it's not urgent", 'flexible', undefined],
    ['flexible', 'flexible', undefined],
    ['whenever really', 'flexible', undefined],
    ['just testing the water', 'flexible', undefined],
    ['no rush but ideally within 3 months', 'months', 13],
  ] as const)('reads %j as %s', (said, kind, weeks) => {
    const result = extractTimeline(said, NOW);
    expect(result?.kind).toBe(kind);
    expect(result?.weeks).toBe(weeks);
  });

  it('labels the answer for read-back', () => {
    expect(extractTimeline('in three months', NOW)).toEqual({
      kind: 'months',
      weeks: 13,
      label: 'within 3 months',
    });
    expect(extractTimeline('by christmas', NOW)?.label).toBe('by Christmas (about 13 weeks)');
    expect(extractTimeline('no rush', NOW)?.label).toBe('flexible, no fixed date');
  });

  it('counts weeks to christmas from now, rolling to next year after it', () => {
    const december = DateTime.fromISO('2025-12-10T09:00', { zone: 'Europe/London' }).toJSDate();
    expect(extractTimeline('by christmas', december)).toMatchObject({ kind: 'weeks', weeks: 3 });
    const boxingDay = DateTime.fromISO('2025-12-26T09:00', { zone: 'Europe/London' }).toJSDate();
    expect(extractTimeline('by christmas', boxingDay)).toMatchObject({ kind: 'months', weeks: 52 });
  });

  it('uses the calendar day in the given zone', () => {
    // 23:30 UTC on 24 December is already Christmas Day in Tokyo.
    const lateEve = new Date('2025-12-24T23:30:00Z');
    expect(extractTimeline('by christmas', lateEve, 'Europe/London')?.weeks).toBe(1);
    expect(extractTimeline('by christmas', lateEve, 'Asia/Tokyo')?.weeks).toBe(1);
    expect(
      extractTimeline('by christmas', new Date('2025-12-25T16:00:00Z'), 'Pacific/Kiritimati')?.weeks,
    ).toBe(52);
  });

  it.each([
    '',
    'hello',
    "it's been empty for six months",
    'we bought it three years ago',
    // Time that has gone by, or a count of something else: never a deadline to sell.
    'lived there 39 years',
    "she's lived there thirty seven years",
    'we had it twenty years',
    "it's let to a nurse on a twelve month contract",
    'had a new boiler put in a couple of year back',
    'i may sell',
    'three bed semi',
    // A question to the agent is not the caller's timeline.
    'How quickly could you complete?',
    'how soon can you do it? is that fast',
    'how long does it take you normally?',
  ])('finds no timeline in %j', (said) => {
    expect(extractTimeline(said, NOW)).toBeNull();
  });
});

describe('extractTimeline, a wish for speed', () => {
  it.each([
    'quick as you like',
    'sharpish like',
    'the quicker the better',
    'i just want it gone',
    'we want rid of it',
  ])('reads %j as soon as possible', (said) => {
    expect(extractTimeline(said, NOW)?.kind).toBe('asap');
  });

  it('takes a deadline said with the wish over the wish', () => {
    expect(extractTimeline('the quicker the better, ideally within 3 months', NOW)?.label).toBe(
      'within 3 months',
    );
  });
});

describe('extractTimeline, around a question', () => {
  it('reads a wish put as a question as the wish', () => {
    expect(extractTimeline('could you do it within a month?', NOW)?.weeks).toBe(4);
  });

  it('reads what the caller said after asking, in the same breath', () => {
    expect(extractTimeline("how fast can you do it we'd want it in 6 weeks", NOW)?.weeks).toBe(6);
  });

  it('reads what the caller said after asking', () => {
    expect(extractTimeline("how quickly can you do it? i'd like it done in 6 weeks", NOW)).toMatchObject({
      kind: 'weeks',
      weeks: 6,
    });
  });
});

describe('a timeline put right in the same breath', () => {
  it.each([
    ['six months, actually sooner, within a few weeks if you can', 'weeks'],
    ['asap, no sorry, there is no rush really', 'flexible'],
    ['two months or rather six weeks', 'weeks'],
    ['we can wait', 'flexible'],
  ])('reads %j as %s', (said, kind) => {
    expect(extractTimeline(said, NOW)?.kind).toBe(kind);
  });

  it('keeps the only timeline when nothing was taken back', () => {
    expect(extractTimeline('actually, within three months', NOW)?.weeks).toBe(13);
  });
});

describe('a month that an event falls in, with the sale due before the event', () => {
  it.each([
    ['we need to move before my new job starts in december', 'by December', 8],
    ['the twins arrive in december so we want to be settled by then', 'by December', 9],
    ['before the wedding, which is in january', 'by January', 13],
  ])('reads %j as the start of the month', (said, label, weeks) => {
    expect(extractTimeline(said, NOW, 'Europe/London', { said: 'asked' })).toMatchObject({ weeks });
    expect(extractTimeline(said, NOW, 'Europe/London', { said: 'asked' })?.label).toContain(label);
  });

  it('keeps a month said alone as its middle', () => {
    expect(extractTimeline('in december probably', NOW)?.weeks).toBe(11);
  });

  it('keeps the middle when the "before that" is under a "not"', () => {
    expect(extractTimeline("december time, i don't want to move before that", NOW)?.weeks).toBe(11);
  });
});

describe('a month that narrows a stretch of the year said before it', () => {
  it.each([
    ['sometime next year, maybe april', 'in April', 28],
    ['the spring, probably march', 'in March', 24],
    ['early next year, january probably', 'in January', 16],
  ])('reads %j as the month', (said, label, weeks) => {
    const timeline = extractTimeline(said, NOW, 'Europe/London', { said: 'asked' });
    expect(timeline?.label).toContain(label);
    expect(timeline?.weeks).toBe(weeks);
  });

  it('keeps the stretch when the month is said before it, about something else', () => {
    expect(extractTimeline('the loan is paid off in march, so next year', NOW)?.label).toContain('next year');
  });

  it('keeps the end of a stretch, which is already a day', () => {
    expect(extractTimeline('the back end of the spring, end of may', NOW)?.label).toContain(
      'by the end of spring',
    );
  });
});

describe('a time the caller rules out', () => {
  it.each([
    ['not next year, sooner, by february', 'by February', 18],
    ['definitely not january, more like march', 'in March', 24],
    ['we would never sell in the summer, we want the autumn', 'autumn', 9],
    ['by midsummer day', 'by Midsummer', 38],
  ])('reads %j without it', (said, label, weeks) => {
    const timeline = extractTimeline(said, NOW, 'Europe/London', { said: 'asked' });
    expect(timeline?.label).toContain(label);
    expect(timeline?.weeks).toBe(weeks);
  });

  it.each([
    ['not till next year', 'next year'],
    ['not before march', 'by March'],
    ['not this year', 'next year'],
  ])('keeps %j, which names the earliest', (said, label) => {
    expect(extractTimeline(said, NOW)?.label).toContain(label);
  });
});

describe('a day of the month said in words', () => {
  it('reads the thirtieth', () => {
    expect(extractTimeline('by the thirtieth of november', NOW)).toMatchObject({ weeks: 9 });
    expect(extractTimeline('by the thirtieth of november', NOW)?.label).toContain('30 November');
  });
});

describe('times listed and shrugged at', () => {
  it.each([
    'not fussed, three months, four, whatever',
    "i don't mind, a few weeks or a couple of months or whatever",
  ])('reads %j as flexible', (said) => {
    expect(extractTimeline(said, NOW)?.kind).toBe('flexible');
  });

  it('keeps a time closed with "whatever" when there is no shrug of the caller\'s own', () => {
    expect(extractTimeline('six months, whatever', NOW)?.weeks).toBe(26);
  });
});

describe('a sale due before a day', () => {
  it.each([
    // 8 December is 68 days on: nine whole weeks fit before it, and it falls in the tenth.
    ['before the eighth of december', 9],
    ['it has to be done before my operation on the 8th of december', 9],
    ['before the hearing, which is the eighth of december', 9],
  ])('counts only the whole weeks before it in %j', (said, weeks) => {
    expect(extractTimeline(said, NOW)?.weeks).toBe(weeks);
  });

  it.each([
    ['by the eighth of december', 10],
    ["i don't want to move before then, the eighth of december", 10],
  ])('counts the week the day falls in for %j', (said, weeks) => {
    expect(extractTimeline(said, NOW)?.weeks).toBe(weeks);
  });
});
