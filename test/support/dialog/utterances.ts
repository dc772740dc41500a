/**
 * A generator of caller utterances as Twilio speech recognition renders them: lower case, digits,
 * no punctuation, fillers, false starts, self-repairs, off-topic questions, refusals, yes/no,
 * times and several facts at once. For the engine's property tests.
 */
import fc from 'fast-check';

const FACTS = [
  'sarah jones',
  'its claire um claire dunne',
  'my name is dave',
  'm14 5ab',
  'em one four five ay bee',
  'sk4 2aa',
  '12 acacia avenue m14 5ab',
  '3 mill road m14 5rt',
  'its a semi',
  'detached house',
  'a flat',
  'terraced',
  '3 bed',
  'three bedrooms',
  'four beds',
  'needs a bit of work',
  'its in good nick',
  'needs a full renovation',
  'its empty',
  'theres a tenant in',
  'i live there',
  '250k',
  'about 240 with the tenant in',
  'two hundred and fifty thousand',
  'around 180 grand',
  'asap',
  'quick as possible',
  'within the year',
  'no rush',
  'im moving over to glasgow with work',
  'my mum passed away',
  'going through a divorce',
  '07911 123456',
  'i want to sell my house',
];

/** Ways of declining a question or not knowing the answer. */
export const REFUSALS = [
  "i'd rather not say",
  "that's personal",
  "i'd rather hear what you'd offer first",
  'not sure',
  'no idea',
  'dunno',
  "i don't know to be honest",
  "can't remember",
];

const OFF_TOPIC = [
  'are you a robot',
  'who am i speaking to',
  'what company is this',
  'is this a real person',
];

const YES_NO = ['yes', 'yeah', 'no', 'nope', 'yeah thats fine', 'yes thats fine', 'good its fine', 'ok'];

const TIMES = [
  'the first one',
  'the 1st one',
  'the second',
  'the later one',
  'the earlier one',
  'either is fine',
  'whichever',
  '9 is fine',
  'half nine',
  '2 works',
  'monday at 9:15am is fine thank you',
  'tomorrow at 1:15pm is fine',
  'could you do friday morning',
  'next tuesday afternoon',
  'later say 3pm',
  'not today can you do thursday',
  'any time after 4',
  'friday at 10',
  'saturday',
];

const CALLS = [
  'can you ring me back later',
  'im driving',
  'call me tomorrow',
  'can i speak to someone',
  'i want a real person',
  'pardon',
  'bye',
];

const CORRECTIONS = ['no i said four bedrooms', 'thats wrong its m14 5ab', 'im not asking three million'];

const NOISE = ['purple', 'what', 'blah blah', '', 'hello', 'sorry the line is bad'];

const FILLERS = ['um', 'er', 'uh', 'erm', 'so', 'well', 'like'];

const base = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FACTS) },
  { weight: 2, arbitrary: fc.constantFrom(...REFUSALS) },
  { weight: 1, arbitrary: fc.constantFrom(...OFF_TOPIC) },
  { weight: 3, arbitrary: fc.constantFrom(...YES_NO) },
  { weight: 3, arbitrary: fc.constantFrom(...TIMES) },
  { weight: 1, arbitrary: fc.constantFrom(...CALLS) },
  { weight: 1, arbitrary: fc.constantFrom(...CORRECTIONS) },
  { weight: 1, arbitrary: fc.constantFrom(...NOISE) },
);

/** One utterance: a base phrase, maybe with a filler, a false start, a self-repair or a second fact. */
export const utteranceArb: fc.Arbitrary<string> = fc
  .record({
    said: base,
    filler: fc.option(fc.constantFrom(...FILLERS), { freq: 3 }),
    falseStart: fc.boolean(),
    repair: fc.option(base, { freq: 6 }),
    more: fc.option(fc.constantFrom(...FACTS), { freq: 5 }),
  })
  .map(({ said, filler, falseStart, repair, more }) => {
    const words = said.split(' ').filter((w) => w !== '');
    const first = words[0];
    const start = falseStart && first !== undefined ? [first, ...words] : words;
    const parts = [filler, start.join(' '), repair === null ? null : `no ${repair}`, more];
    return parts.filter((p): p is string => p !== null && p !== '').join(' ');
  });
