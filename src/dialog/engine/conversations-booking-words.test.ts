/**
 * Scripted bookings, table-driven over the ways callers pick or ask for a time, rendered as
 * speech recognition writes them, at several clock times: the booking is always on the day and
 * time the caller asked for or accepted, and said back.
 */
import { describe, expect, it } from 'vitest';
import { checkScript } from '../../../test/support/dialog/check-script.js';
import { CLOCKS, clockContext, london } from '../../../test/support/dialog/fixtures.js';

const CALLBACK = ['could someone call me back', 'dave smith', 'yes'];
const clock = (name: string) => {
  const found = CLOCKS.find((c) => c.name === name);
  if (found === undefined) throw new Error(name);
  return found;
};
const THURSDAY = { name: 'Thursday 11:00', now: london('2025-04-03T11:00'), within: true };

/** [clock, what the caller says after the first offer, the booking's London start]. */
const PICKS: [(typeof CLOCKS)[number], string[], string][] = [
  [THURSDAY, ['the first one'], '2025-04-03T12:00'],
  [THURSDAY, ['the 1st one'], '2025-04-03T12:00'],
  [THURSDAY, ['um the second one please'], '2025-04-03T14:00'],
  [THURSDAY, ['the later one'], '2025-04-03T14:00'],
  [THURSDAY, ['the earlier one'], '2025-04-03T12:00'],
  [THURSDAY, ['either is fine'], '2025-04-03T12:00'],
  [THURSDAY, ['whichever'], '2025-04-03T12:00'],
  [THURSDAY, ['2 works'], '2025-04-03T14:00'],
  [THURSDAY, ['yeah 2 is fine'], '2025-04-03T14:00'],
  [THURSDAY, ['today at 2pm is fine thank you'], '2025-04-03T14:00'],
  [THURSDAY, ['yes thats fine', 'yes thats fine'], '2025-04-03T12:00'],
  [THURSDAY, ['next tuesday afternoon', 'later say 3pm'], '2025-04-08T15:00'],
  [THURSDAY, ['not today can you do thursday', 'the first one'], '2025-04-10T09:00'],
  [THURSDAY, ['could you do friday morning', 'the second one'], '2025-04-04T11:00'],
  [THURSDAY, ['any time after 4', 'the first one'], '2025-04-03T16:00'],
  [THURSDAY, ['half nine tomorrow'], '2025-04-04T09:30'],
  [THURSDAY, ['anything later', 'the first one'], '2025-04-03T14:15'],
  [THURSDAY, ['whenever'], '2025-04-03T12:00'],
  [THURSDAY, ['can we do 3 instead'], '2025-04-03T15:00'],
  [THURSDAY, ['yep the 2pm'], '2025-04-03T14:00'],
  [clock('Saturday'), ['can we do 3 instead'], '2025-04-14T15:00'],
  [clock('Saturday'), ['the one at 2'], '2025-04-14T14:00'],
  [clock('Saturday'), ['monday at 9:15am is fine thank you'], '2025-04-14T09:15'],
  [clock('Saturday'), ['9 is fine'], '2025-04-14T09:00'],
  [clock('Sunday'), ['the second one'], '2025-11-17T11:00'],
  [clock('weekday after hours'), ['tomorrow at 1:15pm is fine'], '2025-04-11T13:15'],
  [clock('day before a bank holiday'), ['the first one'], '2025-04-17T16:15'],
];

describe('bookings land on the time the caller asked for or accepted', () => {
  const named = PICKS.map(([at, said, start]) => [at.name, said, start, at] as const);
  it.each(named)('at %s: %j books %s', (_name, said, start, at) => {
    const ctx = 'holidays' in at ? clockContext(at) : clockContext({ ...at, holidays: [] });
    const run = checkScript({
      name: said.join(' / '),
      now: at.now,
      ctx,
      steps: [...CALLBACK, ...said],
      expect: { booking: { kind: 'callback', start } },
    });
    expect(run.replies[run.replies.length - 1]).toMatch(
      /booked a call back for (?:today|tomorrow|[A-Z][a-z]+day)/,
    );
  });

  it('nothing free on the day asked for: says so and names the days of the times offered', () => {
    const run = checkScript({
      name: 'saturday',
      steps: [...CALLBACK, 'can you do saturday morning'],
      expect: {
        replies: { 4: /^Nothing's free on Saturday morning\. I could do Monday at 9am or Monday at 11am\./ },
      },
    });
    expect(run.state.phase).toBe('offering');
  });

  it.each(['im driving can you ring me back later', 'can you call me tomorrow', 'not a good time'])(
    '%j while a time is offered never gets a yes-or-no prompt',
    (said) => {
      const run = checkScript({ name: said, steps: [...CALLBACK, said], expect: { never: [/yes or a no/] } });
      expect(run.replies[4]).toMatch(/call you|I could do/);
    },
  );

  it('the day before a bank holiday, the next offers skip the holiday weekend and name the day', () => {
    const at = clock('day before a bank holiday');
    const run = checkScript({
      name: 'easter',
      now: at.now,
      ctx: clockContext(at),
      steps: [...CALLBACK, 'can you do tomorrow'],
      expect: { replies: { 4: /Tuesday at 9am/ } },
    });
    expect(run.replies[4]).not.toMatch(/tomorrow at/);
  });
});

describe('a caller who keeps asking for a person while a callback is offered', () => {
  it('hears why, then the call ends with the team in touch instead of an offer loop', () => {
    const at = clock('weekday after hours');
    const person = 'can i speak to a real person';
    const run = checkScript({
      name: 'person loop',
      now: at.now,
      ctx: clockContext(at),
      steps: [...CALLBACK, person, person, person, person],
      expect: { end: 'out_of_hours', booking: null },
    });
    expect(run.replies[4]).toMatch(/office is closed/);
    expect(run.state.phase).toBe('ended');
  });
});

/** A realistic call in speech-recognition style: it ends properly at every clock, without loops. */
const SPOKEN_CALL = [
  'um hi yeah im looking to sell my house',
  'its claire dunne',
  'er 12 acacia avenue m14 5ab',
  'yeah',
  'are you a robot',
  'its a semi',
  'three bed',
  'id rather not say',
  'theres a tenant in',
  'i dont know to be honest',
  'as soon as possible',
  'ive got a new job in leeds',
  'yes',
  'yes thats fine',
  'yes thats fine',
];

describe.each(CLOCKS)('a spoken call at $name', (at) => {
  it('ends with a booking or a hand-over, never repeating itself', () => {
    const run = checkScript({
      name: at.name,
      now: at.now,
      ctx: clockContext(at),
      steps: SPOKEN_CALL,
      expect: {},
    });
    const done = run.effects.some((e) => e.type === 'book' || e.type === 'transfer' || e.type === 'end');
    expect(done).toBe(true);
    for (let i = 2; i < run.replies.length; i++)
      expect(new Set(run.replies.slice(i - 2, i + 1)).size).toBeGreaterThan(1);
    expect(run.state.refused).toEqual(expect.arrayContaining(['condition', 'price']));
  });
});
