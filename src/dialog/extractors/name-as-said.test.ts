import { describe, expect, it } from 'vitest';
import { readNameAsSaid } from './name-as-said.js';

describe('readNameAsSaid', () => {
  it.each([
    // Surnames and first names that are also ordinary words.
    ['Gareth Price', 'Gareth Price'],
    ['Will Young', 'Will Young'],
    ['may wood', 'May Wood'],
    ['rich hall', 'Rich Hall'],
    ['Sonia Little', 'Sonia Little'],
    ['hope banks', 'Hope Banks'],
    // A name and then the caller goes on.
    ['Mohammed Khan, but everyone calls me Mo', 'Mohammed Khan'],
    ['gary fisher, well me and my brother own it between us', 'Gary Fisher'],
    ['aled jones and the house is in pontypridd', 'Aled Jones'],
    ['priya patel. we want to sell', 'Priya Patel'],
    // Said with a lead-in the frames do not cover.
    ['yeah its tom bell', 'Tom Bell'],
    ['oh right er siobhan o neill', "Siobhan O'Neill"],
    ['mister dwayne grant', 'Dwayne Grant'],
    // Said again in full after a first go.
    ['well gemma, well gemma lloyd', 'Gemma Lloyd'],
    ['Mrs Ellis. Margaret Ellis.', 'Margaret Ellis'],
    ["i'm paul, i'm paul green", 'Paul Green'],
    // Said by parts, in either order.
    ["first name's Gemma, surname's Lloyd", 'Gemma Lloyd'],
    ['Surname Begum, first name Nasreen', 'Nasreen Begum'],
    ['Jenkins, first name David', 'David Jenkins'],
    // With a note on the spelling or a word after it.
    ['Gemma Lloyd with two Ls', 'Gemma Lloyd'],
    ['Ellie Shaw like the playwright', 'Ellie Shaw'],
    ['kevin walsh erm yeah', 'Kevin Walsh'],
    ['Margaret Ellis, Mrs', 'Margaret Ellis'],
    // After a story, with nothing after it.
    ["the flat was my dad's but i'm sorting it now kerry okafor", 'Kerry Okafor'],
    ["it's my aunt's house but the executor is me, that's me, colin baker", 'Colin Baker'],
    // After a turn of phrase that only holds the floor.
    ['put it this way john smith', 'John Smith'],
    ['well as i say john smith', 'John Smith'],
    ['Let me think, Sarah Jones.', 'Sarah Jones'],
    ['to be fair its dave brown', 'Dave Brown'],
    ['lisa ward, touch wood', 'Lisa Ward'],
    // What the name is likened to, and a clause about someone else before it.
    ["It's Lloyd, as in the bank, Lloyd Harris.", 'Lloyd Harris'],
    ['its lloyd as in the bank lloyd harris', 'Lloyd Harris'],
    ["i'm ringing for my mum, she's irene walsh", 'Irene Walsh'],
    ['calling about my dads house hes frank moore', 'Frank Moore'],
  ])('takes %j as %j', (said, name) => {
    expect(readNameAsSaid(said)?.full).toBe(name);
  });

  it.each([
    // Questions and requests.
    ['why do you need it?', 'a question'],
    ['can I speak to someone', 'a request'],
    ['who is this', 'a question without its mark'],
    // Not a name at all.
    ["it's a bad line", 'a sentence'],
    ['three bed semi', 'property words'],
    ['twenty two', 'numbers'],
    ['blah blah', 'the same word again'],
    ['the house is on the market', 'a sentence about the house'],
    ['hang on a minute', 'a sentence'],
    ['my wife and I own it', 'a sentence about who owns it'],
    ['one two three four five', 'too many words'],
    ["no it's fine, bye", 'a goodbye'],
    ['my mum is dealing with it', 'a sentence with an -ing word'],
    ['sixty five', 'an age'],
    ["name's not important", 'the word name'],
  ])('refuses %j (%s)', (said) => {
    expect(readNameAsSaid(said)).toBeNull();
  });
});

describe('readNameAsSaid: a name explained by what is said round it', () => {
  it.each([
    // The parts named after the words.
    ["Begum's my surname, and it's Nasreen first.", 'Nasreen Begum'],
    ['kaur is the surname jaspreet is the first name', 'Jaspreet Kaur'],
    ['Tom Hale, Thomas is the full first name.', 'Thomas Hale'],
    // A question of the caller's own after the name.
    ['Owen Price. Do you want it spelt?', 'Owen Price'],
    ['yeah, Ruth Mayer. Is that enough?', 'Ruth Mayer'],
    // A nickname set aside.
    ["Fran, well, Frances Doyle. Fran's just what my family call me.", 'Frances Doyle'],
    // A spelling note after the name.
    ['sian ellis with no accent, ellis without an e on the end', 'Sian Ellis'],
    // A term of address after it.
    ['Joan Pike, dear', 'Joan Pike'],
    // A surname explained by itself, after a false start or two.
    ['dean wood wood as wood as in wood', 'Dean Wood'],
    ['Lily Marsh, Marsh as in marsh.', 'Lily Marsh'],
  ])('takes %j as %j', (said, name) => {
    expect(readNameAsSaid(said)?.full).toBe(name);
  });

  it.each(['Who is this? Why are you ringing?', 'Sorry? Who did you say you were?'])(
    '%j is no name',
    (said) => {
      expect(readNameAsSaid(said)).toBeNull();
    },
  );
});

describe('a name put right, with more said after it', () => {
  it.each([
    ['tom hughes sorry no tom hewitt i do that all the time', 'Tom Hewitt'],
    ["joe marsh sorry no joe nash it's been a long day", 'Joe Nash'],
    ['sam cole i mean er no sam coles we moved here last year', 'Sam Coles'],
  ])('%j is %j', (said, name) => {
    expect(readNameAsSaid(said)?.full).toBe(name);
  });
});

describe("another name of the caller's, said after it", () => {
  it.each([
    // A maiden name is the surname alone.
    ['karen webb no sorry karen price webb was my maiden name i forget', 'Karen Price'],
    ['oksana kravets sorry um no oksana lewis kravets was my maiden name', 'Oksana Lewis'],
    // A name in another language is the whole of it.
    ['wong ka ming is my cantonese name but most people say ken ken wong', 'Ken Wong'],
    ['chen xiu ying is my chinese name but i go by grace grace chen', 'Grace Chen'],
  ])('%j is %j', (said, name) => {
    expect(readNameAsSaid(said)?.full).toBe(name);
  });
});

describe('a surname labelled after the name, then said alone', () => {
  it.each([
    ['nadia malik. malik is my surname, actually. they mix them up, but no, malik.', 'Nadia Malik'],
    ["joe bright, bright's me surname, sorry, bright", 'Joe Bright'],
    ["tom hanley. hanley's me surname. they write it tom, sorry, hanley", 'Tom Hanley'],
    // A short form said first gives way to the name in full the surname closes.
    ["kev. kevin ward. ward's me surname, sorry, ward", 'Kevin Ward'],
  ])('%j is %j', (said, name) => {
    expect(readNameAsSaid(said)?.full).toBe(name);
  });
});

describe('a question back, taken back with an apology, then the name', () => {
  it.each([
    ['Why do you want that? Sorry, I am a bit wary of these calls. Maria Costa.', 'Maria Costa'],
    ['Who wants to know? No, sorry, that was rude. Ian Booth.', 'Ian Booth'],
    ["What's it for? Sorry. Jack Ross.", 'Jack Ross'],
  ])('%j is %j', (said, name) => {
    expect(readNameAsSaid(said)?.full).toBe(name);
  });

  it.each(["Who's asking? Sorry, I don't give my name out.", 'Why? No, sorry, not doing that.'])(
    '%j is no name',
    (said) => {
      expect(readNameAsSaid(said)).toBeNull();
    },
  );
});

describe('the question said back after a first sentence', () => {
  it.each([
    ["Sorry love, it's a bad line. My name? Edna. Edna Shaw.", 'Edna Shaw'],
    ['Hang on, let me turn the telly down. Me? Ravi Mistry.', 'Ravi Mistry'],
  ])('%j is %j', (text, name) => {
    expect(readNameAsSaid(text)?.full).toBe(name);
  });
});
