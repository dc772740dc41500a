import { describe, expect, it } from 'vitest';
import { runScript, type Script, type Step } from '../../../test/support/dialog/script.js';
import { HOT_SELLER, sellerSteps, WARM_SELLER } from '../../../test/support/dialog/sellers.js';
import { describeOutcome, summariseCall, type TranscriptLine } from './summarise.js';

const HANGUP = { kind: 'hangup' } as const;
const INFO = { timeZone: 'Europe/London' };

/** Runs a script and returns its final state with the transcript a call service would keep. */
function callOf(steps: Step[], ctx: Script['ctx'] = {}) {
  const run = runScript({ name: '', steps, ctx, expect: {} });
  const transcript: TranscriptLine[] = [];
  run.results.forEach((result, i) => {
    const step = steps[i - 1];
    if (typeof step === 'string') transcript.push({ speaker: 'caller', text: step });
    if (result.reply !== '') transcript.push({ speaker: 'agent', text: result.reply });
  });
  return { state: run.state, transcript };
}

describe('summariseCall', () => {
  it.each([
    [
      'a warm seller who booked a viewing',
      [...sellerSteps(WARM_SELLER), 'the first one'],
      {},
      [
        'Sarah Jones (new seller), 07700 900123.',
        'A 3-bed semi-detached at 12 Acacia Avenue, M14 5AB; good condition; owner-occupied; asking £320,000; timeline flexible, no fixed date; reason downsizing.',
        'Score 66/100, warm.',
        'Viewing booked for Thu 3 Apr, 12:00.',
      ],
    ],
    [
      'a hot seller put through',
      sellerSteps(HOT_SELLER),
      {},
      [
        'Sarah Jones (new seller), 07700 900123.',
        'A 3-bed semi-detached at 12 Acacia Avenue, M14 5AB; needs modernisation; vacant; asking £200,000; timeline as soon as possible; reason probate.',
        'Score 100/100, hot.',
        'Transferred to 0161 234 5678 (hot enquiry).',
      ],
    ],
    [
      'a transfer nobody answered, then a callback',
      [...sellerSteps(HOT_SELLER), { kind: 'transfer_failed', reason: 'no-answer' }, 'the first one'],
      {},
      [
        'Sarah Jones (new seller), 07700 900123.',
        'A 3-bed semi-detached at 12 Acacia Avenue, M14 5AB; needs modernisation; vacant; asking £200,000; timeline as soon as possible; reason probate.',
        'Score 100/100, hot.',
        'Transfer to 0161 234 5678 failed (no answer). Callback booked for Thu 3 Apr, 12:00.',
      ],
    ],
    [
      'a hang-up part-way, with what is missing',
      ['I want to sell', 'Sarah Jones', 'M14 5AB', HANGUP],
      {},
      [
        'Sarah Jones (new seller), 07700 900123.',
        'A property at M14 5AB.',
        'Score 63/100, warm, on partial details.',
        'Nothing booked; the caller hung up.',
        'Missing: property type, bedrooms, condition, occupancy, price, timeline, reason for selling.',
      ],
    ],
    [
      'an estate agent who left a message',
      ["I'm calling from Smith estates", 'Tom Clarke', 'call me about Mill Lane', 'yes', 'the first one'],
      {},
      [
        'Tom Clarke, 07700 900123: not a seller.',
        'Estate agent: call me about Mill Lane.',
        'Callback booked for Thu 3 Apr, 12:00.',
      ],
    ],
    [
      'a caller who said one thing and hung up',
      ['hello?', HANGUP],
      {},
      [
        'Name not given (new caller), 07700 900123.',
        'No property details. Caller said: "hello?"',
        'Not scored: too little known.',
        'Nothing booked; the caller hung up.',
        'Missing: name, all property details.',
      ],
    ],
    [
      'a withheld caller who said nothing',
      [{ kind: 'silence' }, { kind: 'silence' }, { kind: 'silence' }],
      { callerNumber: '' },
      [
        'Name not given (new caller), number withheld.',
        'No property details; the caller said nothing.',
        'Not scored: too little known.',
        'Nothing booked; the call ended after silence.',
        'Missing: name, phone number, all property details.',
      ],
    ],
  ] as const)('%s', (_label, steps, ctx, lines) => {
    const { state, transcript } = callOf([...steps], ctx);
    const summary = summariseCall(state, transcript, INFO);
    expect(summary.split('\n')).toEqual(lines);
    // Short enough to read in ten seconds.
    expect(summary.split('\n').length).toBeGreaterThanOrEqual(3);
    expect(summary.split('\n').length).toBeLessThanOrEqual(5);
  });

  it('says a returning seller is returning', () => {
    const { state, transcript } = callOf(['I want to sell', 'mary', HANGUP], {
      returningLead: { id: 'lead_1', name: 'Mary Hughes' },
    });
    expect(summariseCall(state, transcript, INFO).split('\n')[0]).toBe(
      'Mary Hughes (returning seller), 07700 900123.',
    );
  });

  it('tells the desk the lead’s name when the caller gave none or another', () => {
    const returning = { returningLead: { id: 'lead_1', name: 'Mary Hughes' } };
    const none = callOf(['I want to sell', HANGUP], returning);
    expect(summariseCall(none.state, none.transcript, INFO).split('\n')[0]).toBe(
      'Name not given (returning seller; the lead is Mary Hughes), 07700 900123.',
    );
    const other = callOf(['I want to sell', 'Joan Wood', HANGUP], returning);
    expect(summariseCall(other.state, other.transcript, INFO).split('\n')[0]).toBe(
      'Joan Wood (returning seller; the lead is Mary Hughes), 07700 900123.',
    );
  });
});

describe('describeOutcome', () => {
  it('lets the service override the end reason it knows better', () => {
    const { state } = callOf(['I want to sell']);
    expect(describeOutcome(state, INFO)).toBe('Nothing booked; the call is still in progress.');
    expect(describeOutcome(state, { ...INFO, endReason: 'caller_hung_up' })).toBe(
      'Nothing booked; the caller hung up.',
    );
  });

  it('gives booking times in the business time zone (GMT in November)', () => {
    const { state } = callOf(['could someone call me back', 'Dave', 'yes', 'the first one']);
    const moved = {
      ...state,
      booking: {
        kind: 'callback' as const,
        start: '2025-11-14T10:00:00.000Z',
        end: '2025-11-14T10:15:00.000Z',
      },
    };
    expect(describeOutcome(moved, INFO)).toBe('Callback booked for Fri 14 Nov, 10:00.');
    expect(describeOutcome(moved, { timeZone: 'America/New_York' })).toBe(
      'Callback booked for Fri 14 Nov, 05:00.',
    );
  });
});

describe('the score line', () => {
  it('is not partial when only occupancy, which is not scored, is unknown', () => {
    const steps = sellerSteps(WARM_SELLER).filter((step) => step !== WARM_SELLER.occupancy);
    const run = runScript({
      name: '',
      steps: [...steps, 'the first one'],
      ctx: {},
      expect: {},
      config: (c) => {
        c.questions = c.questions.filter((q) => q.slot !== 'occupancy');
      },
    });
    const summary = summariseCall(run.state, [], INFO);
    expect(summary).toMatch(/Score \d+\/100, \w+\./);
    expect(summary).not.toMatch(/partial/);
  });
});
