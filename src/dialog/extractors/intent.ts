/**
 * What the caller wants from the call itself, separate from facts about the property: a human,
 * to end the call, to hear that again, a callback; or that they are not a seller at all.
 * All flags are checked on every utterance, so each must stay quiet on ordinary answers.
 */
import { normaliseUtterance } from './normalise.js';
import { findAssertedMatches, phraseRule } from './phrases.js';

export type NotSellerKind = 'estate_agent' | 'wrong_number' | 'existing_seller_chasing' | 'other';

/** A question about the call itself, answered briefly before the agent asks its own again. */
export type OffTopic = 'robot' | 'who' | 'company' | 'number' | 'why';

export interface IntentFlags {
  wantsHuman: boolean;
  notSeller: { kind: NotSellerKind } | null;
  wantsToEnd: boolean;
  repeat: boolean;
  /** A call back asked for, or the caller saying they are busy (driving, at work). */
  wantsCallback: boolean;
  /** A call back asked for in words ("ring me back later"), not only a busy caller. */
  asksCallback: boolean;
  offTopic: OffTopic | null;
}

type Flag = 'human' | 'end' | 'repeat' | 'callback' | 'busy' | 'own_sale' | NotSellerKind | OffTopic;

/** Whose house a caller may ring about for them. */
const FAMILY =
  "(?:mum|mam|mother|dad|father|parents|nan|nana|gran|granny|grandma|grandad|grandparents|family|brother|sister|aunt|auntie|aunty|uncle|son|daughter|in-laws|mother-in-law|father-in-law)(?:'s)?";

const PERSON =
  '(?:someone|somebody|a person|a human|a human being|a real person|an actual person|a real human|a live person|an advisor|an adviser|an agent|a manager|your manager|a member of staff|someone real|someone in the office|a proper person)';
const SPEAK = '(?:speak|talk|chat) (?:to|with)';
// "estates", never a bare "estate": "it's from my late mum's estate" is a probate sale.
const AGENCY =
  '(?:estates|estate agents?|estate agency|lettings?|letting agents?|letting agency|property services|residential|property management)';

const RULES = [
  phraseRule<Flag>('human', [
    `${SPEAK} ${PERSON}`,
    '(?:a )?real person',
    'actual person',
    'real human',
    '(?:a )?human being',
    `${SPEAK} (?:a )?human`,
    'operator',
    'receptionist',
    'put me through',
    'transfer me',
    'live person',
    '(?:get|give|find) me (?:a )?(?:human|person|real person|someone)',
    "(?:not|don't want to talk to) (?:a )?(?:robot|machine|computer)",
    // Asked the other way round: "is there someone there I could speak to?".
    '(?:someone|somebody|anyone|anybody|a person|a human)(?: (?:there|in|around|real))? (?:i|we) (?:can|could|might) (?:actually |just )?(?:speak|talk|chat) (?:to|with)',
    '(?:speak|talk) to (?:the|your) (?:boss|office|team|owner|manager)',
  ]),
  phraseRule<Flag>('estate_agent', [
    "(?:i'm|i am|we're|we are|i work for|i work at|i work as) (?:an? )?(?:estate|letting|lettings) agen(?:t|ts|cy)",
    // Speech recognition drops apostrophes: "its dave from bridge estates", "im sam at acme lettings".
    `(?:calling|ringing|phoning|(?:i'm|im|it's|its|it is|this is)(?: [a-z]+){0,2}) (?:from|at|with) (?:[a-z]+ ){0,3}${AGENCY}`,
    'on behalf of (?:a|my|our) (?:client|vendor|landlord|seller)',
    '(?:my|our) (?:client|vendor)',
    '(?:calling|ringing|phoning|here) (?:about|regarding|for) (?:a|one of (?:my|our)) (?:client|vendor)s?',
  ]),
  phraseRule<Flag>('wrong_number', [
    'wrong number',
    '(?:got|have|dialled|dialed|rang|called) the wrong',
    "(?:didn't|did not|don't|never) mean to (?:call|ring|phone|dial)",
    'misdial(?:led)?',
    "(?:i |i've )?(?:didn't|did not|never) (?:call|ring|phone) you",
  ]),
  phraseRule<Flag>('existing_seller_chasing', [
    '(?:chasing|following up|calling about|ringing about|chase) (?:my|our|the) (?:offer|sale|completion|case|paperwork)',
    '(?:you|your company|you guys) (?:made|gave|sent) (?:me|us) an offer',
    '(?:already|previously) (?:spoke|spoken|talked|been speaking) (?:to|with) (?:you|someone|somebody)',
    "(?:where are we|what's happening|any update|an update) (?:with|on) (?:my|our|the) (?:sale|offer|completion)",
    '(?:we|i) accepted (?:your|the) offer',
  ]),
  phraseRule<Flag>('other', [
    "(?:i'm|i am|we're|we are) (?:looking|wanting|hoping) to buy",
    "(?:i|we)(?: want| would like|'d like| wanna) to buy (?:a|an|the|your|one|some)\\b",
    // Not "i'm a student": students ring for their parents, and their own lets say "rent".
    "(?:i'm|i am) a (?:buyer|tenant|journalist)",
    "(?:we're|we are|i'm|i am|im|were) (?:cash |first time |chain free )?buyers?",
    '(?:do|does) (?:you|you lot|you guys|your company) (?:ever )?sell (?:houses|properties|homes|flats)',
    '(?:what|which|any) (?:houses|properties|homes|flats) (?:have you got|do you have) (?:for sale|to sell|going)',
    '(?:do you have|have you got) (?:any )?(?:properties|houses|flats) (?:for sale|to rent|to let)',
    '(?:looking|want) to rent',
    'sales call',
    '(?:any )?(?:jobs|vacancies) (?:going|available)',
    'are you (?:hiring|recruiting)',
    'looking for (?:a job|work)',
    'marketing (?:services|opportunity|agency)',
    // Suppliers selling to the business: "ringing from bright windows about your office windows".
    "(?:your|the) (?:office|business|company)(?:'s)? (?:[a-z]+ ){0,2}(?:windows|energy|electricity|gas|broadband|phones?|phone system|insurance|website|advertising|marketing|cleaning|supplies|printers?|contract)",
    // A buyer of one of the business's own houses, chasing it.
    "(?:house|property|flat|place|one) (?:i'm|im|i am|we're|we are) buying (?:from|off) (?:you|your)",
    "(?:i'm|im|i am|we're|we are) buying (?:a|the|one of your) (?:house|property|flat|houses|properties) (?:from|off) (?:you|your)",
  ]),
  // The caller's own sale, said beside words that would make them something else: "i'm an estate
  // agent but this is my own house i'm selling", "we're cash buyers and we need to sell ours first".
  phraseRule<Flag>('own_sale', [
    "(?:i'm|im|i am|we're|we are) selling (?:my|our|me) ",
    "(?:i|we) (?:want|need|would like|'d like|wanna|have) to sell (?:my|our|me|ours)\\b",
    '(?:my|our) own (?:house|home|property|flat|place|bungalow)',
    "(?:my|our|me) (?:own )?(?:house|home|property|flat|bungalow|place) (?:i'm|im|we're|were) selling",
    // Ringing for the family who own it: "they asked me to ring for them", "on behalf of my mum".
    `(?:ringing|calling|phoning|here) (?:for|on behalf of) (?:my|our|me) ${FAMILY}`,
    '(?:they|she|he) (?:asked|wanted|told) me to (?:ring|call|phone)(?: you| up)?(?: for (?:them|her|him))?',
  ]),
  // A leading "no" here answers "anything else?", so these are never negated.
  phraseRule<Flag>(
    'end',
    [
      'bye',
      'goodbye',
      'bye bye',
      'ta ra',
      'tara',
      "that's (?:all|everything)",
      "that's it (?:for now|thanks|thank you|then)",
      "no that's it",
      'nothing else',
      "(?:i've|i have|i) (?:got to|gotta|have to|need to) go",
      "i'll leave it there",
      'leave it there',
      'hang up',
      "(?:we're|i'm|that's us) done",
    ],
    false,
  ),
  phraseRule<Flag>('repeat', [
    'sorry what',
    'say that again',
    'say again',
    'pardon',
    'come again',
    'repeat (?:that|it|yourself|the question)',
    "(?:didn't|did not|couldn't|could not) (?:catch|hear|understand) (?:that|you|it|what you said)",
    'what did you say',
    'what was that',
    'you what',
    'one more time',
    'once more',
  ]),
  // "You can call me back on 07700 900456" gives the number to use, not a wish to stop now.
  phraseRule<Flag>('callback', [
    '(?:call|ring|phone) (?:me|us) back(?! on (?:\\+|0)\\d)',
    '(?:call|ring|phone) back',
    'callback',
    '(?:give me|give us) a (?:call|ring|bell)',
    '(?:can|could) (?:someone|somebody|you) (?:call|ring|phone) (?:me|us)',
    '(?:call|ring|phone) me (?:later|tomorrow|another time|this afternoon|this evening|in the morning|next week)',
    'get back to me',
    "(?:not|isn't) a good time",
    "(?:can't|cannot|can not|cant) (?:talk|speak|chat) (?:now|right now|at the moment|just now)",
    '(?:call|ring|phone|try) (?:me|us) (?:again )?(?:later|tomorrow|another time|this afternoon|this evening|in the morning|next week|in an hour|after)',
    '(?:speak|talk) (?:later|tomorrow|another time)',
  ]),
  // Where the caller is, not a request: alone it asks for a call back, beside an answer it is an
  // apology for the noise ("three, sorry, I'm driving, three"). Not when it says when to call
  // ("i'm at work all day", "at work till five"): that is for the callback's time.
  phraseRule<Flag>('busy', [
    "(?:i'm|i am|im) (?:busy|driving|at work|in the car|in a meeting|on the road)(?: right now| at the moment| just now)?(?! (?:all day|till|until|during|in the day|most days|on weekdays|weekdays|through the day|in the week|monday|9 to 5|nine to five|on shifts|days|nights|mornings|afternoons|evenings|so |but ))",
  ]),
  // Questions put as questions, so they outweigh the shorter "real person" of a request for a human.
  phraseRule<Flag>('robot', [
    'are you (?:a |an )?(?:robot|machine|computer|bot|ai|real|human|real person|person|recording|automated)',
    '(?:is|am) (?:this|i) (?:talking|speaking|chatting)? ?(?:to|with)? ?(?:a |an )?(?:robot|machine|computer|bot|recording|real person|human|person|ai)',
    'is this (?:a |an )?(?:robot|machine|computer|bot|recording|real person|ai|automated)',
    "you're (?:a |an )?(?:robot|machine|computer|bot)",
    'you (?:sound|are) like (?:a |an )?(?:robot|machine|computer)',
  ]),
  phraseRule<Flag>('who', [
    '(?:who|whom) (?:am i|are we) (?:speaking|talking) (?:to|with)',
    "who(?:'s| is) (?:this|that|speaking)",
    'who are you',
    "what(?:'s| is) your name",
  ]),
  phraseRule<Flag>('company', [
    'what (?:company|business|firm) (?:is (?:this|it)|are you|do you work for|am i (?:speaking|talking) to)',
    "(?:which|what) (?:company|business|firm)(?:'s| is) (?:this|that)",
    'who do you work for',
    'who are you with',
    "what(?:'s| is) (?:this|the company) (?:called|about)",
    'where are you (?:calling|ringing) from',
  ]),
  phraseRule<Flag>('number', [
    '(?:how|where) did you get (?:my|this) number',
    'why (?:did|are) you (?:call|ring|calling|ringing) me',
  ]),
  // A question about the question: what the answer is for, or whether it must be given.
  phraseRule<Flag>('why', [
    '(?:why|what for) (?:do|would|does|d) (?:you|they|the team|you lot) (?:need|want) (?:that|it|this|them|to know|my)',
    'what (?:do|would|does) (?:you|they|the team) (?:need|want) (?:that|it|this|them|to know that|to know) for',
    'why (?:are you asking|do you ask|you asking|do you want to know)',
    "why(?:'s|s| is| does) (?:that|it) (?:needed|necessary|important|relevant|matter)",
    "what(?:'s|s| has| is) (?:that|it) (?:got )?to do with",
    'what difference does (?:that|it) make',
    'do i (?:have|need) to (?:give|tell|say|answer|share)',
    'is (?:that|it) (?:necessary|needed|relevant|compulsory|required)',
  ]),
];

const OFF_TOPIC: readonly OffTopic[] = ['robot', 'who', 'company', 'number', 'why'];

/** Replies that are only a request to repeat: "sorry?", "what?", "eh?". */
const BARE_REPEAT = /^(?:sorry|what|eh|huh|you what|what's that|sorry what was that)$/;

/** Flags for the dialog engine; all false and `notSeller` null on an ordinary answer. */
export function detectIntent(text: string): IntentFlags {
  const normalised = normaliseUtterance(text);
  const flags = new Set(findAssertedMatches(normalised, RULES).map((m) => m.value));
  const notSellerKinds: NotSellerKind[] = [
    'estate_agent',
    'wrong_number',
    'existing_seller_chasing',
    'other',
  ];
  // Decided from everything said: an agent or a buyer selling their own home is a seller; a
  // wrong number or a caller chasing a sale stays what they said.
  const ownSale = flags.has('own_sale');
  const kind = notSellerKinds.find(
    (k) => flags.has(k) && !(ownSale && (k === 'estate_agent' || k === 'other')),
  );
  return {
    wantsHuman: flags.has('human'),
    notSeller: kind === undefined ? null : { kind },
    wantsToEnd: flags.has('end'),
    repeat: flags.has('repeat') || BARE_REPEAT.test(normalised),
    wantsCallback: flags.has('callback') || flags.has('busy'),
    asksCallback: flags.has('callback'),
    offTopic: OFF_TOPIC.find((k) => flags.has(k)) ?? null,
  };
}
