import { describe, expect, it } from 'vitest';
import { detectIntent } from './intent.js';

describe('detectIntent', () => {
  it.each([
    'can I speak to someone',
    'can i talk to somebody please',
    'a real person',
    'I want to speak to a human',
    'talk to an actual person',
    'operator',
    'put me through to the office',
    'can you transfer me',
    'let me speak to a manager',
    "i don't want to talk to a robot",
    'get me a human',
    'just give me a real person',
    'is there someone there I could speak to?',
    'is there anybody I can talk to',
    'someone i could speak to would be good',
    'can i talk to your manager',
  ])('hears a request for a human in %j', (said) => {
    expect(detectIntent(said).wantsHuman).toBe(true);
  });

  it.each([
    ["I'm an estate agent", 'estate_agent'],
    ["hi i'm calling from smith and co lettings", 'estate_agent'],
    ["it's dave from bridge estates", 'estate_agent'],
    ['i work for a letting agency', 'estate_agent'],
    ['calling on behalf of a client', 'estate_agent'],
    ['hi its dave from bridge estates calling about a client', 'estate_agent'],
    ['hi this is sam at acme lettings', 'estate_agent'],
    ['im ringing about one of our clients', 'estate_agent'],
    ['wrong number', 'wrong_number'],
    ["sorry i think i've got the wrong number", 'wrong_number'],
    ["i didn't mean to call", 'wrong_number'],
    ["I'm chasing my offer", 'existing_seller_chasing'],
    ['you made me an offer last week', 'existing_seller_chasing'],
    ["i've already spoken to someone about my sale", 'existing_seller_chasing'],
    ['any update on my sale', 'existing_seller_chasing'],
    ["i'm looking to buy a house", 'other'],
    ['I want to buy a house', 'other'],
    ["we'd like to buy one of your flats", 'other'],
    ['do you have any properties for sale', 'other'],
    ['are you hiring', 'other'],
    ["do you lot ever sell houses? we're cash buyers", 'other'],
    ["we're first time buyers", 'other'],
    ['does your company sell properties', 'other'],
  ])('hears a non-seller in %j', (said, kind) => {
    expect(detectIntent(said).notSeller).toEqual({ kind });
  });

  it.each([
    'bye',
    'ok thanks bye',
    'goodbye',
    "that's all",
    "no that's everything",
    "no that's it",
    "that's it for now",
    'i have to go',
    'nothing else thanks',
  ])('hears the end of the call in %j', (said) => {
    expect(detectIntent(said).wantsToEnd).toBe(true);
  });

  it.each([
    'sorry what',
    'say that again',
    'pardon',
    'pardon?',
    'sorry?',
    'what?',
    'come again',
    "sorry i didn't catch that",
    'can you repeat that',
  ])('hears a request to repeat in %j', (said) => {
    expect(detectIntent(said).repeat).toBe(true);
  });

  it.each([
    'can you call me back',
    'ring me back tomorrow',
    "i'm driving at the moment",
    'can someone call me',
    'give me a call later',
    'not a good time',
    'can i get a callback',
  ])('hears a callback request in %j', (said) => {
    expect(detectIntent(said).wantsCallback).toBe(true);
  });

  it.each([
    'yes',
    'three bed semi',
    'my name is john',
    "it's a four bed in m14 5ab",
    'i want to sell my house quickly',
    'the estate agent could not sell it',
    "i'm moving for a new job",
    'no',
    'i live there',
    "i don't need to speak to anyone",
  ])('raises no flags for the ordinary answer %j', (said) => {
    expect(detectIntent(said)).toEqual({
      wantsHuman: false,
      notSeller: null,
      wantsToEnd: false,
      repeat: false,
      wantsCallback: false,
      asksCallback: false,
      offTopic: null,
    });
  });
});

describe('detectIntent: probate sellers are not estate agents', () => {
  it.each(['its from my late mums estate', "it's part of my dad's estate", 'im the executor of the estate'])(
    '%j is a seller',
    (said) => {
      expect(detectIntent(said).notSeller).toBeNull();
    },
  );
});

describe('detectIntent: who is calling, from everything said', () => {
  it.each([
    ["i'm an estate agent but this is my own house i'm selling"],
    ["we're cash buyers ourselves but we need to sell our house first"],
    ['i work for an estate agency, i want to sell my flat privately'],
    ["i'm a buyer really, but i'm selling my mum's bungalow for her"],
    // Ringing for the family who own it.
    ["i'm a student, it's my parents' really, they asked me to ring for them"],
    ["i'm calling on behalf of my nan, she wants to sell"],
    ["i'm ringing for my dad, he's in a home now"],
    ['she asked me to phone you up about the flat'],
  ])('a seller of their own home: %j', (said) => {
    expect(detectIntent(said).notSeller).toBeNull();
  });

  it.each([
    ["i'm ringing from bright windows about replacing your office windows"],
    ['can i speak to whoever handles your business energy contract'],
    ["hi i'm calling about a house i'm buying from you, has the survey been done"],
    ["we're buying one of your properties off you and wanted an update"],
  ])('not a seller: %j', (said) => {
    expect(detectIntent(said).notSeller?.kind).toBe('other');
  });

  it('a wrong number stays a wrong number whatever else is said', () => {
    expect(detectIntent('sorry wrong number, i wanted to sell my car').notSeller?.kind).toBe('wrong_number');
  });
});

describe('busy, said as when to call rather than as a request to end now', () => {
  it.each([
    "best to use 0191 498 0257 i'm at work all day",
    "i'm at work till five",
    'im at work during the day so evenings are better',
    "i'm driving most days but my mobile's fine",
    "i'm at work so can we be quick",
  ])('%j asks for no callback', (said) => {
    expect(detectIntent(said).wantsCallback).toBe(false);
  });

  // Beside an answer only words asking for a call back stop the questions (engine/answer-turn.ts).
  it.each([
    ["three, sorry, i'm driving, three", false],
    ["it's a semi, i'm in the car", false],
    ["i'm at work right now", false],
    ["i'm in a meeting, ring me back", true],
    ['three beds, can you call me back later', true],
    ["it's not a good time", true],
  ])('%j asks for a call back in words: %s', (said, asks) => {
    expect(detectIntent(said).asksCallback).toBe(asks);
  });

  // The number to use for the call back is an answer, not a wish to stop the questions now.
  it.each([
    ['as soon as possible, you can call me back on 07700 900456', false],
    ['no rush, ring us back on 0161 496 0350 any time', false],
    ['phone me back on +44 7700 900456 if you need anything', false],
    ['can you call me back on monday', true],
    ['ring me back on the fifth', true],
    ['call me back please', true],
  ])('%j asks for a call back in words: %s', (said, asks) => {
    expect(detectIntent(said).asksCallback).toBe(asks);
  });

  it.each(["i'm at work right now", 'sorry, i’m driving', "i'm busy", "i'm in a meeting, ring me back"])(
    '%j asks for a callback',
    (said) => {
      expect(detectIntent(said).wantsCallback).toBe(true);
    },
  );
});
