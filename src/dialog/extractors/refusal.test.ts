import { describe, expect, it } from 'vitest';
import { isCorrection, saysGoodbye, talksAboutSelling } from './conversation-cues.js';
import { detectIntent } from './intent.js';
import { extractRefusal } from './refusal.js';

describe('extractRefusal', () => {
  it.each([
    "i'd rather not say",
    'id rather not say',
    'um i would rather not say to be honest',
    "that's personal",
    'thats private',
    "i'd rather hear what you'd offer first",
    'id rather see what you would offer',
    "i don't want to say",
    'none of your business',
    'pass on that one',
    'no comment',
    "well i'm not giving that out until i know what you're offering",
    'im not giving you my number yet',
    "i won't give that out",
    'not giving my address over the phone',
  ])('%j declines', (said) => expect(extractRefusal(said)).toBe('refused'));

  it.each([
    'not sure',
    "i'm not sure",
    'er not sure really',
    'no idea',
    'dunno',
    "i don't know to be honest",
    'i dont know',
    "can't remember",
    'cant remember',
    "haven't a clue",
    "i haven't decided",
  ])('%j does not know', (said) => expect(extractRefusal(said)).toBe('unknown'));

  it.each([
    'three bed semi',
    'yes',
    'no',
    '250k',
    'its empty',
    'i know exactly',
    'sure',
    // Not giving the house away is a view on the price, not a refusal to answer.
    "i'm not giving it away",
  ])('%j is an answer, not a refusal', (said) => expect(extractRefusal(said)).toBeNull());
});

describe('conversation cues', () => {
  it.each([
    'no i said four bedrooms',
    "that's wrong it's m14 5ab",
    "i'm not asking three million",
    'actually its a flat',
    'sorry i meant 250',
    // "Actually", "wait" and "hold on" correct in a short turn.
    'actually no',
    'wait, four',
    'hold on thats not it',
  ])('%j corrects', (said) => expect(isCorrection(said)).toBe(true));

  it.each([
    'four bedrooms',
    "it's m14 5ab",
    'yes please',
    // An answer that opens with "not" answers the question put, whatever was said back before it.
    'not in any great rush',
    'not many',
    "not sure, we're just seeing what it's worth",
    'not really, no',
    // In a longer turn they are a turn of phrase.
    'actually hold on, i need to talk to my wife first',
    'hang on a minute, let me just find my glasses',
    "wait, i'll have to ask my husband about all that",
  ])('%j does not correct', (said) => expect(isCorrection(said)).toBe(false));

  it('goodbye and selling talk', () => {
    expect(saysGoodbye("that's all thanks bye")).toBe(true);
    expect(saysGoodbye("that's all i know")).toBe(false);
    expect(talksAboutSelling('i want to sell my house')).toBe(true);
    expect(talksAboutSelling('hello')).toBe(false);
  });
});

describe('questions about the call', () => {
  it.each([
    ['are you a robot', 'robot'],
    ['um are you a real person', 'robot'],
    ['am i talking to a computer', 'robot'],
    ['is this a real person', 'robot'],
    ['who am i speaking to', 'who'],
    ["what's your name", 'who'],
    ['what company is this', 'company'],
    ['who do you work for', 'company'],
    ['how did you get my number', 'number'],
    ['why do you need that', 'why'],
    ['what do you need it for', 'why'],
    ['do i have to give you that', 'why'],
    ["what's that got to do with anything", 'why'],
    ['why are you asking', 'why'],
    ['is that necessary', 'why'],
    ['whys that important', 'why'],
    ['do i have two give you that', 'why'],
    ['whats that got two do with it', 'why'],
  ])('%j is a question about the call (%s), not a request for a person', (said, kind) => {
    const flags = detectIntent(said);
    expect(flags.offTopic).toBe(kind);
    expect(flags.wantsHuman).toBe(false);
  });

  it.each(['i want to speak to a real person', 'can i talk to a human'])('%j asks for a person', (said) => {
    expect(detectIntent(said).wantsHuman).toBe(true);
    expect(detectIntent(said).offTopic).toBeNull();
  });

  it.each([
    "i'm driving",
    'im in the car',
    'can you ring me back later',
    "i can't talk right now",
    'call me tomorrow',
  ])('%j asks for a call back', (said) => expect(detectIntent(said).wantsCallback).toBe(true));
});

describe('extractRefusal: a bare no', () => {
  it.each(['no', 'nope', 'um no', 'no thanks', 'nah', 'No.'])('%j declines an open question', (said) => {
    expect(extractRefusal(said, { openQuestion: true })).toBe('refused');
  });

  it.each(['no', 'nope'])('%j is no refusal where no is an answer', (said) => {
    expect(extractRefusal(said)).toBeNull();
  });

  it.each(['no its 42 mauldeth road', 'no sorry its sarah'])('%j says more than no', (said) => {
    expect(extractRefusal(said, { openQuestion: true })).toBeNull();
  });
});

describe('extractRefusal: those the caller does not know, named before it', () => {
  it.each([
    "yes that's fine, but i never pick up numbers i don't know",
    'text me first, i ignore callers i do not know',
    "sure, though i don't talk to people that i don't know",
    "fine, but i don't answer to anyone i don't know",
  ])('declines nothing: %j', (said) => {
    expect(extractRefusal(said)).toBeNull();
  });

  it.each(["i don't know", "the postcode i don't know", "i don't know the number off hand"])(
    'a plain "don\'t know" still does not know: %j',
    (said) => {
      expect(extractRefusal(said)).toBe('unknown');
    },
  );
});
