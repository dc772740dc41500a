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
  name names surname surnames forename forenames nickname first last second christian family short`
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
  who what when where why how which whose whom not no nope yes yeah don't dont can't cant won't
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
  called calls known named nickname short last second family
  line signal reception crackly breaking cutting anonymous`.split(/\s+/),
);

/** Said at the end of a name, to the agent: "yusuf patel, pet", "connor gallagher mate". */
export const ENDEARMENTS: ReadonlySet<string> = new Set(
  'mate pal pet duck hen love darling sweetheart bud buddy chief boss lad'.split(' '),
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

/** "lloyd, as in the bank, lloyd harris": what a name is likened to, an aside in a name's answer. */
export const LIKENED_TO = /\bas in (?:the|a|an) [a-z']+\b/gi;
