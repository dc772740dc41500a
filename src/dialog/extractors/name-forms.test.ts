/**
 * Classes of name answers, each in several phrasings: the words around a name that are not part
 * of it (greetings, "called", titles, fillers, "short for"), and names that look like other words.
 * The engine is asked the name, as on a call, so every reader the slot uses has its say.
 */
import { describe, expect, it } from 'vitest';
import { BST_NOW, testConfig, testContext } from '../../../test/support/dialog/fixtures.js';
import { startCall, takeTurn } from '../engine/engine.js';

function nameTakenAt(question: 'name' | 'opening', text: string): string | null {
  const config = testConfig();
  const ctx = testContext(BST_NOW);
  let state = startCall(config, ctx, BST_NOW).state;
  if (question === 'name')
    state = takeTurn(
      config,
      state,
      ctx,
      { kind: 'speech', text: "I'd like to sell my house" },
      BST_NOW,
    ).state;
  const after = takeTurn(config, state, ctx, { kind: 'speech', text }, BST_NOW).state;
  return after.answers.name?.value ?? null;
}

describe('names among the words around them', () => {
  it.each([
    // A greeting is not part of the name that follows it.
    ['opening', 'yeah hiya, sharon here, want to sell my bungalow', 'Sharon'],
    ['opening', 'hiya, kerry speaking, we need to sell', 'Kerry'],
    ['opening', 'heya, dom here, got a house to sell', 'Dom'],
    // "called" introduces a name and is never one.
    ['name', "i'm called lucy", 'Lucy'],
    ['name', 'im called ruth evans', 'Ruth Evans'],
    ['name', "I'm called Declan", 'Declan'],
    // A recogniser's "names" for "name's".
    ['name', 'the names patel', 'Patel'],
    ['name', 'the names bilal hussain', 'Bilal Hussain'],
    // A title before a whole name goes; the name stays.
    ['opening', 'oh hello, my name is mrs patricia holt and i want to sell my flat', 'Patricia Holt'],
    ['opening', 'hello, my name is mr tom baxter, selling a house', 'Tom Baxter'],
    ['name', "it's doctor amara okafor", 'Amara Okafor'],
    ['name', 'its missus joan platt', 'Joan Platt'],
    ['name', "it's mrs jones, sarah jones", 'Sarah Jones'],
    ['name', 'my name is mr price, john price', 'John Price'],
    // Asked the name, a first name ending like an adverb is still a name.
    ['name', "it's kelly from the flat", 'Kelly'],
    ['name', 'its emily', 'Emily'],
    ['name', "it's holly, holly brown", 'Holly Brown'],
    // A filler between a first name and the whole name.
    ['name', "it's nadia yeah nadia hussain", 'Nadia Hussain'],
    ['name', 'its owen um owen pritchard', 'Owen Pritchard'],
    // A word said again after its spelling.
    ['name', 'jim baxter j i m baxter', 'Jim Baxter'],
    ['name', 'ann lowe a n n lowe', 'Ann Lowe'],
    // Accents and letters of other alphabets are kept as the recogniser wrote them.
    ['name', 'siân jones', 'Siân Jones'],
    ['name', "it's ciarán o'sullivan", "Ciarán O'Sullivan"],
    ['name', 'my name is zoë baker', 'Zoë Baker'],
    ['name', "it's łukasz wójcik", 'Łukasz Wójcik'],
    ['opening', 'hi, this is renée, I want to sell my flat', 'Renée'],
    // "short for" gives the longer form as an aside.
    ['name', 'its kath short for katherine', 'Kath'],
    ['name', "it's alf, short for alfred", 'Alf'],
    // What the name is likened to is an aside.
    ['name', "It's Lloyd, as in the bank, Lloyd Harris.", 'Lloyd Harris'],
    ['name', 'its lloyd as in the bank lloyd harris', 'Lloyd Harris'],
  ] as const)('asked %s, takes %j as %j', (question, text, name) => {
    expect(nameTakenAt(question, text)).toBe(name);
  });

  it.each([
    "it's likely to be my brother calling back",
    "i'm usually around after six",
    "it's mostly my wife who deals with it",
  ])('asked the name, does not take an adverb in %j as one', (text) => {
    expect(nameTakenAt('name', text)).toBeNull();
  });
});

describe('names said with the words that frame them', () => {
  it.each([
    // A title before a surname alone is kept: there is no first name to address the caller by.
    ['name', 'mrs taylor', 'Mrs Taylor'],
    ['name', 'mr ali', 'Mr Ali'],
    ['name', 'missus okafor please', 'Mrs Okafor'],
    ['name', 'it’s dr evans', 'Dr Evans'],
    // ... but a whole name said after it wins.
    ['name', 'mrs jones, sarah jones', 'Sarah Jones'],
    ['name', 'mr hughes. iwan hughes.', 'Iwan Hughes'],
    // The question said back before the answer.
    ['name', 'me? dylan wood', 'Dylan Wood'],
    ['name', 'who, me? sarah hill', 'Sarah Hill'],
    ['name', 'oh my name? it’s bronwen lloyd', 'Bronwen Lloyd'],
    // A couple: the one calling, with the surname they share.
    ['name', 'tom and sue walker', 'Tom Walker'],
    ['name', 'it’s gary and tina fisher', 'Gary Fisher'],
    // The parts of a name said by their names.
    ['name', 'ok it’s priya, surname singh', 'Priya Singh'],
    ['name', 'first name is aisha, surname begum', 'Aisha Begum'],
    ['name', 'yeah it’s kwame, second name mensah', 'Kwame Mensah'],
    // What everyone calls them, said after the name in full.
    ['name', 'its danielle, danni for short', 'Danielle'],
    ['name', 'rebecca, becky for short', 'Rebecca'],
    // An apology for the line is not a name put right.
    ['name', 'gareth, gareth evans, sorry bad line', 'Gareth Evans'],
    ['name', 'sorry, the signal’s awful, it’s mei chen', 'Mei Chen'],
  ])('asked at %s, %j is %j', (question, text, name) => {
    expect(nameTakenAt(question as 'name' | 'opening', text)).toBe(name);
  });
});

describe('names in the shapes people give them, and answers that are no name', () => {
  it.each([
    // A title, the surname, then the first name after a pause.
    ["it's mr hussain, tariq", 'Tariq Hussain'],
    ['mrs clarke, denise', 'Denise Clarke'],
    // The short form first, then the name in full.
    ["alright, it's kev, kevin lowe", 'Kevin Lowe'],
    ['they call me bob, robert grant really', 'Robert Grant'],
    ['liz, elizabeth ward', 'Elizabeth Ward'],
    // How to write it down: "put it down under", "put".
    ['you can put it down under mrs patel', 'Mrs Patel'],
    ['just put it down as sam cole', 'Sam Cole'],
    ['put mr and mrs singh', 'Mr Singh'],
    ['mr and mrs obi', 'Mr Obi'],
    // Two words that are names as often as words.
    ['will street', 'Will Street'],
    ['mark lane', 'Mark Lane'],
    ['miles short', 'Miles Short'],
    // An endearment before the name.
    ['love, sarah', 'Sarah'],
  ])('%j is %j', (text, name) => {
    expect(nameTakenAt('name', text)).toBe(name);
  });

  it.each(['come again', 'good morning', 'bit busy', 'nobody important', 'blah blah', 'anonymous please'])(
    '%j is no name',
    (text) => {
      expect(nameTakenAt('name', text)).toBeNull();
    },
  );
});

describe('names as a recogniser writes them, with no commas to go by', () => {
  it.each([
    ['wojciech nowak ill spell it if you want', 'Wojciech Nowak'],
    ['trevor evans from merthyr', 'Trevor Evans'],
    ['yep ifeoma okafor do you want me two spell that', 'Ifeoma Okafor'],
    ['the surnames fitzgerald michael fitzgerald', 'Michael Fitzgerald'],
    ['hello hi its brenda from wigan brenda cooper', 'Brenda Cooper'],
    ['alright its kev kevin lowe', 'Kevin Lowe'],
    ['im the executor graham hill', 'Graham Hill'],
  ])('%j is %j', (text, name) => {
    expect(nameTakenAt('name', text)).toBe(name);
  });
});

describe('names with what the caller says round them to explain them', () => {
  it.each([
    // A term of address after the name is said to the agent.
    ["It's Brenda Cole, dear.", 'Brenda Cole'],
    ['brenda cole petal', 'Brenda Cole'],
    ['yeah its ray hughes hun', 'Ray Hughes'],
    ['Dennis Marsh, sunshine.', 'Dennis Marsh'],
    // Another kind of name, or someone else's, is not the one to take.
    ["It's Grace Lee. My Korean name's Lee Ji Eun, but Grace Lee is what I go by.", 'Grace Lee'],
    ['its helen cross my maiden name is helen pike', 'Helen Cross'],
    ["Paul Dean. My wife's name is Julie, she's on the deeds too.", 'Paul Dean'],
    ['my mates call me taz but the real names tariq aziz', 'Tariq Aziz'],
    // A name taken straight back for one said later.
    ["It's Sandra... no, sorry, that's my sister, it's Susan Hope.", 'Susan Hope'],
    ["my name's kevin sorry wrong form my name's kieran doyle", 'Kieran Doyle'],
    // The frame said again with more of the name.
    ['its nadia its nadia karim', 'Nadia Karim'],
    ["my name's pete, my name's pete collins", 'Pete Collins'],
    // A surname that is also a word, likened to the thing to pin it down.
    ["It's Sophie Bell. Bell like the one on your door.", 'Sophie Bell'],
    ['its jack hall hall as in a village hall', 'Jack Hall'],
    ['martin rose, as in the flower', 'Martin Rose'],
    // How the name is written is no part of it.
    ['Anne Clark, without an e on the end.', 'Anne Clark'],
    ['philip lowe with one l', 'Philip Lowe'],
    // A word that joins clauses does not finish the name.
    ['the full names dean ward so put that down', 'Dean Ward'],
    ["my name is ellen fox, so, yeah, that's me", 'Ellen Fox'],
  ])('%j is %j', (text, name) => {
    expect(nameTakenAt('name', text)).toBe(name);
  });

  it.each([
    // A nickname set aside for the name in full.
    ['gaz well gareth lloyd gaz is what everyone calls me', 'Gareth Lloyd'],
    ['Bex, well, Rebecca Stone. Bex is how my friends know me.', 'Rebecca Stone'],
    // The name's parts named after the words.
    ["Okafor's the surname, and it's Chidi first.", 'Chidi Okafor'],
    ['haddad is my surname rania is my first name', 'Rania Haddad'],
    ['Sam Patel. Samir is my full first name, to be proper.', 'Samir Patel'],
    ["jo reid joanna's the proper first name", 'Joanna Reid'],
    // A question of the caller's own after the name.
    ['Kieran Walsh. Do you need my address as well?', 'Kieran Walsh'],
    ['Erm, Leah. Leah Grant. Is that okay?', 'Leah Grant'],
    // The name said once more, in full, to close the answer.
    ['eilidh not eilie people always get that wrong eilidh fraser', 'Eilidh Fraser'],
    // A nickname said in jest and taken back.
    ['bazza ha sorry the lads at work say that barry cole', 'Barry Cole'],
  ])('%j is %j', (text, name) => {
    expect(nameTakenAt('name', text)).toBe(name);
  });

  it.each(['Sorry, who is this? What is it about?', 'Hello? Who am I speaking to?'])(
    '%j is no name',
    (text) => {
      expect(nameTakenAt('name', text)).toBeNull();
    },
  );
});

describe('names with their spelling, origin or likeness talked round', () => {
  it.each([
    // A word of the name said again to bring in its letters.
    ["It's Aoife Brennan, that's Aoife, A-O-I-F-E.", 'Aoife Brennan'],
    ['ciara doyle thats ciara c-i-a-r-a people always get it wrong', 'Ciara Doyle'],
    ['yeah eilish kane eilish e-i-l-i-s-h', 'Eilish Kane'],
    // A word of the name said again with a note on how it is written.
    ['Philippa Grant, Philippa with a P-H.', 'Philippa Grant'],
    ['sophie hart sophie with a ph', 'Sophie Hart'],
    ['katy moss katy with a y not an ie', 'Katy Moss'],
    ['Lynn Carver. Lynn with two Ns.', 'Lynn Carver'],
    // The apostrophe of an O' or D' name said among its letters.
    ["kevin o'brien that's o apostrophe b r i e n", "Kevin O'Brien"],
    ['it is sian darcy d apostrophe a r c y', "Sian D'Arcy"],
    ['Mary. O, apostrophe, H-A-R-A.', "Mary O'Hara"],
    // Where the name comes from is an aside.
    ["Dafydd Evans. It's Welsh for David.", 'Dafydd Evans'],
    ['tomasz wozniak its polish for thomas', 'Tomasz Wozniak'],
    ['sean murphy the irish spelling', 'Sean Murphy'],
    // Likened to a word with no "the" or "a": "as in" and what it means.
    ["It's Mark Bright, bright as in sunny.", 'Mark Bright'],
    ['joanne stone stone as in rock', 'Joanne Stone'],
    ['its gary king king as in royalty', 'Gary King'],
    // A word said to the agent in the middle of the answer ends the name.
    ['derek lamb mate lamb as in sheep', 'Derek Lamb'],
    ['sue fox pet fox like the animal', 'Sue Fox'],
    ['pam ward love ward like a hospital ward', 'Pam Ward'],
    // A Scottish yes is no part of the name.
    ['Aye, Fraser Gunn, aye.', 'Fraser Gunn'],
    ['aye its hamish reid aye', 'Hamish Reid'],
  ])('%j is %j', (text, name) => {
    expect(nameTakenAt('name', text)).toBe(name);
  });
});

describe('names with a short form, a preferred form or a correction beside them', () => {
  it.each([
    // The name in full, then what to call the caller.
    ['Margaret Ellis, but call me Maggie.', 'Margaret Ellis'],
    ["it's christopher hale you can call me chris", 'Christopher Hale'],
    ['oluwaseun adeyemi but please just call me seun', 'Oluwaseun Adeyemi'],
    // A short form said after the name in full.
    ['Robert Grant. Bob.', 'Robert Grant'],
    ['jennifer cole um jenny', 'Jennifer Cole'],
    ['michael hart mick', 'Michael Hart'],
    // The name the caller asks to be written stands.
    ['Alexander Fox, but put Alex. Alex Fox.', 'Alex Fox'],
    ['gwen well gwendolyn really gwendolyn price so put gwen', 'Gwen Price'],
    ['right so right so put daniel shaw cos thats whats on the bills', 'Daniel Shaw'],
    // Stopped to say it again another way, or a joke taken back.
    ['Bertie Lock. No, hold on, my daughter says do it proper. Albert Lock.', 'Albert Lock'],
    ['doctor who no im kidding im kidding sam tyler', 'Sam Tyler'],
    // One word put right in place of the word it sounds like.
    ['Tom Brooke. No, sorry, Brooks.', 'Tom Brooks'],
    // A form the caller stands by, then the name in full.
    ['liz er well elizabeth really elizabeth shaw', 'Elizabeth Shaw'],
    // A title put right.
    ['Miss Cole. Well, Mrs, now. Mrs Cole.', 'Mrs Cole'],
    // A title and surname, then the first name alone.
    ['Mrs Hughes. Brenda.', 'Brenda Hughes'],
    // Only the first name, and that it will do.
    ["Just Dave's fine.", 'Dave'],
    ["mrs perkins that'll do for now", 'Mrs Perkins'],
  ])('%j is %j', (text, name) => {
    expect(nameTakenAt('name', text)).toBe(name);
  });
});

describe('names among other talk, questions and spellings', () => {
  it.each([
    // The whole name said twice over.
    ['ive said it already kieran walsh kieran walsh', 'Kieran Walsh'],
    // "i i", said stumbling, is no spelling.
    ['er i i mean carys webb', 'Carys Webb'],
    ['oh sorry i i thought i said it, owen hale', 'Owen Hale'],
    // Letters spelt one to a clause, and a "sorry" that takes nothing back.
    ['Nadia Karim, K, A, R, I, M. Sorry, the dog is going mad.', 'Nadia Karim'],
    ['i mean paul dunne p-a-u-l and the dunne is d-u-n-n-e', 'Paul Dunne'],
    // Said as the recogniser writes "surname's", with fillers after the label.
    ['surnames adebayo first name tunde', 'Tunde Adebayo'],
    ["the surname's um begum and the first name's erm nasreen", 'Nasreen Begum'],
    // The caller asks which parts are wanted, then gives them.
    ['First name or both? Both? Right, Gemma Price.', 'Gemma Price'],
    ['Do you need the surname too? Okay, Lewis Hunt.', 'Lewis Hunt'],
    // Doubts first, then the caller gives in.
    ['Why do you need it? Fine. Colin Marsh.', 'Colin Marsh'],
    ["Is this one of them scams? Go on then. It's Ruth Allen.", 'Ruth Allen'],
    // Who owns it is no name.
    ["It's joint, me and my sister, but I'm Helen Cross.", 'Helen Cross'],
    ["it's shared with my brother i'm omar aziz", 'Omar Aziz'],
    // A name said after a story, once the caller has finished asking.
    ['are you lot legit are you right maureen slater', 'Maureen Slater'],
    // A first name said alone, then in full among more talk.
    ["it's donna and phil reid well put me down donna reid phil's at work", 'Donna Reid'],
  ])('%j is %j', (text, name) => {
    expect(nameTakenAt('name', text)).toBe(name);
  });

  it.each(['Why do you need my name? Who are you?', "What's this for? I'm not giving it out."])(
    '%j is no name',
    (text) => {
      expect(nameTakenAt('name', text)).toBeNull();
    },
  );
});

describe('names read through what the caller says of them', () => {
  it.each([
    // A filler while the caller thinks of the next letter of a spelling.
    ["gethin morgan m er o r g a n and that's it", 'Gethin Morgan'],
    ["bethan price p erm r i c e yeah sorry the dog's barking", 'Bethan Price'],
    ["nadia okeke o uh k e k e and that's me", 'Nadia Okeke'],
    // A letter said with its case, inside a spelling.
    ['fiona macrae m a c capital r a e', 'Fiona Macrae'],
    // The first name spelt, then "and then" the surname.
    ['dylan, d y l a n, and then hughes, h u g h e s', 'Dylan Hughes'],
    ['dylan d y l a n and then hughes', 'Dylan Hughes'],
    // A small word of the surname, with a note on how it is written.
    ["marco di stefano di is a small d and it's two words", 'Marco Di Stefano'],
    ["leila bint khalid bint b i n t small b it's part of the surname", 'Leila Bint Khalid'],
    ['sofia van dijk the van is small it means from', 'Sofia Van Dijk'],
    ['lin mei chen lin mei is 2 words', 'Lin Mei Chen'],
    // A name given a word at a time, with how it sounds and how many letters.
    ['Aoibhinn. A, O, I, B, H, I, N, N. Pronounced Eveen. Gallagher, two Ls.', 'Aoibhinn Gallagher'],
    // Who calls the caller a nickname is no part of the name before it.
    ['rosalind kemp folk call me roz', 'Rosalind Kemp'],
    ['theodore banks, my mates call me theo', 'Theodore Banks'],
    // A counted thing or a verb after a pronoun, just before the name.
    ["sorry i've only got five minutes gail fenton", 'Gail Fenton'],
    ['half the time i forget ivy norris', 'Ivy Norris'],
    // A title and surname, then the first name and surname.
    ["it's mr okoro, but you'll want the first name, emeka, emeka okoro", 'Emeka Okoro'],
    // A first name put down, said in full among other words.
    ["lizzie no put elizabeth it's for the bank elizabeth crane", 'Elizabeth Crane'],
    // Another's name in the caller's story.
    ["the house is in my mum's name, brenda hale, she's in a home now, so it's me, karen hale", 'Karen Hale'],
    ["dennis shaw me daughter's name is shaw as well carol shaw", 'Dennis Shaw'],
    // A "sorry" about the noise, and "i'm sat" or "it's manic here", take no name back.
    ["it's tanya lowe sorry it's manic here i'm sat on the bus", 'Tanya Lowe'],
    // A surname likened to a thing of two words, closed by a "yeah".
    ['ivy cooper like the mini car yeah', 'Ivy Cooper'],
    ['gus baker like the bread man um yeah', 'Gus Baker'],
    // As a recogniser writes it: no apostrophe, "write" for "right", "surnames" for "surname's".
    ['mister patel thatll do', 'Mr Patel'],
    ['write um ola bello', 'Ola Bello'],
    ['i mean claire surnames hodge', 'Claire Hodge'],
  ])('%j is %j', (text, name) => {
    expect(nameTakenAt('name', text)).toBe(name);
  });

  it.each(["it's in my dad's name, frank ellis", "she's sat here with me, i'm ringing for her"])(
    '%j gives no name of the caller',
    (text) => {
      expect(nameTakenAt('name', text)).toBeNull();
    },
  );
});

describe('names beside a clause of condition', () => {
  it.each([
    // "if it's ...", "when i'm ...": how things are, not who is calling.
    ["alice ward, but ali is fine if it's simpler", 'Alice Ward'],
    ["dominic hart, dom is fine if it's quicker for you", 'Dominic Hart'],
    ["sunita rao, sunny is fine if it's shorter", 'Sunita Rao'],
  ])('%j is %j', (text, name) => {
    expect(nameTakenAt('name', text)).toBe(name);
  });
});

describe('a first name in another form, said after the name', () => {
  it.each([
    // A short form after the name in full, with "'s fine" whose apostrophe the recogniser drops.
    ['name', 'norman whitley normans fine', 'Norman Whitley'],
    ['name', 'well victoria hale vics fine', 'Victoria Hale'],
    // A pet form of the start of the name.
    ['name', 'ronald pike, ronnie to the lads', 'Ronald Pike'],
    ['name', 'deborah lang debbie to everyone', 'Deborah Lang'],
    // The short form with the surname, then the first name in full.
    ['name', "it's baz cole. barry.", 'Barry Cole'],
    ['name', 'its jim ward james', 'James Ward'],
    ['name', 'sam ford, well, samuel on the deeds', 'Samuel Ford'],
    // Unless the caller comes back to the short form, or asks for it to be put.
    ['name', 'sam ford, samuel on the deeds but everyone says sam', 'Sam Ford'],
    ['name', 'sam ford, put sam, only the bank says samuel', 'Sam Ford'],
  ])('asked %s, %j is %j', (question, text, name) => {
    expect(nameTakenAt(question as 'name', text)).toBe(name);
  });
});

describe('a name taken back with more than one word of repair', () => {
  it.each([
    ['name', "it's karen hale no wait sorry i go by my own name now karen ostrowski", 'Karen Ostrowski'],
    ['name', 'its lee park no hang on sorry the deeds say lee parkinson', 'Lee Parkinson'],
    // One word of repair still swaps one word.
    ['name', 'john no jon smith', 'Jon Smith'],
  ])('asked %s, %j is %j', (question, text, name) => {
    expect(nameTakenAt(question as 'name', text)).toBe(name);
  });
});

describe('letters said twice over, alone, as a note on a word said', () => {
  it.each([
    ['name', 'connell ash, double n, double l in connell', 'Connell Ash'],
    ['name', 'bella hibbert double b double l in bella', 'Bella Hibbert'],
  ])('asked %s, %j is %j', (question, text, name) => {
    expect(nameTakenAt(question as 'name', text)).toBe(name);
  });
});

describe('"name\'s" written "names", at the start or after a greeting', () => {
  it.each([
    ['name', 'names priya, im calling for my mum joan baker', 'Priya'],
    ['name', 'um names declan, selling for my uncle peter walsh', 'Declan'],
    ['opening', 'morning names gordon reid i want to sell my flat', 'Gordon Reid'],
    ['opening', 'hiya names leanne cross, looking to sell the house', 'Leanne Cross'],
  ])('asked %s, %j is %j', (question, text, name) => {
    expect(nameTakenAt(question as 'name', text)).toBe(name);
  });
});

describe('a part of the name said first, then the whole of it', () => {
  it.each([
    // The surname alone, then the name in full.
    ['Hughes. Gareth Hughes.', 'Gareth Hughes'],
    ['Webb. Carol Webb, yeah.', 'Carol Webb'],
    ['Singh. Harpreet Singh. S I N G H.', 'Harpreet Singh'],
    ['Fox. Like the animal. Sam Fox.', 'Sam Fox'],
    ['Lamb. Joanne Lamb, like the sheep.', 'Joanne Lamb'],
    // A short form, then the name in full.
    ['Paddy. Patrick Doherty.', 'Patrick Doherty'],
    ['Dot. Dorothy Nuttall, so it is.', 'Dorothy Nuttall'],
    ['Bev. Well, Beverley Clarke.', 'Beverley Clarke'],
    // Asked back whether the first name is wanted, then given in full.
    ['Harrison. Oh, first name as well? Leon. Leon Harrison.', 'Leon Harrison'],
    ['Ahmed. Do you want the first name too? Imran. Imran Ahmed.', 'Imran Ahmed'],
  ])('asked the name, takes %j as %j', (text, name) => {
    expect(nameTakenAt('name', text)).toBe(name);
  });

  it.each([
    // Put the other way round on purpose: the order said last stands.
    ['Zhang Wei. Sorry, Zhang is the family name, so the English way round it is Wei Zhang.', 'Wei Zhang'],
    // The last part that holds the name decides, even when an earlier one was fuller.
    ['Sarah Jane Smith. No, hang on, not Jane, I never use it. Just Sarah Smith.', 'Sarah Smith'],
    ['Mary Ann Price. Sorry, just Mary Price.', 'Mary Price'],
  ])('keeps the form the caller settles on in %j', (text, name) => {
    expect(nameTakenAt('name', text)).toBe(name);
  });
});
