/**
 * Words that follow "it's", "i'm" or "this is" but are not names ("i'm calling about",
 * "it's a semi", "this is about my house"). Any of these ends a name.
 */
export const NOT_NAMES: ReadonlySet<string> = new Set(
  `a an the and or but so because if then than that this these those there here it it's its is are was were be been
  being am i i'm im me my mine we us our you your he she they them his her their him who what when where why how which
  not no yes yeah yep nope ok okay alright right well just only also really very quite about calling ringing phoning
  speaking talking selling looking wanting trying hoping thinking wondering interested enquiring inquiring after from to
  for of on in at by with without into onto over under up down out off again still now today tomorrow yesterday later
  soon back here please thanks thank cheers hello hi hey morning afternoon evening good fine great sorry pardon sure
  ringing call ring phone number house home property flat semi detached terraced bungalow cottage bedroom bedrooms bed
  beds empty vacant tenanted rented let owner landlord agent estate lettings probate mortgage price offer sale sell
  sold buy buyer seller selling moving move relocating divorce divorced separated inherited retired retiring tired
  busy driving working ready happy glad sad afraid worried calling just going gonna wanna gotta got get getting have
  has had having do does did doing done can could would should will shall may might must need needs wanted want
  one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen
  eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million k grand pounds quid
  mums mams dads nans
  mr mrs miss ms dr sir madam mister missus doctor someone somebody anyone anybody nobody everyone person human real
  robot computer machine operator manager agent advisor adviser team office company ltd limited
  new old big small nice lovely actually basically probably definitely maybe perhaps kind sort bit lot little
  all any some none every each both either neither other another same different such own more most less least
  monday tuesday wednesday thursday friday saturday sunday january february march april june july august
  september october november december week weeks month months year years day days time times tonight
  postcode address road street avenue lane close drive way crescent court place grove gardens terrace
  bye goodbye hang speak talk tell ask said say says told know think mean guess suppose believe see hear
  fed sick ill poorly dying dead passed away lost left leaving staying living live lives stay
  wrong correct true false exactly absolutely certainly urgent important complicated desperate anytime whenever
  mum mother mom dad father wife husband partner son daughter brother sister nan gran grandma grandad aunt uncle
  family kids children friend neighbour solicitor executor tenant tenants landlady
  i've we've i'd we'd i'll we'll you're they're he's she's that's there's what's
  mate pal pet duck hen darling sweetheart bud buddy chief boss lad lass
  worth valued value valuation around approximately approx roughly asking freehold leasehold damp dated decent
  gone over near next close off mine ours currently occupied owned paid mortgaged listed needing structurally
  sound solid bad poor terrible awful shocking rough state mess wreck shell habitable modern modernised updated
  refurbished renovated older victorian edwardian georgian period council former already even mostly partly
  fully completely pretty fairly rather spelt spelled spelling double again twice once being behind ahead
  quick quickly fast asap ideally hopefully looking roughly plus extra cash market sale offers fine
  mate love pal ta innit bud hun darling sweetheart cheers gutted stuck struggling skint broke divorcing
  separating emigrating downsizing unwell renting letting widowed stressed overwhelmed exhausted curious keen
  considering planning far too much way ever
  hiya heya howdy ayup eyup hullo hallo called
  moved came come lived round around bed beds
  name names surname surnames forename forenames nickname first last second christian family short
  aye cos coz cause joint jointly shared theirs hers apostrophe ooh ahh aah eh huh hmm mm oops blimey go
  honest swear swore seriously genuinely promise joke joking kidding official formal proper
  sat stood hang hold ha haha mad noisy loud manic hectic crazy mental heaving packed chaos
  tidy lush mint canny braw immaculate spotless gorgeous beautiful stunning pristine brilliant superb fab
  fabulous minging manky grotty tatty scruffy knackered shabby derelict ropey dodgy grim filthy dirty
  liveable inside outside spacious cosy roomy draughty leaky crumbling rotten mouldy`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/**
 * Words no name is made of: the closed classes of English (pronouns, articles, prepositions,
 * auxiliaries, question words), numbers, and what callers say instead of a name.
 */
export const NEVER_IN_A_NAME = new Set<string>(
  `a an the and or but if of to in on at by for from with about as into than then there here
  i me my mine we us our you your he him his she her they them their it its it's this that these those
  is are was were be been am do does did done have has had can could would should shall might must
  who what when where why how which whose whom not no nope yes yeah yep yup aye don't dont can't cant won't
  one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen
  eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million
  please thanks thank cheers ta sorry pardon hello hi bye goodbye okay ok
  speak talk call ring phone number someone somebody anyone person human agent manager
  sell selling sold buy buying house home property flat bedroom bedrooms bed semi detached terraced bungalow
  postcode address street road avenue lane im ive i'm i've i'll i'd we're weve we've were theyre
  speaking here mum's mums mams dad's dads nan's nans
  name names surname first forename christian just id fine now today mr mrs miss ms dr mister missus
  got get gotta want wanted wants need needed needs looking calling ringing phoning wondering hoping trying thinking
  dealing handling sorting managing helping doing
  so cos because though although unless
  called calls known named nickname short last second family
  line signal reception crackly breaking cutting anonymous
  ooh ahh aah eh huh hmm mm oops blimey go before cause spelt spelled spelling spell apostrophe
  honest honestly swear swore seriously genuinely promise joke joking kidding official officially formally
  names surnames forenames hang hold question questions`.split(/\s+/),
);

/** Said at the end of a name, to the agent: "yusuf patel, pet", "connor gallagher mate". */
export const ENDEARMENTS: ReadonlySet<string> = new Set(
  'mate pal pet duck hen love darling sweetheart bud buddy chief boss lad dear dearie petal hun hon babe sweetie lovey sunshine'.split(
    ' ',
  ),
);

/** Titles as written before a surname: "Mrs Taylor", "Dr Evans". */
export const TITLES: ReadonlySet<string> = new Set(['mr', 'mrs', 'miss', 'ms', 'dr']);

/** Titles said in full, and how they are written: "missus okafor" is Mrs Okafor. */
export const TITLE_SPOKEN: Readonly<Record<string, string>> = { mister: 'mr', missus: 'mrs', doctor: 'dr' };

/** The written title of a word, said in full or not; undefined for a word that is no title. */
export function titleOf(word: string): string | undefined {
  const title = TITLE_SPOKEN[word] ?? word;
  return TITLES.has(title) ? title : undefined;
}

/** The words a caller pins a word down with: "lloyd as in the bank", "bell like the one on your door". */
const LIKENING = `(?:as in|like|same as)`;
/** Small words between the likening and the thing: "as in, like, an actual house", "like on your car". */
const LIKENING_LEAD = String.raw`(?:,? (?:like|on|in|at|off)\b)?,?`;
/**
 * The thing it is likened to, of one word or, closing the sentence, two: "the bank", "an actual
 * house", "a village hall.", "the cowboy thing, yeah" (a "yeah" or a filler may close it too); a
 * third word is more likely the next thing the caller says.
 */
const LIKENED_THING = String.raw` (?:the|a|an|your|my|some)(?: (?:actual|real|proper|normal))? (?:[a-z']+ (?=[a-z']+(?:,? (?:yeah|yes|yep|er|erm|um|uh)){0,2}\s*(?:[,.;:!?]|$)))?[a-z']+\b`;

/**
 * "rich as in loaded", "hope, as in, like, hopeful": after "as in" the caller names what the word
 * means with no "the" or "a" before it. "like" alone is too often a filler ("it's like john") to
 * take the bare word after it.
 */
const AS_IN_A_WORD = String.raw`as in${LIKENING_LEAD} (?!(?:the|a|an|your|my|some)\b)[a-z']+\b`;

/** A likening: to a thing, or after "as in" to a word. */
const LIKENED = `(?:${LIKENING}${LIKENING_LEAD}${LIKENED_THING}|${AS_IN_A_WORD})`;

/** "lloyd, as in the bank, lloyd harris": what a name is likened to, an aside in a name's answer. */
export const LIKENED_TO = new RegExp(String.raw`\b${LIKENED}`, 'gi');

/** The word just before a likening, which the likening is there to explain. */
const EXPLAINED_BY_LIKENING = new RegExp(String.raw`\b([a-z]{3,})[,.]? (?=${LIKENED})`, 'gi');

/** "price as in price": a word explained by itself. */
const EXPLAINED_BY_ITSELF = /\b([a-z]{3,})[,.]? as in[,.]? \1\b/gi;

/** Words of a sentence that may stand before "like" without being explained by it. */
const NOT_EXPLAINED = new Set(
  'its it is was are looks look sounds sound feels feel seems seem just something things thing more much not one'.split(
    ' ',
  ),
);

/**
 * Words the caller explained by likening them to a thing ("house, as in an actual house",
 * "bell like on your bike"): said of a word in a name, it is a name word, though it is
 * also an ordinary word the stop lists keep out of names.
 */
export function explainedWords(text: string): ReadonlySet<string> {
  const lower = text.toLowerCase();
  const words = [...lower.matchAll(EXPLAINED_BY_LIKENING), ...lower.matchAll(EXPLAINED_BY_ITSELF)]
    .map((m) => m[1] ?? '')
    .filter((w) => !NOT_EXPLAINED.has(w));
  return new Set(words);
}

/**
 * One or two letters said together as a note on the spelling: "p-h", "p h", "ph" (two letters
 * written as one word only when the second is "h": "ph", "th", "gh" are how letters sound alike).
 * Letters that run on are a spelling of the word, not a note ("with an e, a n n e").
 */
const LETTER_GROUP = String.raw`(?:[a-z](?:[- ][a-z])?|[a-z]h)(?:'?s)?\b(?![- ][a-z]\b)`;
/** A letter of the name and where it is: "an e on the end", "two ls", "a y at the start", "a p-h". */
const NOTED_LETTER = String.raw`(?:(?:an|one|two|double|three) [a-z](?:'?s)?\b|(?:a |the )?[a-z](?:'?s)?(?=\s*(?:[,.;:!?]|$)| (?:on|at|in) the )|(?:a|an|the) ${LETTER_GROUP})`;
/** The letter the note is set against: "with a ph, not a v", "with a y instead of an i". */
const NOT_THAT_LETTER = `(?:,? (?:not|instead of|rather than) (?:a |an |the )?${LETTER_GROUP})?`;
/**
 * How the name is written rather than what it is: "clark without an e on the end", "lloyd with
 * two ls", "sara, without an h", "stephen with a p-h, not a v".
 */
export const SPELLING_NOTE = new RegExp(
  String.raw`\b(?:with(?:out)?[,.]? )+${NOTED_LETTER}(?: (?:on|at|in) the (?:end|start|front|beginning|middle)\b)?${NOT_THAT_LETTER}`,
  'gi',
);

/** A word and the likening or spelling note that explains it: "geoff with a g", "summer like the season". */
const WORD_EXPLAINED = new RegExp(String.raw`\b([a-z']+)[,.]? (?:${LIKENED}|${SPELLING_NOTE.source})`, 'gi');

/**
 * "price as in price", "price, price as price as in price": a word explained by itself, however
 * many goes it took, is said once.
 */
const SAID_AS_ITSELF = /\b([a-z']+)(?:,? (?:as )?\1){0,3},? as in,? \1\b/gi;

/**
 * How a word of the name is written, said as a note on it: "a small d", "lower case", "two
 * words", "two letters", "part of the surname", "with a capital".
 */
const WRITTEN_AS = String.raw`(?:(?:a |an |with a |with an )?(?:small|lower ?case|little|capital|big)(?: letters?| [a-z]\b)?|(?:two|2|three|3|one|all one) (?:words?|letters?)|part of the (?:surname|name|last name|family name))`;

/**
 * A note on how a word of the name is written, with the word it is about: "the ap is small", "de
 * is a small d", "mei ling is two words", "it's part of the surname". What follows the name is
 * the note, never more of the name.
 */
const WRITING_NOTE = new RegExp(
  String.raw`\b(?:(?:(?:the )?([a-z']+(?: [a-z']+)?)|it|that|both)(?:'s| is| are|, is)|its|thats) (?:just |all |always )?${WRITTEN_AS}`,
  'gi',
);

/**
 * A letter said with its case, alone or beside another so said, and not amid a spelling: "al,
 * small a", "bin, small b", "van der, small v, small d": a note that the word is written so, no
 * letter of the name.
 */
const CASE_NOTE =
  /(?<!\b(?:is|are|'s) (?:a |an )?)\b(?:with )?(?:a |an )?(?:(?:small|capital|lower ?case|upper ?case),? (?:(?:er|erm|um|uh),? )?)+[a-z]\b(?![-,. ]+(?:(?:er|erm|um|uh)[-,. ]+)?(?:(?:double|triple) )?[a-z]\b)/gi;

/** "berg with a capital", "de with a small letter": how the word before is written. */
const WITH_CASE = /\bwith an? (?:small|capital|big|little|lower ?case|upper ?case)(?: letter)?\b/gi;

/** How the name sounds, said after it: "niamh, pronounced neeve", "it's said like shawn". */
const PRONOUNCED =
  /\b(?:(?:it's|its|it is|that's|thats) )?(?:pronounced|said like|sounds like)[,:]? (?:like )?[a-z']+/gi;

/** A letter counted, with no "with" before it: "o'neill, two ls", "hassan, two s's". */
const COUNTED_LETTERS = /\b(?:two|three) [a-z]'?s\b/gi;

/**
 * The note on how a word is written, taken out, with the words it is about that were said before
 * ("mei ling is two words" after "mei ling wong"); a word said there first is kept.
 */
function withoutWritingNotes(text: string, firstAt: ReadonlyMap<string, number>): string {
  return text
    .replace(PRONOUNCED, ', ')
    .replace(COUNTED_LETTERS, ', ')
    .replace(CASE_NOTE, ', ')
    .replace(WITH_CASE, ', ')
    .replace(WRITING_NOTE, (note: string, said: string | undefined, at: number) => {
      if (said === undefined) return ', ';
      let from = at + note.indexOf(said);
      const kept: string[] = [];
      for (const word of said.split(' ')) {
        const first = (firstAt.get(word.toLowerCase()) ?? from) >= from;
        // "and ap is two letters": the "and" stays, to part what was spelt before from after.
        if ((first && !/^(?:it|that|both)$/i.test(word)) || /^and$/i.test(word)) kept.push(word);
        from += word.length + 1;
      }
      return `${kept.join(' ')}, `;
    });
}

/**
 * The asides that explain a word of the name, taken out. A word of the name said again to be
 * explained ("geoff barker, geoff with a g", "ann tomlinson, ann without an e", "summer flowers,
 * summer like the season") goes with its aside, so the name is not heard as said twice.
 */
export function withoutExplanations(text: string): string {
  const firstAt = new Map<string, number>();
  for (const m of text.toLowerCase().matchAll(/[a-z']+/g)) if (!firstAt.has(m[0])) firstAt.set(m[0], m.index);
  return withoutWritingNotes(text, firstAt)
    .replace(ANOTHER_NAME_OF_MINE, withoutTheOtherName)
    .replace(SAID_AS_ITSELF, '$1')
    .replace(WORD_EXPLAINED, (_aside: string, word: string, at: number) => {
      const again = (firstAt.get(word.toLowerCase()) ?? at) < at;
      return again ? ', ' : `${word}, `;
    })
    .replace(LIKENED_TO, ', ')
    .replace(SPELLING_NOTE, ', ');
}

/** Languages and peoples a name is said to come from: "it's polish", "the welsh spelling". */
const ORIGINS =
  'polish welsh irish scottish scots gaelic cornish manx english british french german dutch italian spanish portuguese greek turkish russian ukrainian romanian bulgarian serbian croatian czech slovak hungarian lithuanian latvian estonian finnish swedish danish norwegian icelandic arabic hebrew persian farsi urdu hindi punjabi bengali gujarati tamil chinese mandarin cantonese japanese korean vietnamese thai filipino nigerian yoruba igbo hausa ghanaian somali swahili indian pakistani jamaican latin biblical'.replace(
    / /g,
    '|',
  );
/** How a caller says where the name is from: "polish for peter", "the welsh version of david". */
const ORIGIN_OF = String.raw`(?:(?:for|version of|spelling of|form of|word for) [a-z']+|(?:spelling|version|way|form|name|one)\b)`;
/**
 * Where the name comes from, an aside that is no part of it: "it's polish for peter", "that's the
 * irish spelling", "welsh for david". Bare, the word ("dafydd welsh") may be the surname, so it
 * needs "it's", "that's" or "the" before it, or what it is for after it.
 */
export const NAME_ORIGIN = new RegExp(
  String.raw`\b(?:(?:(?:it's|its|it is|that's|thats|it was) (?:the )?|the )(?:${ORIGINS})\b(?: ${ORIGIN_OF})?|(?:${ORIGINS}) ${ORIGIN_OF})`,
  'gi',
);

/**
 * A name of the caller's that is not the one to write, said after it: "morris was my maiden name",
 * "ho kwok-wing is my chinese name". A maiden name is a surname, one word; a name in another
 * language is the name in full, up to three words.
 */
const ANOTHER_NAME_OF_MINE = new RegExp(
  String.raw`\b((?:[a-z'-]+ ){1,3})(?:is|was|'s) (?:my|me) (?:(maiden|birth)|(?:${otherLanguages()})) name\b`,
  'gi',
);

/** A name in English is the one the caller goes by ("kenneth is my english name"). */
function otherLanguages(): string {
  return ORIGINS.split('|')
    .filter((o) => o !== 'english' && o !== 'british')
    .join('|');
}

/** A word that may be part of a name: not a filler, not a word of the sentence. */
function isNameWordHere(word: string): boolean {
  const plain = word.toLowerCase();
  return !NOT_NAMES.has(plain) && !/^(?:er|erm|um|uh|ah|oh)$/.test(plain);
}

/** The other name and what is said of it go; words before it that are no name stay. */
function withoutTheOtherName(_said: string, before: string, maiden: string | undefined): string {
  const words = before.trim().split(' ');
  const kept = maiden === undefined ? words : words.slice(0, -1);
  // Counted back from the frame, the other name ends where a word that is none comes.
  let cut = kept.length;
  while (maiden === undefined && cut > 0 && isNameWordHere(kept[cut - 1] ?? '')) cut--;
  return `${kept.slice(0, cut).join(' ')}, `;
}

/**
 * Who calls the caller by a nickname, said before "call me": "olu adeyemi, people call me olu",
 * "everybody call me jim", "me mates call me gaz".
 */
export const CALLERS_BY_NAME =
  'people|everyone|everybody|they|folk|folks|friends|mates|pals|lads|family|colleagues|here|most|all|me|my|the|some';

/**
 * A nickname put aside: "gaz is just what me mates call me", "bex is what the lads call me",
 * "bob's how everyone knows me". The name in full is said beside it.
 */
export const NICKNAME_ASIDE =
  /\b([a-z]+?)(?:'s|s| is)? (?:just |only )?(?:what|how) (?:[a-z']+ ){0,3}?(?:call|calls|called|know|knows) me\b/gi;

/** The nicknames put aside in `text`: "gaz is what everyone calls me" gives "gaz". */
export function nicknamesIn(text: string): ReadonlySet<string> {
  return new Set([...text.toLowerCase().matchAll(NICKNAME_ASIDE)].map((m) => m[1] ?? ''));
}

/**
 * Speech recognition splits Irish and Scottish surnames: "o neill" → "o'neill", "mc donald" →
 * "mcdonald". A lone "o" or "mc" before a name word can be nothing else in a name; before a number
 * word ("o seven") it is a digit and stays.
 */
export function joinSurnamePrefixes(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] ?? '';
    const next = tokens[i + 1] ?? '';
    const joinable = next.length >= 3 && /^[a-z]+$/.test(next) && !NOT_NAMES.has(next);
    if ((word === 'o' || word === 'mc') && joinable) {
      out.push(word === 'o' ? `o'${next}` : `mc${next}`);
      i++;
    } else {
      out.push(word);
    }
  }
  return out;
}

/** Short forms that are not the start of the name they stand for. */
const SHORT_FORMS: Readonly<Record<string, readonly string[]>> = {
  bob: ['robert'],
  rob: ['robert'],
  bill: ['william'],
  will: ['william'],
  liz: ['elizabeth'],
  beth: ['elizabeth', 'bethany'],
  jim: ['james'],
  jack: ['john'],
  dick: ['richard'],
  peggy: ['margaret'],
  maggie: ['margaret'],
  ted: ['edward'],
  ned: ['edward'],
  harry: ['henry', 'harold'],
  sandy: ['alexander', 'sandra'],
  tom: ['thomas'],
  tommy: ['thomas'],
  tony: ['anthony'],
  dave: ['david'],
  steve: ['stephen', 'steven'],
  pete: ['peter'],
  mike: ['michael'],
  mick: ['michael'],
  sue: ['susan', 'suzanne'],
  jenny: ['jennifer'],
  kate: ['katherine', 'catherine', 'kathryn'],
  katie: ['katherine', 'catherine', 'kathryn'],
  becky: ['rebecca'],
  bex: ['rebecca'],
  gaz: ['gareth', 'gary'],
  baz: ['barry'],
  bazza: ['barry'],
  molly: ['mary'],
  polly: ['mary'],
  sally: ['sarah'],
  terry: ['terence'],
  frank: ['francis'],
  paddy: ['patrick'],
  hal: ['henry', 'harold'],
  bert: ['albert', 'herbert', 'robert'],
  bertie: ['albert', 'herbert', 'robert'],
  dot: ['dorothy'],
  dolly: ['dorothy'],
  nell: ['eleanor', 'helen'],
  nellie: ['eleanor', 'helen'],
  chuck: ['charles'],
  kit: ['christopher'],
};

/**
 * The endings that make a pet form of the start of a name: "bernie" for "bernadette", "ronnie"
 * for "ronald", "debbie" for "deborah", "jonno" for "jonathan".
 */
const PET_ENDING = /(?:ie|y|o)$/;

/** "kev" for "kevin", "jaz" for "jaswinder", "bob" for "robert", "bernie" for "bernadette". */
export function isShortFor(short: string, full: string): boolean {
  if (short.length < 2 || short === full) return false;
  if (full.startsWith(short) || (SHORT_FORMS[short] ?? []).includes(full)) return true;
  // The start of the name, its last letter perhaps doubled, and a pet ending: "debb-ie", "ronn-ie".
  const stem = short.replace(PET_ENDING, '');
  if (stem.length < 3 || stem === short || stem.length >= full.length) return false;
  return full.startsWith(stem) || (stem.at(-1) === stem.at(-2) && full.startsWith(stem.slice(0, -1)));
}

/**
 * A first name's other form said after the name: "robert grant, bob", "stanley rowbotham, stan's
 * fine" (written "stans" when the recogniser drops the apostrophe), or the name in full after
 * the short form ("gaz hill, gareth").
 */
export function saidAfterAsOtherForm(word: string, first: string): boolean {
  return isShortFor(word, first) || isShortFor(word.replace(/s$/, ''), first) || isShortFor(first, word);
}

/**
 * "gaz hill. gareth.", "kev bird, well, kevin on paper": a short form said with the surname, and
 * then the first name in full, gives the name in full; unless the caller comes back to the short
 * form after it ("frank daly, francis officially, but everybody says frank"), or asks for it to
 * be put. `said` is the answer's words.
 */
export function withFirstInFull(name: readonly string[], said: readonly string[]): string[] {
  const [first = '', last = ''] = name;
  // "rich lyon, put rich, nobody calls me richard": the form the caller asks to be put stands.
  if (name.length !== 2 || said.includes('put')) return [...name];
  const surnameAt = said.indexOf(last);
  for (let i = said.length - 1; i > surnameAt && surnameAt >= 0; i--) {
    const word = said[i] ?? '';
    if (word === first) return [...name];
    // "and jon's without an h", "jon's fine" (written "jons") are the same name again.
    if (isShortFor(first, word) && !word.includes("'") && word !== `${first}s`) return [word, last];
  }
  return [...name];
}

/** "o'brien" → "O'Brien", "mcdonald" → "McDonald", "smith" → "Smith". */
export function titleCase(word: string): string {
  const cap = (s: string): string => (s.length === 0 ? s : (s[0] ?? '').toUpperCase() + s.slice(1));
  // "o'neill" → "O'Neill", but "john's" → "John's".
  const parts = word
    .split("'")
    .map((part, i) => (i > 0 && part.length === 1 ? part : cap(part)))
    .join("'");
  return /^Mc[a-z]/.test(parts) ? `Mc${cap(parts.slice(2))}` : parts;
}
