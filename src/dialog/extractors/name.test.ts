import { describe, expect, it } from 'vitest';
import { extractName, titleCase } from './name.js';

describe('extractName', () => {
  it.each([
    ['my name is john smith', 'John', 'Smith', 'John Smith'],
    ["my name's john", 'John', undefined, 'John'],
    ['My name is JOHN SMITH.', 'John', 'Smith', 'John Smith'],
    ['the name is bond', 'Bond', undefined, 'Bond'],
    ["it's sarah", 'Sarah', undefined, 'Sarah'],
    ["hi it's sarah o'brien here", 'Sarah', "O'Brien", "Sarah O'Brien"],
    ['this is dave from foxtons', 'Dave', undefined, 'Dave'],
    ['john speaking', 'John', undefined, 'John'],
    ['hello john smith speaking', 'John', 'Smith', 'John Smith'],
    ['dave here', 'Dave', undefined, 'Dave'],
    ['call me jo', 'Jo', undefined, 'Jo'],
    ["i'm john and i want to sell", 'John', undefined, 'John'],
    ['yeah it is mary mcdonald', 'Mary', 'McDonald', 'Mary McDonald'],
    ['my name is sarah jane smith', 'Sarah', 'Smith', 'Sarah Jane Smith'],
    ["my name's will", 'Will', undefined, 'Will'],
    ['my name is tom manning', 'Tom', 'Manning', 'Tom Manning'],
    ['my name is emily brown', 'Emily', 'Brown', 'Emily Brown'],
    ['um my name is er priya patel and i am calling about my house', 'Priya', 'Patel', 'Priya Patel'],
  ])('reads %j', (said, first, last, full) => {
    const name = extractName(said);
    expect(name?.first).toBe(first);
    expect(name?.last).toBe(last);
    expect(name?.full).toBe(full);
  });

  it.each([
    '',
    'hello',
    "i'm calling about my house",
    "i'm selling",
    "i'm looking to sell",
    "i'm not sure",
    "it's a semi",
    "it's four bedrooms",
    "it's detached",
    "it's empty",
    'call me back tomorrow',
    'call me on 07911 123456',
    "i'm interested in selling",
    "i'm the executor",
    'speak to someone here',
  ])('finds no name in %j', (said) => {
    expect(extractName(said)).toBeNull();
  });

  it.each([
    ["it's mrs jones", 'Mrs Jones'],
    ['this is mister green', 'Mr Green'],
    ['my name is dr rao', 'Dr Rao'],
  ])('keeps a surname said with its title alone, to address the caller by: %j', (said, full) => {
    expect(extractName(said)?.full).toBe(full);
  });

  it.each([
    ['hello, gareth price here', 'Gareth Price'],
    ['colin barnes by the way', 'Colin Barnes'],
    ["my name's actually dave", 'Dave'],
  ])('%j', (said, full) => {
    expect(extractName(said)?.full).toBe(full);
  });

  it('gives low confidence to the looser frames', () => {
    expect(extractName('my name is john')?.confidence).toBe('high');
    expect(extractName("it's john")?.confidence).toBe('low');
  });

  it('reads a bare name when the agent asked for it', () => {
    expect(extractName('john smith', { expectingName: true })).toMatchObject({
      first: 'John',
      last: 'Smith',
    });
    expect(extractName('yeah john', { expectingName: true })?.first).toBe('John');
    expect(extractName('john smith')).toBeNull();
    expect(extractName('three bed semi', { expectingName: true })).toBeNull();
  });

  it.each([
    ['emily brown', 'Emily Brown'],
    ['holly smith', 'Holly Smith'],
    ['sally jones', 'Sally Jones'],
    ['tom manning', 'Tom Manning'],
    ['alice irving', 'Alice Irving'],
  ])('reads names ending like adverbs or verbs when asked: %j', (said, full) => {
    expect(extractName(said, { expectingName: true })?.full).toBe(full);
  });

  it.each([
    ['gary o neill', "Gary O'Neill"],
    ['its sean o brien', "Sean O'Brien"],
    ['my name is mary mc donald', 'Mary McDonald'],
    ["gary o'neill", "Gary O'Neill"],
  ])('joins a surname prefix split by speech recognition: %j', (said, full) => {
    expect(extractName(said, { expectingName: true })?.full).toBe(full);
  });

  it.each([
    ["the name's kowalski, agnieszka kowalski", 'Agnieszka Kowalski'],
    ['morgan. declan morgan.', 'Declan Morgan'],
    ["o'neill, callum o'neill", "Callum O'Neill"],
  ])('drops a surname said before the whole name: %j', (said, full) => {
    expect(extractName(said, { expectingName: true })?.full).toBe(full);
  });

  it.each([
    ["you're speaking to ravi hall", 'Ravi Hall'],
    ['your speaking two ravi hall', 'Ravi Hall'],
    ['you are talking to ravi hall', 'Ravi Hall'],
  ])('hears "you\'re speaking to" however the recogniser wrote it: %j', (said, full) => {
    expect(extractName(said)?.full).toBe(full);
  });

  it.each([
    ['my name is niamh price and i have a flat to sell', 'Niamh Price'],
    ["my name's gareth price, ringing about my mum's house", 'Gareth Price'],
    ['precious fraser speaking', 'Precious Fraser'],
  ])('keeps a name word that is also a word after a clear frame, to be read back: %j', (said, full) => {
    const name = extractName(said);
    expect(name?.full).toBe(full);
    expect(name?.doubtful).toBe(true);
  });

  it.each([
    ['stuart singh, stuart is s t u a r t', 'Stuart Singh'],
    ['hamish hall, hamish is, hamish is h a m i s h', 'Hamish Hall'],
  ])('puts the letters on the word they spell when two words share its initial: %j', (said, full) => {
    expect(extractName(said, { expectingName: true })?.full).toBe(full);
  });

  it.each(["my name's, my name's deepak", "i'm eighty one now", 'im 62 this year'])(
    'takes no pronoun or number for a name: %j',
    (said) => {
      expect(extractName(said, { expectingName: true })?.first ?? '').not.toMatch(/^(?:My|Eighty|Sixty)/);
    },
  );

  it.each([
    "it's far too big for me now",
    "it's way too much house for us",
    "i'm much too old for the stairs",
    'we used to have a 4 bed before we moved here',
    'a 3 bed round here goes for 220',
  ])('takes no name from a sentence about something else: %j', (said) => {
    expect(extractName(said)).toBeNull();
  });

  it('keeps a spoken zero out of a name', () => {
    expect(extractName('o seven nine one one', { expectingName: true })).toBeNull();
  });

  it.each(["i'm really calling about selling", 'just wondering', 'actually'])(
    'still hears no name in %j when asked',
    (said) => {
      expect(extractName(said, { expectingName: true })).toBeNull();
    },
  );
});

describe('titleCase', () => {
  it.each([
    ['smith', 'Smith'],
    ["o'brien", "O'Brien"],
    ['mcdonald', 'McDonald'],
    ["d'arcy", "D'Arcy"],
  ])('cases %s as %s', (raw, cased) => {
    expect(titleCase(raw)).toBe(cased);
  });
});

describe('"... here" names someone only when the words before it can be a name', () => {
  it.each(['a few jobs here and there', 'some bits here need doing', 'the kitchen here is dated'])(
    '%j names nobody',
    (said) => {
      expect(extractName(said)).toBeNull();
    },
  );

  it.each([
    ['hello you have got dave smith here', 'Dave Smith'],
    ['morning, kerry here', 'Kerry'],
  ])('%j', (said, full) => {
    expect(extractName(said)?.full).toBe(full);
  });
});
