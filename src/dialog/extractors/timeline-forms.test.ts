/**
 * Classes of timeline answers, each in several phrasings and at several times of year: a season
 * named while it is under way, "the next fortnight" with no number, and no timescale at all.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { withVariants } from '../../../test/support/dialog/speech-variants.js';
import { extractTimeline } from './timeline.js';

const at = (iso: string): Date => DateTime.fromISO(iso, { zone: 'Europe/London' }).toJSDate();

describe('a season named while it is under way is this one', () => {
  it.each([
    ['sometime in the spring', '2025-04-03T10:00', 9],
    ['by the spring', '2025-03-02T10:00', 13],
    ['in the summer', '2025-07-15T10:00', 7],
    ['over the winter', '2026-01-10T10:00', 7],
    ['by the end of autumn', '2025-10-01T10:00', 9],
  ])('%j on %s is within %i weeks', (said, now, weeks) => {
    const t = extractTimeline(said, at(now));
    expect(t?.weeks).toBe(weeks);
  });

  it.each([
    ['next spring', '2025-04-03T10:00'],
    ['in the winter', '2025-04-03T10:00'],
  ])('%j on %s is a later season', (said, now) => {
    expect(extractTimeline(said, at(now))?.weeks ?? 0).toBeGreaterThan(9);
  });
});

describe('one of a unit with no number', () => {
  it.each([
    ['within the next fortnight', 2],
    ['in the next week or two', 2],
    ['over the next month', 4],
  ])('%j is within %i weeks', (said, weeks) => {
    expect(extractTimeline(said, at('2025-04-03T10:00'))?.weeks).toBe(weeks);
  });
});

describe('no timescale is flexible', () => {
  it.each([
    "there's no timescale really",
    'no set date',
    'no real deadline as such',
    "we haven't got a time frame, no time frame at all",
  ])('%j', (said) => {
    expect(extractTimeline(said, at('2025-04-03T10:00'))?.kind).toBe('flexible');
  });
});

describe("a tenancy's end is not when the caller sells", () => {
  const NOW = at('2026-11-24T12:00');
  it.each([
    'the tenants are moving out next month',
    'the tenancy ends in june',
    'their lease is up in march',
    "the tenant's given notice, she's out in 6 weeks",
    'the ast runs till august',
    'let to a nurse on a twelve month contract',
  ])('%j → nothing', (said) => {
    expect(extractTimeline(said, NOW)).toBeNull();
  });

  it.each([
    ['tenants are out in january and we would like it sold by easter', 'by Easter'],
    ['i want to sell before the tenancy ends in june', 'by June'],
  ])("%j is still the caller's own timeline", (said, label) => {
    expect(extractTimeline(said, NOW)?.label).toContain(label);
  });
});

describe('asked how soon, a tenancy’s end is the answer', () => {
  it.each(['when the lease is up in june', 'the lease runs out in june', 'the tenants are out in june'])(
    '%j',
    (said) => {
      const now = at('2026-11-24T12:00');
      expect(extractTimeline(said, now)).toBeNull();
      expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.label).toContain('June');
    },
  );

  it('volunteered, a tenancy tied to the sale by "so after that" is the timeline', () => {
    expect(
      extractTimeline('the tenancy ends in july, so after that', at('2026-11-24T12:00'))?.label,
    ).toContain('July');
  });
});

describe('volunteered, a date or a duration counts only in a clause about the sale or the move', () => {
  const volunteered = (said: string, now = at('2026-03-10T12:00')) =>
    extractTimeline(said, now, 'Europe/London', { said: 'volunteered' });

  it.each([
    'a terrace, been in the family fifty years',
    'debts, the bailiffs are coming next week',
    "it's deepak patel, i rang yesterday",
    'i got a job in leeds starting in september',
    'needs a new boiler, the old one packed in last winter',
    'clearing it out will take two months',
    'the survey man is coming out on friday',
    'my daughter gets married in june so it is all go',
    'we had the windows done a couple of year back',
    'tenants in till june then its empty',
    "the tenant's there until march, then it's empty",
    // Someone else leaving is their move, not the caller's sale.
    "tenant's in, but he's moving out at the end of the month",
    "mum's there, she's going into a home in may",
    "they're leaving in june, lovely couple",
  ])('%j is no timeline', (said) => {
    expect(volunteered(said)).toBeNull();
  });

  it.each([
    ['relocating for work, need to be there by june', 'June'],
    ['semi, and we need it gone in the next couple of months', '2 months'],
    ["it's empty, i'd like it sold by christmas", 'Christmas'],
    ['hoping to complete within six weeks if we can', '6 weeks'],
    ['the tenancy ends in july, so after that', 'July'],
    ["we're moving in august", 'August'],
    ["the tenants leave in may, then we'll sell", 'May'],
    ["the lad's moving out so we can sell in june", 'June'],
  ])('%j is a timeline (%s)', (said, label) => {
    expect(volunteered(said)?.label).toContain(label);
  });

  it.each([
    ['i rang yesterday', null],
    ['yesterday ideally', 'as soon as possible'],
    ['i needed it sold yesterday', 'as soon as possible'],
  ])('asked, %j', (said, label) => {
    expect(
      extractTimeline(said, at('2026-03-10T12:00'), 'Europe/London', { said: 'asked' })?.label ?? null,
    ).toBe(label);
  });
});

describe('durations said in quarters, halves and half-words', () => {
  const now = at('2025-04-03T11:00');
  it.each([
    ['within the next quarter', 13, 'within 3 months'],
    ['a quarter', 13, 'within 3 months'],
    ['half a year or so', 26, 'within 6 months'],
    ['in about half a year', 26, 'within 6 months'],
    ['within the next half year', 26, 'within 6 months'],
    ['fairly quick, within a couple of months ideally', 9, 'within 2 months'],
    ['really soon, six weeks tops', 6, 'within 6 weeks'],
  ])('%j is %i weeks', (said, weeks, label) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })).toMatchObject({ weeks, label });
  });

  it.each(['soon as', 'now really', 'erm now ideally', 'right now'])('%j is as soon as possible', (said) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.kind).toBe('asap');
  });

  it.each([
    'as and when',
    'not for a while yet',
    "not sure, we're just seeing what prices are like",
    "we've not really thought about it",
    "we're getting a feel for the market",
  ])('%j is flexible', (said) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.kind).toBe('flexible');
  });
});

describe('an occasion "next year" is the one a year on', () => {
  it.each([
    ['by easter next year', '2025-04-03T11:00', 53],
    ['next christmas', '2025-11-01T11:00', 60],
    ['before christmas next year', '2025-04-03T11:00', 90],
  ])('%j on %s is %i weeks', (said, now, weeks) => {
    expect(extractTimeline(said, at(now))?.weeks).toBe(weeks);
  });

  it('without "next", the coming one', () => {
    expect(extractTimeline('by easter', at('2025-04-03T11:00'))?.weeks).toBe(3);
  });
});

describe('timelines tied to the caller’s own plans, a day with no month, and "not this year"', () => {
  const now = at('2025-04-03T11:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  it.each(['when i find somewhere to go', "once we've found a place", 'depends if we find somewhere'])(
    '%j is flexible',
    (said) => {
      expect(asked(said)?.kind).toBe('flexible');
    },
  );

  it.each([
    ['by the 15th', 2],
    ['before the twentieth', 2],
    ['before the kids go back to school', 21],
    ['not this year', 39],
  ])('%j is %i weeks away', (said, weeks) => {
    expect(asked(said)?.weeks).toBe(weeks);
  });
});

describe('a deadline only days away is as soon as possible', () => {
  const now = at('2025-04-03T11:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  it.each(
    withVariants([
      ['tomorrow if we could', 'asap'],
      ['by the weekend ideally', 'asap'],
      ['today really', 'asap'],
      ['by friday if possible', 'asap'],
      ["we'd want it sold by tomorrow", 'asap'],
      ['before the end of the week if that is possible', 'asap'],
    ] as const),
  )('%j is %s', (said, kind) => {
    expect(asked(said)?.kind).toBe(kind);
  });

  it.each(['the surveyor is coming out tomorrow', "i'm seeing the solicitor on friday"])(
    '%j names a day for something else',
    (said) => {
      expect(asked(said)).toBeNull();
    },
  );

  it('a weekday a week on is not days away', () => {
    expect(asked('friday week')?.kind).not.toBe('asap');
  });
});

describe('"as soon as possible" stressed, and the sale needed now', () => {
  it.each(
    withVariants([
      ['as quick as is humanly possible', 'asap'],
      ['soon as physically possible please', 'asap'],
      ['as fast as realistically possible', 'asap'],
      ['it has to go now', 'asap'],
      ['it needs to be sold now', 'asap'],
      ['we need to sell up now', 'asap'],
      ['honestly it wants to go now now', 'asap'],
    ] as const),
  )('%j is %s', (said, kind) => {
    expect(extractTimeline(said, at('2025-04-03T11:00'))?.kind).toBe(kind);
  });
});

describe('a timeline that depends on the money or on another move is flexible', () => {
  const asked = (said: string) =>
    extractTimeline(said, at('2025-04-03T11:00'), 'Europe/London', { said: 'asked' });

  it.each(
    withVariants([
      ['it all depends on the money', 'flexible'],
      ['depending on what they offer', 'flexible'],
      ['to be fair it depends how much you can offer', 'flexible'],
      ['depends on whether we find a place', 'flexible'],
      ['depending if we get something sorted', 'flexible'],
      ["i'm not really bothered", 'flexible'],
      ['not that bothered when to be honest', 'flexible'],
      ['there is no fixed time', 'flexible'],
      ['no set time for it', 'flexible'],
    ] as const),
  )('%j is %s', (said, kind) => {
    expect(asked(said)?.kind).toBe(kind);
  });

  it('not when the caller is only unbothered about something else', () => {
    expect(asked("i'm not bothered about the price")).toBeNull();
  });
});

describe('dates offered as guesses beside a shrug are flexible', () => {
  const now = at('2025-04-03T11:00');
  it.each([
    'whenever, might be june, might be september',
    'maybe this summer maybe next, not fussed',
    'either christmas or the spring, whenever really',
    "could be the autumn could be next year i'm not bothered",
  ])('%j', (said) => {
    expect(extractTimeline(said, now)?.kind).toBe('flexible');
  });

  it('without the shrug, the first date still stands', () => {
    expect(extractTimeline('could be june could be july', now)?.label).toContain('June');
  });

  it('"either way" offers no guesses', () => {
    expect(extractTimeline('either way, within three months or so, no rush', now)?.weeks).toBe(13);
  });
});

describe('a timeline put right after "hang on", "make that", "scratch that"', () => {
  it.each([
    ['two months, hang on, make that six weeks', 6],
    ['eight weeks, no wait, five', 5],
    ['three months, hold on, two', 9],
    ['a month, scratch that, a fortnight', 2],
    ['six weeks no hang on three three weeks', 3],
  ])('%j is %i weeks', (said, weeks) => {
    expect(extractTimeline(said, at('2025-04-03T11:00'))?.weeks).toBe(weeks);
  });
});

describe('of two dates, the one said to be the latest binds', () => {
  const now = at('2025-04-03T11:00');
  it.each([
    ['june ideally, august at the latest', 'August'],
    ["we'd love to be in for christmas but end of october latest", 'October'],
    ['by the spring, no later than the end of may', 'May'],
    ['in for the new year so completion mid november at the very latest', 'November'],
  ])('%j is by %s', (said, month) => {
    expect(extractTimeline(said, now)?.label).toContain(month);
  });
});

describe('a part of a month: early, mid, late, the start or the end', () => {
  const now = at('2025-04-03T11:00');
  it.each(
    withVariants([
      ['mid-june', 11],
      ['early july', 14],
      ['late may', 8],
      ['the beginning of september', 23],
      ['by mid august', 20],
      ['the end of may at the very latest', 9],
      ['end of, end of june', 13],
    ] as const),
  )('%j is %i weeks', (said, weeks) => {
    expect(extractTimeline(said, now)?.weeks).toBe(weeks);
  });

  it('"may" as a verb is still no month', () => {
    expect(extractTimeline('we may sell', now)).toBeNull();
  });
});

describe('a month or an occasion "next year", or "the next one", is a year on', () => {
  const now = at('2025-04-03T11:00');
  it.each([
    ['june next year', 63],
    ['by march of next year', 48],
    ['the end of the tax year, not this one, the next one', 53],
    ['before the clocks go back next year', 81],
  ])('%j is %i weeks', (said, weeks) => {
    expect(extractTimeline(said, now)?.weeks).toBe(weeks);
  });
});

describe('days of the British year', () => {
  it.each([
    ['by bonfire night', '2025-04-03T11:00', 31],
    ['before guy fawkes', '2025-04-03T11:00', 30],
    ['before the clocks go back', '2025-04-03T11:00', 29],
    ["before the clocks go back, i can't do another winter here", '2025-04-03T11:00', 29],
    ['by halloween', '2025-09-20T11:00', 6],
    ['before the schools break up for the summer', '2025-04-03T11:00', 15],
    ['by the summer holidays', '2025-04-03T11:00', 16],
    ['before the clocks go forward', '2025-11-11T11:00', 19],
    ['by bonfire night', '2025-11-20T11:00', 50],
  ])('%j on %s is %i weeks', (said, now, weeks) => {
    expect(extractTimeline(said, at(now))?.weeks).toBe(weeks);
  });
});

describe('a trip, its length and its date, is not the timeline', () => {
  const now = at('2025-04-03T11:00');
  it.each([
    ['end of july, we have got a week in majorca in june', 'July'],
    ["we're having a fortnight away in may but by september", 'September'],
    ['ten days off over easter, but sold by june', 'June'],
    ["give us till the end of october, we've two weeks in lanzarote in august", 'October'],
  ])('%j is by %s', (said, month) => {
    expect(extractTimeline(said, now)?.label).toContain(month);
  });

  it.each([
    ['six weeks in an ideal world', 6],
    ['a month in total', 4],
  ])('a duration still counts when "in" does not start a place: %j', (said, weeks) => {
    expect(extractTimeline(said, now)?.weeks).toBe(weeks);
  });
});

describe('a count of years no sale waits for is history', () => {
  it.each(['marriage breakdown, twenty-three years', 'thirty years of it', 'divorce after 25 years'])(
    '%j → nothing',
    (said) => {
      expect(extractTimeline(said, at('2025-04-03T11:00'))).toBeNull();
    },
  );

  it('a plan years ahead still counts', () => {
    expect(extractTimeline('within five years', at('2025-04-03T11:00'))?.weeks).toBe(260);
  });
});

describe('volunteered, "before that" ties the clause before to the sale', () => {
  const volunteered = (said: string) =>
    extractTimeline(said, at('2025-04-03T11:00'), 'Europe/London', { said: 'volunteered' });

  it.each([
    ['the hearing is on the 10th of june, so we need it sold before that', 'June'],
    ['i start a new job in september and we want to be moved by then', 'September'],
    ["my flight's on the 2nd of july so it has to be gone before then really", 'July'],
  ])('%j is by %s', (said, month) => {
    expect(volunteered(said)?.label).toContain(month);
  });

  it.each(['the hearing is on the 10th of june', 'i start a new job in september and it is a long drive'])(
    '%j alone is no timeline',
    (said) => {
      expect(volunteered(said)).toBeNull();
    },
  );
});

describe('everyday British ways of saying how soon', () => {
  // Thursday 3 April 2025, late morning in London.
  const NOW = at('2025-04-03T11:00');
  const asked = (said: string) => extractTimeline(said, NOW, 'Europe/London', { said: 'asked' });

  describe('no rush, however the "not" is said', () => {
    it.each(
      withVariants([
        ["we aren't in any great rush", 'flexible'],
        ["i ain't in a hurry, me", 'flexible'],
        ["there's nae rush, pal", 'flexible'],
        ['honestly, in no real hurry', 'flexible'],
        ["we're not in any massive rush", 'flexible'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });
  });

  describe('a wait shrugged off, and no deadline of their own, is flexible', () => {
    it.each(
      withVariants([
        ['no hurry, a few more weeks will not make any difference', 'flexible'],
        ["i'm in no rush, another six weeks isn't going to hurt", 'flexible'],
        ['no rush at all, another few months is not going to harm anyone', 'flexible'],
        ["we haven't got a set date", 'flexible'],
        ["i don't actually have any deadline, we're fine where we are", 'flexible'],
        ['we never had a fixed timescale', 'flexible'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it.each([
      ["it wouldn't hurt to be out by june", 'months'],
      ['i need it in six weeks, another month would hurt', 'weeks'],
    ])('%j keeps its date (%s)', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });
  });

  describe('as fast as the caller is able, and other wishes for speed', () => {
    it.each(
      withVariants([
        ['as quick as we possibly can', 'asap'],
        ['soon as i can manage, really', 'asap'],
        ['as fast as it can be done', 'asap'],
        ["as soon as you're able", 'asap'],
        ['soonest, please', 'asap'],
        ['we need the cash, so quick', 'asap'],
        ['i just want shot of it now', 'asap'],
        ['we need rid of the place straight away', 'asap'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it.each(
      withVariants([
        ['as fast as you lot can manage', 'asap'],
        ['soon as yous can do it', 'asap'],
        ['quick as ye can, honestly', 'asap'],
        ['as quick as you guys could do it', 'asap'],
        ["whichever's fastest for us", 'asap'],
        ['whatever is quickest, that suits', 'asap'],
        ["as soon as, please, we've had enough of the place", 'asap'],
      ]),
    )('%j, the agent named in other words, is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it('"whatever\'s quickest" gives way to a date that bounds it', () => {
      expect(asked("whatever's fastest, but we're away till the twentieth so not before then")?.kind).toBe(
        'weeks',
      );
    });

    it.each([
      ['within two months, sooner the better', 9],
      ['six weeks, the sooner the better really', 6],
    ])('%j: the wish gives way to the deadline beside it (%i weeks)', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });
  });

  describe('a week this close, said as a wish or with "by", is at once', () => {
    it.each(
      withVariants([
        ['next week if possible', 'asap'],
        ['by next week', 'asap'],
        ['this week ideally', 'asap'],
        ['next weak if you can', 'asap'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it('"next week" on its own is still a date', () => {
      expect(asked('next week')?.weeks).toBe(2);
    });
  });

  describe('parts of a unit and counts with "more"', () => {
    it.each(
      withVariants([
        ['a quarter of a year, roughly', 13],
        ['three quarters of a year', 39],
        ['half of a year', 26],
        ['two more weeks', 2],
        ['a couple more months', 9],
        ['in a year’s time', 52],
        ["in two months' time", 9],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });
  });

  describe('a time taken back in other words', () => {
    it.each(
      withVariants([
        ['twelve weeks, i tell a lie, ten', 10],
        ['three months, i meant two months', 9],
        ['tomorrow, ha, only joking, end of june', 13],
        ["the weekend, i'm kidding, six weeks", 6],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });
  });

  describe('"tops", "max", "at most": the bound said last binds', () => {
    it.each(
      withVariants([
        ['a month, two months max', 9],
        ['a fortnight, three weeks at the most', 3],
        ['at most a month', 4],
        ['not long, a week, two weeks tops', 2],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });
  });

  describe('a date that only bounds the sale, then the one the caller means', () => {
    it.each(
      withVariants([
        ["we're on holiday in may, so not before that, june time", 'June'],
        ['the wedding is in august, so before then, july', 'July'],
        ["june's no good, we're away, say the end of july", 'July'],
        ["she's not out until the end of may, so june probably", 'June'],
        ['the tenancy ends in july, so after that', 'July'],
      ]),
    )('%j is %s', (said, month) => {
      expect(asked(said)?.label).toContain(month);
    });
  });

  describe('times offered with a shrug, and no time at all', () => {
    it.each(
      withVariants([
        ["three months, a year, it's all the same to us", 'flexible'],
        ["i don't mind, june, september, makes no odds", 'flexible'],
        ['open-ended, really', 'flexible'],
        ["we'll just play it by ear", 'flexible'],
        ["we'll see how things go", 'flexible'],
        ['depends, really', 'flexible'],
        ['oh, a good while off yet', 'flexible'],
        ['whatever suits you', 'flexible'],
        ['whenever the buyers are ready', 'flexible'],
        ["if the money's right", 'flexible'],
        ["i'm easy", 'flexible'],
        ["once we've found the right house", 'flexible'],
        ["whenever's easiest for everyone", 'flexible'],
        ["whenever, another couple of months won't hurt", 'flexible'],
        ["we've had two offers fall through this year, so whenever", 'flexible'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it.each([
      "a few more weeks won't make any difference",
      'he moved out after two years',
      "she left after a year and it's been quiet since",
    ])('%j gives no deadline', (said) => {
      expect(asked(said)).toBeNull();
    });
  });

  describe('words as the recogniser writes them: "o\'" for "of", "weak" for "week", "were" for "we\'re"', () => {
    it.each(
      withVariants([
        ["end o' june", 13],
        ["the back end o' the year", 39],
        ["first week o' july", 14],
        ['in a weak or two', 2],
        ['two weaks', 2],
        ['were aiming for june', 11],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });

    it('"were not in any hurry" is flexible', () => {
      expect(asked('were not in any hurry')?.kind).toBe('flexible');
    });

    it('"the market\'s weak" is no timeline', () => {
      expect(asked("the market's weak")).toBeNull();
    });
  });

  describe('a week of a month, a part of a year, two months in a row', () => {
    it.each(
      withVariants([
        ['the first week of june', 10],
        ['the last week in july', 17],
        ['second week of may', 6],
        ['the middle of next year', 65],
        ['early next year', 52],
        ['mid year', 13],
        ['end of next year', 91],
        ['spring next year', 48],
        ['the summer of next year', 61],
        ['june or july', 15],
        ['september, october time', 28],
        ['april or may', 6],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });
  });

  describe('bank holidays, half-terms and the school year', () => {
    it.each(
      withVariants([
        ['by the spring bank holiday', 8],
        ['the may bank holiday', 5],
        ['before the august bank holiday', 20],
        ['whitsun', 8],
        ['by the bank holiday', 3],
        ['october half-term', 30],
        ['may half term', 8],
        ['by half-term', 8],
        ['when the school year starts', 22],
        ['after the summer holidays', 22],
        ['not till the autumn', 28],
        ['after the summer', 22],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });

    it('"next april", said in April, is the April a year on', () => {
      expect(asked('by the end of the financial year, next april')?.weeks).toBe(53);
      expect(asked('next april')?.weeks).toBe(54);
    });
  });

  describe('a unit with no count', () => {
    it.each(
      withVariants([
        ['weeks, not months', 4],
        ['days rather than weeks', 1],
        ['a matter of weeks', 4],
        ['months, not years', 52],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });
  });

  describe("asked, a tenancy's end gives way to the caller's own time", () => {
    it.each([
      ["the lease runs to august but i'm not fussed, whenever", 'flexible'],
      ["tenant's on a contract till march, but as soon as you like", 'asap'],
    ])('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it('with nothing else said, the tenancy is the answer', () => {
      expect(asked('when the lease is up in june')?.label).toContain('June');
    });
  });

  describe('a length of time gone, hedged, is no deadline', () => {
    it.each(
      withVariants([
        ["it's been empty for about eight years", null],
        ["we've lived there nearly forty years", null],
        ['been on the market for roughly six months', null],
        ["it's been let for just over two years", null],
      ]),
    )('%j → %s', (said, expected) => {
      expect(extractTimeline(said, NOW, 'Europe/London', { said: 'volunteered' })).toBe(expected);
      expect(extractTimeline(said, NOW)).toBe(expected);
    });
  });

  describe('volunteered, a deadline set for the caller counts', () => {
    it.each([
      ["the bank wants it back, i've got till the end of the month", 4],
      ["repossession, they've given us until june", 9],
    ])('%j is %i weeks', (said, weeks) => {
      expect(extractTimeline(said, NOW, 'Europe/London', { said: 'volunteered' })?.weeks).toBe(weeks);
    });
  });
});

describe('classes of answer heard on calls', () => {
  const now = at('2025-04-03T11:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });
  const volunteered = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'volunteered' });

  describe('a counted time under a fortnight is as soon as possible', () => {
    it.each(
      withVariants([
        ['within the next few days', 'asap'],
        ['in about ten days', 'asap'],
        ['could it be done in a week', 'asap'],
        ['nine days if you can', 'asap'],
        ['a week or so, really', 'asap'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it.each([
      ['a fortnight', 2],
      ['two weeks', 2],
      ['a week or two', 2],
    ])('%j is still %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });
  });

  describe('a plain wish for speed gives way to a deadline, and to a need said after it', () => {
    it.each(
      withVariants([
        ['sooner rather than later, say within three months', 13],
        ['quickly please, ideally in six weeks', 6],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });

    it.each(
      withVariants([
        ['proper quick, by next week if poss', 'asap'],
        ['pretty quick, this week ideally', 'asap'],
        ['now would be ideal', 'asap'],
        ["now's best really", 'asap'],
        ['frankly, yesterday', 'asap'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });
  });

  describe("someone else's push, set against the caller's own view, is not the timeline", () => {
    it.each(
      withVariants([
        ["my daughter keeps nagging me to sell it fast, but i'm happy to wait, six months or so", 26],
        ['the wife is on at me to get it sold quick, though i reckon by the end of june', 13],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });

    it('with nothing else said, the rush is still read', () => {
      expect(asked('my son wants me to sell it quick')?.kind).toBe('asap');
    });
  });

  describe('a date after "since", or of a thing begun, is history', () => {
    it.each(
      withVariants([
        ["we've been trying to sell since january, so the sooner the better", 'asap'],
        ["we've had it up for sale since the autumn, as quick as you like", 'asap'],
        ["no rush, we've been hoping to sell since the start of march", 'flexible'],
        ['no rush, the tenant only signed up in february', 'flexible'],
        // The whole of the date goes, not a word of it: "end of october" is left no deadline.
        ['empty since the back end of october so the sooner the better', 'asap'],
        ["it's been sat there since the tail end of last year, as quick as you like", 'asap'],
        ['vacant since the very end of january, no rush mind', 'flexible'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it('a deadline beside it still counts', () => {
      expect(asked('empty since january and i want it sold by the end of may')?.weeks).toBe(9);
    });
  });

  describe('"nothing urgent" and "if it sells, it sells" are flexible', () => {
    it.each(
      withVariants([
        ['nothing urgent, pet', 'flexible'],
        ['nowt pressing', 'flexible'],
        ['if it sells, it sells', 'flexible'],
        ['if it happens, it happens, love', 'flexible'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });
  });

  describe('a time worked out aloud, then given after "so"', () => {
    it.each(
      withVariants([
        ['they said eight weeks from the exchange, and that was three weeks back, so five weeks', 5],
        ['the court gave us sixteen weeks and that was a month ago, so twelve weeks', 12],
        ['my new job starts in october, so by the end of september', 26],
        // A deadline of the caller's own is only said again by a later month after "so".
        ['by the time the kids go back to school, so september', 22],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });
  });

  describe("how long something went on is no deadline, nor a wait that won't hurt", () => {
    it.each(
      withVariants([['a sale fell through after three months of waiting, so now would be great', 'asap']]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it.each([
      'after two years of trying to let it',
      'our buyer pulled out after six weeks of dithering',
      "six more weeks won't kill us",
    ])('%j gives no deadline', (said) => {
      expect(asked(said)).toBeNull();
    });
  });

  describe('"next month" and "the new year" read as a month is', () => {
    it.each(
      withVariants([
        ['sometime next month', 6],
        ['by next month', 4],
        ['end of next month', 9],
        ['in the new year', 41],
        ['after new year', 41],
        ['by the new year', 39],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });
  });

  describe('a time the caller settles on after another is offered', () => {
    it.each(
      withVariants([
        ['six weeks, my wife says two months, fair enough, two months', 9],
        ['three months? the agent said four, ok then, four months', 17],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });
  });

  describe('"straight away after" a date is that date', () => {
    it.each(
      withVariants([
        ['the builders finish at the end of may, then i want it sold straight away after', 9],
        ['probate should be through by june and we would sell immediately after', 9],
      ]),
    )('%j is %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });
  });

  describe('a wait on the money gives way to at once when the money is right', () => {
    it.each(
      withVariants([
        ["it depends on the offer, but if it's right i'd sell tomorrow", 'asap'],
        ["depends what you pay, if the money's right, today", 'asap'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it('without a day, the wait on the money stands', () => {
      expect(asked('it depends on the offer really')?.kind).toBe('flexible');
    });
  });

  describe('the sale itself, quick, and a rush after a negation ended by "so"', () => {
    it.each(
      withVariants([
        ["i need to sell the flat fast, i'm behind on the mortgage", 'asap'],
        ["we need to sell the bungalow fast as we're skint", 'asap'],
        ['had no interest, not one, so as fast as you like', 'asap'],
      ]),
    )('volunteered, %j is %s', (said, kind) => {
      expect(volunteered(said)?.kind).toBe(kind);
    });
  });

  describe("volunteered, a tenancy's end beside a mention of selling is still the tenancy's", () => {
    it.each([
      "the house i'm selling has a tenant whose contract ends in october",
      "that's the flat we're selling the lease is up in august",
      "it's the one i want to sell the tenants agreement runs out in july",
      "we don't want to be landlords any more, notice is served and they're out by june",
    ])('%j is no timeline', (said) => {
      expect(volunteered(said)).toBeNull();
    });

    it.each([
      ["we'd sell once the tenancy ends in september", 'September'],
      ['i want it sold before the lease is up in july', 'July'],
    ])('%j is the sale tied to it (%s)', (said, month) => {
      expect(volunteered(said)?.label).toContain(month);
    });
  });

  describe('the recogniser\'s "write" for "right", "weve" for "we\'ve", "were" for "we\'re"', () => {
    it.each([
      ['once weve found the write house', 'flexible'],
      ['when the price is write', 'flexible'],
    ])('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it('"within" keeps its clause though "were" follows', () => {
      expect(asked('its costing us so within the month if we can were paying two mortgages')?.weeks).toBe(4);
    });
  });
});

describe('classes of answer from callers of every background', () => {
  // Thursday 3 April 2025: the summer ends on 31 August, Christmas is 38 weeks away.
  const now = at('2025-04-03T10:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  describe('a season given whole is due by its last day', () => {
    it.each(
      withVariants([
        ["i don't want it hanging about past the summer", 22],
        ['sometime over the summer would do us', 22],
        ["ideally before the summer's out", 21],
        ['before summer is over really', 21],
        ['through the summer, i suppose', 22],
        ["before the autumn's done", 34],
      ]),
    )('%j is about %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });

    it('"by the summer" is still its first day', () => {
      expect(asked('by the summer')?.weeks).toBe(9);
    });
  });

  describe('"after christmas" is the new year, not Christmas', () => {
    it.each(
      withVariants([
        ['after christmas would be better for us', 41],
        ['not till after xmas, january sort of time', 41],
        ["we'd rather wait until after the christmas, then crack on", 41],
      ]),
    )('%j is some way into January (%i weeks)', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });

    it('"by christmas" is still Christmas', () => {
      expect(asked('by christmas please')?.weeks).toBe(38);
    });
  });

  describe('"this year" beside a date of its own is that date', () => {
    it.each([
      ['christmas this year ideally', 38],
      ["before christmas, the kids start a new school this year so we can't hang about", 38],
      ['after christmas, my daughter sits her exams this year', 41],
    ])('%j is about %i weeks', (said, weeks) => {
      expect(asked(said)?.weeks).toBe(weeks);
    });

    it('"this year" alone is within the year', () => {
      expect(asked('sometime this year')?.weeks).toBe(52);
    });
  });

  describe('no deadline, the article dropped, is flexible', () => {
    it.each(
      withVariants([
        ["we don't have deadline, maybe spring, maybe autumn", 'flexible'],
        ["i haven't got timescale really", 'flexible'],
        ['we have not timeline for it', 'flexible'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });
  });

  describe('beside how pressed the caller is, the date of something else is no deadline', () => {
    it.each(
      withVariants([
        ["whenever suits, we've the static at the coast for the summer", 'flexible'],
        ["no hurry, my brother's wedding is on the 3rd of may", 'flexible'],
        ["honestly i'm not fussed, there's a hearing about the will in june", 'flexible'],
        ['pretty quick, my exams are in june and i could do without the stress', 'asap'],
        ["sharpish, the bailiffs' letter says they're coming on the 14th", 'asap'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it.each([
      ['no rush, june maybe', 'June'],
      ["middle of next year perhaps, we're in no hurry", 'middle of next year'],
      ["october time, there's no rush", 'October'],
      ["no rush but we're moving in june", 'June'],
      ['not in a hurry, we need to be out by july', 'July'],
      ["no rush, the wedding's in june, we'd want it done before then", 'June'],
    ])('%j keeps its date (%s)', (said, label) => {
      expect(asked(said)?.label).toContain(label);
    });
  });

  describe('a word of speed said twice over is as soon as possible', () => {
    it.each(
      withVariants([
        ['quick quick, the bank are after me', 'asap'],
        ['fast, fast, please', 'asap'],
        ['quickly quickly, they are taking us to court in may', 'asap'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it('a "quick question" is not', () => {
      expect(asked('quick question, do you buy flats?')).toBeNull();
    });
  });

  describe('a near day said as the answer, then the reason', () => {
    it.each(
      withVariants([
        ["tomorrow, we're behind on everything", 'asap'],
        ['honestly today, i need the cash', 'asap'],
        ['tomorrow cos the bank is on my back', 'asap'],
      ]),
    )('%j is %s', (said, kind) => {
      expect(asked(said)?.kind).toBe(kind);
    });

    it('"tomorrow the surveyor comes" is no answer of its own', () => {
      expect(asked('tomorrow the surveyor comes round')).toBeNull();
    });
  });
});

describe('a month said beside a season is the sharper answer', () => {
  const now = at('2025-04-03T10:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  it.each(
    withVariants([
      ['the end of september, before the autumn sets in', 'by the end of September'],
      ["july time, we're off for the whole of the winter", 'in July'],
      ["by the autumn, october ideally, we're abroad all summer", 'in October'],
      ['late october, before the winter properly starts', 'by late October'],
    ]),
  )('%j is %s', (said, label) => {
    expect(asked(said)?.label).toContain(label);
  });

  it.each([
    ['by the summer, june-ish', 'in June'],
    ['in january, or the summer', 'by summer'],
  ])('a month after the season, or past its end: %j is %s', (said, label) => {
    expect(asked(said)?.label).toContain(label);
  });
});

describe('a time counted from a date, not from now', () => {
  // Thursday 3 April 2025.
  const now = at('2025-04-03T10:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  it.each(
    withVariants([
      ['a fortnight before christmas would be ideal', 36],
      ["my son's wedding is on the 20th of july and we want to be out a month before", 12],
      ["the flat's finished on the 1st of march, they said possession ten weeks after that", 6],
      ['two weeks after easter, once the kids are back', 5],
      ["we'd be moving on the 30th of june, so before then, a couple of weeks before ideally", 11],
    ]),
  )('%j is about %i weeks', (said, weeks) => {
    expect(asked(said)?.weeks).toBe(weeks);
  });

  it.each([
    ['six weeks after we exchange', 6],
    ['within 6 weeks, before the summer', 6],
  ])('with no date to count from, %j is a time from now (%i weeks)', (said, weeks) => {
    expect(asked(said)?.weeks).toBe(weeks);
  });
});

describe('the date of a holiday is not the deadline when the sale has one of its own', () => {
  const now = at('2025-04-03T10:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  it.each(
    withVariants([
      ["over the easter holidays we're visiting my sister, then we'd sell in the summer", 'by summer'],
      ["we've a holiday in may booked, so completion by the end of august", 'by the end of August'],
      [
        "during the easter hols i'm in ireland for a fortnight, and i'd like it sold by the end of july",
        'by the end of July',
      ],
    ]),
  )('%j is %s', (said, label) => {
    expect(asked(said)?.label).toContain(label);
  });

  it.each([
    ['after our holiday in july', 'July'],
    ['before the trip in june', 'June'],
  ])('a holiday the only date, %j keeps it (%s)', (said, month) => {
    expect(asked(said)?.label).toContain(month);
  });
});

describe('"seriously" said for stress takes nothing back; "but seriously" does', () => {
  const now = at('2025-04-03T10:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  it.each([
    ["yesterday, seriously, i've a loan payment due on the 20th", 'as soon as possible'],
    ['yesterday seriously the council tax bill is due on the 20th', 'as soon as possible'],
    ['as fast as you can. seriously. the bailiffs are coming on the twelfth', 'as soon as possible'],
    ["asap, seriously, we've a court date on the 5th of may", 'as soon as possible'],
  ])('%j is %s', (said, label) => {
    expect(asked(said)?.label).toBe(label);
  });

  it.each([
    ['yesterday, ha, but seriously, six weeks', 6],
    ['tomorrow, seriously though, within three months', 13],
  ])('%j takes the later time (%i weeks)', (said, weeks) => {
    expect(asked(said)?.weeks).toBe(weeks);
  });
});

describe('no rush said as a shrug, an idiom or a regional word', () => {
  const now = at('2025-04-03T10:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  it.each(
    withVariants([
      // The sale left to find its own time.
      ["when it's right, it's right", 'flexible'],
      ["it'll happen when it happens", 'flexible'],
      ["it'll take as long as it takes", 'flexible'],
      ['what will be will be', 'flexible'],
      ['let it take its course', 'flexible'],
      // No pressure of the caller's own.
      ["i won't force it", 'flexible'],
      ["i'm not chasing it", 'flexible'],
      ["we're not pushing it", 'flexible'],
      ["it's not a race", 'flexible'],
      // Any word for a scramble.
      ["there's no panic on it at all", 'flexible'],
      ['no mad rush', 'flexible'],
      ['no great hurry, pet', 'flexible'],
      // Not bothered, however the "not" is said.
      ["ar, i ain't bothered when, bab", 'flexible'],
      ["i'm no fussed", 'flexible'],
      ['nae bothered', 'flexible'],
      ["honestly i'm not arsed", 'flexible'],
      // Relaxed, however much so.
      ["we're dead relaxed about it", 'flexible'],
      ["i'm pretty laid back", 'flexible'],
      ['chilled about the timing', 'flexible'],
      // Nothing fixed, and when said to be no matter.
      ["nothing's set in stone", 'flexible'],
      ["nowt's nailed down yet", 'flexible'],
      ["timing's not a big deal", 'flexible'],
      ["time isn't an issue for us", 'flexible'],
      ["timing doesn't really matter", 'flexible'],
      // Some day: the West Country's "dreckly", "in due course".
      ["dreckly, my 'andsome", 'flexible'],
      ['in due course', 'flexible'],
      ['in the fullness of time', 'flexible'],
    ]),
  )('%j is %s', (said, kind) => {
    expect(asked(said)?.kind).toBe(kind);
  });

  it.each([
    ["i'm not rushing it, but i'd like it gone by june", 9],
    ['not bothered about the price, but by june', 9],
    ["nothing's set in stone, end of june maybe", 13],
  ])('%j keeps the date said beside it (%i weeks)', (said, weeks) => {
    expect(asked(said)?.weeks).toBe(weeks);
  });

  it.each([
    "it's in a state, timing's not a big deal though",
    "the boiler's ten years old, timing doesn't matter",
  ])('volunteered, %j is flexible', (said) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'volunteered' })?.kind).toBe('flexible');
  });
});

describe('speed said as a superlative is as soon as possible', () => {
  const now = at('2025-04-03T10:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  it.each(
    withVariants([
      ['in the most short time, please', 'asap'],
      ['in the shortest time possible', 'asap'],
      ['within the quickest time', 'asap'],
      ['at the earliest opportunity', 'asap'],
      ['at your earliest convenience', 'asap'],
      ['the fastest possible', 'asap'],
      ['earliest possible date', 'asap'],
      ['as early as possible', 'asap'],
      ['without delay', 'asap'],
      ['most quickly, it is very important for me', 'asap'],
    ]),
  )('%j is %s', (said, kind) => {
    expect(asked(said)?.kind).toBe(kind);
  });

  it.each([
    ['june at the earliest', 11],
    ['at the earliest, june', 11],
  ])('%j is a bound, not a need for speed (%i weeks)', (said, weeks) => {
    expect(asked(said)?.weeks).toBe(weeks);
  });
});

describe('saints’ days, quarter days and the days of the four nations', () => {
  it.each([
    ['hogmanay at the latest', 39],
    ['by michaelmas', 26],
    ['before martinmas', 31],
    ['lammas time', 18],
    ['by lady day', 51],
    ["for st david's day", 48],
    ["before st patrick's day", 49],
    ["by st george's day", 3],
    ["by st george's day next year", 55],
    ["st andrew's day", 35],
    ['before burns night', 42],
    ['by remembrance sunday', 32],
    ['before the twelfth fortnight', 14],
    ['good friday ideally', 3],
    ["by father's day", 11],
    ['by pancake day', 46],
  ])('%j is %i weeks', (said, weeks) => {
    expect(extractTimeline(said, at('2025-04-03T11:00'))?.weeks).toBe(weeks);
  });

  it('a weekday in a feast’s name is not a day away: "good friday ideally" is not at once', () => {
    expect(extractTimeline('good friday ideally', at('2025-04-03T11:00'))?.kind).not.toBe('asap');
  });
});

describe('"next april\'s", its apostrophe lost, is a year on', () => {
  it.each([
    ["before the end of the tax year, next april's", 52],
    ['before the end of the tax year next aprils i mean', 52],
  ])('%j is %i weeks', (said, weeks) => {
    expect(extractTimeline(said, at('2025-04-03T11:00'))?.weeks).toBe(weeks);
  });
});

describe('volunteered, the caller’s word to the deal and a time said after the sale', () => {
  const volunteered = (said: string) =>
    extractTimeline(said, at('2025-04-03T11:00'), 'Europe/London', { said: 'volunteered' });

  it.each([
    ["three hundred and i'll sign next week", 'next week'],
    ["hit two-fifty and we'd shake on it tomorrow", 'as soon as possible'],
    ["get me to 180 and i'm ready to sign by the end of the month", 'end of the month'],
    ["students in it till the end of june, and i'd sell once they've gone, so july", 'July'],
    ["i'd sell once they've gone. july.", 'July'],
    ['we want to move, ideally the spring', 'spring'],
    ['we need to sell, probably september', 'September'],
  ])('%j is %s', (said, label) => {
    expect(volunteered(said)?.label).toContain(label);
  });

  it.each([
    'the divorce papers get signed next week',
    'i want to sell, so the boiler is 2019',
    'i want to sell. june i bought it.',
  ])('%j gives no timeline', (said) => {
    expect(volunteered(said)).toBeNull();
  });
});

describe('haste in idioms and letters, a time put right with a bare "no", the quarter and the exams', () => {
  const now = at('2025-04-03T11:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  it.each(
    withVariants([
      ['chop chop', 'asap'],
      ['in a jiffy', 'asap'],
      ['at the double', 'asap'],
      ['pdq', 'asap'],
      ['a s a p', 'asap'],
      ['ay ess ay pee', 'asap'],
      ['as quick as', 'asap'],
      ['i needed it gone last month', 'asap'],
      ['wanted it sold weeks ago', 'asap'],
    ]),
  )('%j is %s', (said, kind) => {
    expect(asked(said)?.kind).toBe(kind);
  });

  it.each([
    ['june, no, july', 'July'],
    ['end of may no june', 'June'],
    ['six weeks no eight', '8 weeks'],
    ['within the quarter', '3 months'],
    ['by the end of this quarter', '3 months'],
    ["after the kids' exams", 'after the exams'],
    ['before the gcses', 'before the exams'],
  ])('%j is %s', (said, label) => {
    expect(asked(said)?.label).toContain(label);
  });

  it.each([
    ['no rush, no', 'flexible'],
    ['chop the hedge back by june', 'months'],
  ])('%j stays %s', (said, kind) => {
    expect(asked(said)?.kind).toBe(kind);
  });
});

describe('haste and no rush in the words of every region and trade', () => {
  const now = at('2025-04-03T11:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });

  it.each(
    withVariants([
      // "soon as" closed by a word for the one spoken to.
      ['soon as, bruv', 'asap'],
      ['as soon as hen, the money is tight', 'asap'],
      ['as quick as, our kid', 'asap'],
      // As fast as the process lets it.
      ['as soon as the law allows', 'asap'],
      ['as quick as the solicitors will let us', 'asap'],
      ['as soon as is legally possible', 'asap'],
      // Words for briskly.
      ['quick smart', 'asap'],
      ['it wants selling toot sweet', 'asap'],
      ['in short order please', 'asap'],
      ['like the clappers', 'asap'],
      // No delay, in its idioms.
      ['no hanging about', 'asap'],
      ['none of that dithering, i want it done', 'asap'],
      ['without any shilly shallying', 'asap'],
      // Wanting to be free of it, in the Scots and Irish tenses, and the Scots "the now".
      ["i'm needing rid of it", 'asap'],
      ['she was wanting shut of the place', 'asap'],
      ['need it sold the noo', 'asap'],
      ['the now', 'asap'],
      // Time pressing on the caller.
      ["i'm up against the clock", 'asap'],
      ["the clock's ticking on the bridging loan", 'asap'],
      ["time's of the essence", 'asap'],
      // And not pressing.
      ["there's no ticking clock", 'flexible'],
      ["i'm not pressed for time", 'flexible'],
      ["we aren't up against the clock", 'flexible'],
      ['no time pressures', 'flexible'],
      // No eagerness of the caller's own.
      ["i'm not desperate to sell", 'flexible'],
      ["we aren't rushing to move", 'flexible'],
      ['not champing at the bit', 'flexible'],
      // Waiting on the money, in every word for waiting on.
      ['it comes down to the price', 'flexible'],
      ['subject to the right offer', 'flexible'],
      ["it's all down to what you're offering", 'flexible'],
      ['rests on the money', 'flexible'],
      // Undecided whether to sell at all.
      ['in two minds to be honest', 'flexible'],
      ["haven't made my mind up", 'flexible'],
      ["i'm on the fence, could sell, could rent it", 'flexible'],
      ['weighing up our options', 'flexible'],
      // A shrug said as a tautology.
      ['when it sells it sells', 'flexible'],
      ["once it's gone, it's gone", 'flexible'],
      ["it'll be sold when it's sold", 'flexible'],
    ]),
  )('%j is %s', (said, kind) => {
    expect(asked(said)?.kind).toBe(kind);
  });

  it.each([
    'the roof needs doing, no hanging about with that',
    'i need rid of the tenants the now',
    "i haven't decided on the price yet",
    "we haven't decided where we're moving to",
    'i can look at selling as soon as the tenants let me in',
    "i'm pushed for time at work",
  ])('%j says nothing of when to sell', (said) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'volunteered' })).toBeNull();
  });
});

describe('a view held once, turned from after "but", is not the caller’s now', () => {
  const now = at('2025-04-03T11:00');
  it.each([
    ["at first we said no rush, but now the job's come through we need it gone asap", 'asap'],
    ['originally we were in no hurry, but the bank is on our back, so as soon as possible', 'asap'],
    ["a while ago i'd have said whenever, but with the debts i need it sold quick", 'asap'],
    ["we used to be in a rush but now we're easy, whenever", 'flexible'],
  ])('%j is %s', (said, kind) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.kind).toBe(kind);
  });
});

describe('days counted within a month or a year, and a year said after a marker', () => {
  const now = at('2025-04-03T11:00');
  const asked = (said: string) => extractTimeline(said, now, 'Europe/London', { said: 'asked' });
  it.each([
    // A weekday counted within a month: 4 August, 27 June, 20 May 2025.
    ['the first monday in august', 18],
    ['by the last friday of june', 13],
    ['third tuesday in may', 7],
    // "last" as the end of a time ahead, not the week gone.
    ['the last night of the year, hogmanay', 39],
    ['by the last day of may', 9],
    // A year or a month on from today.
    ['this time next year', 52],
    ['same time next month', 4],
    // A year said after a marker places the date said before it.
    ['june, sorry, next year', 63],
    ['the end of january, so before then, next year', 43],
    // "eight" and "one" as the recogniser's sound-alikes.
    ['ate weeks', 8],
    ['six weeks, no, make it ate', 8],
    ['won month', 4],
  ])('%j is within %i weeks', (said, weeks) => {
    expect(asked(said)?.weeks).toBe(weeks);
  });

  it.each(['we had the last of the builders out last week', 'the last time we tried to sell was in june'])(
    '%j gives no deadline',
    (said) => {
      expect(extractTimeline(said, now, 'Europe/London', { said: 'volunteered' })).toBeNull();
    },
  );
});

describe('a duration told of the past is how long something went on, not a time to sell in', () => {
  const now = at('2025-04-03T10:00');

  it.each(
    withVariants([
      ["it's been up for sale a year already, it'll go when it goes", 'flexible'],
      ['been with an agent nine months, no rush now', 'flexible'],
      ["my mate sold his in two weeks, i'm not fussed though", 'flexible'],
      ["my sister's went in a fortnight, but we're easy", 'flexible'],
      ["it's sat there a year and a half, no hurry", 'flexible'],
      ['the last one took six months to sell, a couple of months this time', 'within 2 months'],
      ['we waited eight months for probate, as quick as you can now', 'as soon as possible'],
    ] as const),
  )('%j is %j', (said, label) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.label ?? null).toMatch(
      new RegExp(`^${label}`),
    );
  });

  it.each(
    withVariants([
      ["i'd like it sold in two weeks", 'within 2 weeks'],
      ["it's got to be sold in six weeks", 'within 6 weeks'],
      ['sold in six weeks would be great', 'within 6 weeks'],
      ['we had hoped to sell within three months', 'within 3 months'],
      ['i was thinking six months', 'within 6 months'],
      ["we're emigrating in six weeks, it needs to be sold by then", 'within 6 weeks'],
    ] as const),
  )('said of the caller’s aim, %j is %j', (said, label) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.label ?? null).toBe(label);
  });
});

describe("another thing's own time gives way to the caller's", () => {
  const now = at('2025-04-03T10:00');

  it.each(
    withVariants([
      [
        'the divorce goes through in a couple of months, then we can sell, say three months',
        'within 3 months',
      ],
      ["the mortgage term ends in three years, i'd like it gone this year", 'within 12 months'],
      ["gas safety cert's due in a fortnight, but for selling, four months or so", 'within 4 months'],
      ['the fixed rate runs out in eighteen months, we want to be sold within six months', 'within 6 months'],
      ["my lad's course starts in two weeks, no rush on the house", 'flexible, no fixed date'],
    ] as const),
  )('%j is %j', (said, label) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.label ?? null).toBe(label);
  });

  it.each(
    withVariants([
      // With no time of the caller's own, the other thing's time is all there is to go on.
      ['the divorce goes through in a couple of months', 'within 2 months'],
      ['the fixed rate ends in six months, so before then', 'within 6 months'],
      [
        "dad died on the second of january, probate's due in about ten weeks, so we'd sell when that lands",
        'within 10 weeks',
      ],
    ] as const),
  )('alone, %j is %j', (said, label) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.label ?? null).toBe(label);
  });
});

describe('a duration as the recogniser writes it, and with a half', () => {
  const now = at('2025-04-03T10:00');

  it.each(
    withVariants([
      // A count's sound-alike after the words that ask for one.
      ['within for weeks', 'within 4 weeks'],
      ['in fore months', 'within 4 months'],
      ['in to months time', 'within 2 months'],
      ['within too weeks if you can', 'within 2 weeks'],
      // "Of" clipped to "a", "or" heard as "ore", units written short.
      ['couple a months', 'within 2 months'],
      ['a month ore two', 'within 2 months'],
      ['12 mths', 'within 12 months'],
      ['2 yrs maybe', 'within 2 years'],
      // A half after the unit goes with it.
      ['a year and a half maybe', 'within 18 months'],
      ['a month and a half', 'within 7 weeks'],
    ] as const),
  )('%j is %j', (said, label) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.label ?? null).toBe(label);
  });

  it.each(
    withVariants([
      // Time already gone is no count: "for" and "to" stay themselves there.
      ['we have been trying for months, no rush', 'flexible, no fixed date'],
      ["it's been empty for weeks, whenever", 'flexible, no fixed date'],
    ] as const),
  )('%j is still %j', (said, label) => {
    expect(extractTimeline(said, now, 'Europe/London', { said: 'asked' })?.label ?? null).toBe(label);
  });
});
