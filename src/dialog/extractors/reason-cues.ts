/**
 * The reason for selling from its cue words, for an answer to "why are you selling?" that no
 * phrase of reason.ts reads. People tell the story rather than name the reason: "it were me
 * mam's and she's gone now, god bless her", "the council want paying for her home", "I split
 * from my partner". The words such a story is made of say which reason it is, whatever order
 * they come in: each reason's cues are counted and the reason with the most wins, the more
 * pressing one on a tie. A story with no cue stays the caller's own reason ("other").
 * Only the answer to the reason's own question is read this way (docs/agent.md, "Reasons").
 */
import type { SellingReason } from '../slots/reason.js';
import { normaliseUtterance } from './normalise.js';
import { isNegatedAt } from './phrases.js';
import { PRECEDENCE, RELATIVE } from './reason.js';

type Cued = Exclude<SellingReason, 'other'>;

/** Someone whose going is a death: "she's gone now", "my father went last spring". */
const PERSON = `(?:she|he|they|${RELATIVE})`;
/** Where someone goes who is still alive: "mum went into a home", "dad's gone to spain". */
const GOING_SOMEWHERE =
  '(?! (?:in|into|to|out|off|away|abroad|back|over|round|up|down|on|for|with|and|through|downhill))';

/**
 * The law's part in getting someone out of a home: a lender's against the caller, or the caller's
 * own against tenants ("had to go to court to get 'em out"). Whose it is, the tenants decide.
 */
const LEGAL = ['court', 'proceedings', '(?:served|papers)', 'bailiffs?', '(?:re)?possess\\w*', 'evict\\w*'];

/** Who a home is taken back by when the caller is the one losing it. */
const LENDER = "(?:bank|lender|building society|mortgage company)(?:'s|s)?";

/** Each reason's cues, as regex fragments matched on word boundaries; a cue counts once. */
const CUES: Readonly<Record<Cued, readonly string[]>> = {
  repossession: [
    ...LEGAL,
    // Any words between the lender and the taking, a number the recogniser wrote among them too.
    `${LENDER}\\b[a-z0-9' ]{0,40}\\b(?:take|taking|took|have it|having it)\\b`,
    `${LENDER} (?:is |are |has |have |been )*threatening`,
  ],
  probate: [
    `${PERSON}(?:'s|s| is| has)? (?:gone|passed)${GOING_SOMEWHERE}`,
    `${PERSON} went${GOING_SOMEWHERE}`,
    `(?:no longer|not) with us`,
    '(?:god|lord) (?:bless|rest)',
    'rip',
    'buried',
    'funeral',
    'widow(?:ed|er)?',
    `lost (?:her|him|them|(?:(?:my|our|me) )?${RELATIVE})`,
    'estate',
    'died',
    'passed',
  ],
  inherited: [
    'inherit\\w*',
    '(?:was|were|been|got) left',
    'left (?:it|the (?:house|place|property)) (?:to|by)',
    'left (?:to|by)',
    // A testament, not the verb: "in her will", "dad's will", never "nobody will mortgage it".
    "(?:the|a|her|his|their|[a-z]+'s) will",
  ],
  divorce: [
    'split(?:ting)?',
    'separat\\w*',
    'divorc\\w*',
    'ex',
    'broken? up',
    'break ?up',
    'marriage',
    '(?:separate|own|parted) ways',
    'parted',
    "(?:wife|husband|partner|missus|fella)(?:'s| has)? (?:left|walked out)",
  ],
  financial: [
    'money',
    'debts?',
    'ow(?:e|es|ing|ed)',
    'cards',
    'afford',
    'bills',
    'arrears',
    'skint',
    'loans?',
    'credit cards?',
    'redundan\\w*',
    'unemployed',
    'fees',
    'equity',
    '(?:want|wants|need|needs) paying',
    // Behind with payments, not a place: "right behind us", "behind the house".
    '(?<!(?:right|just|directly|straight|round|out|up|down|built) )behind(?! (?:us|me|them|him|her|it|the|our|my|their|there|here|where)\\b)',
  ],
  health: [
    'stairs',
    'poorly',
    'ill(?:ness)?',
    'hospital',
    '(?:care|nursing) home',
    '(?:nursing|residential|full[- ]time) care',
    'care fees',
    'in(?:to)? a home',
    'carers?',
    'disab\\w*',
    'wheelchair',
    'mobility',
    'stroke',
    'cancer',
    'dementia',
    'operation',
    'surgery',
    'hips?',
    'knees?',
    'health',
    'diagnos\\w*',
  ],
  relocation: [
    'jobs?',
    '(?:my|his|her|their|our|new) work',
    "(?:work|company|firm|office|employer)(?:'s|s| is| are) (?:moving|sending|posting|relocating)",
    'transfer\\w*',
    'posted',
    '(?:post|position|role|promotion|placement) (?:in|at|up|down|over)',
    'posting',
    'abroad',
    'overseas',
    'emigrat\\w*',
    'relocat\\w*',
    '(?:nearer|closer) (?:to )?',
    '(?:army|navy|raf|forces)',
  ],
  landlord_exit: [
    'tenants?',
    'tenancy',
    'landlord\\w*',
    're-?let\\w*',
    'letting',
    'rental',
    'buy to let',
    'portfolio',
    'investment',
    // Letting told as a story: "i've had it rented out for years", "all the new regulations".
    'rent(?:ed|ing)? (?:it |them |the (?:house|flat|place) )?out',
    'let (?:it |them )?out',
    'regulations?',
    'licen[cs]ing',
    "renters?'? rights",
  ],
  downsizing: [
    'upkeep',
    'maintenance',
    // A garden as a burden, not a place: "the garden's getting too much", "keeping up the garden".
    "garden(?:'s|s| is| are)? (?:too|getting|a lot|hard work|a struggle|a chore|a lot of work)",
    '(?:look after|looking after|keep up|keeping up|manage|maintain|maintaining) (?:the |a |that |this |my |our )?(?:big |large )?garden',
    // The house too much, not the street: "too much noise" is no reason to downsize.
    'too (?:big|large)',
    'too much(?! (?:noise|traffic|crime|trouble|going on)\\b)',
    'too many (?:bed)?rooms',
    "(?:don't|dont|never) use",
    'getting on',
    'smaller',
    'bungalow',
    '(?:kids|children) (?:have |had |have all |all )?(?:moved|left|grown|flown)',
    'rattling',
    'at (?:my|our|her|his) age',
    'retir\\w*',
    'empty nest',
  ],
};

/** The most pressing first, in reason.ts's order. */
const ORDER = PRECEDENCE.filter((r): r is Cued => r !== 'other');

const asPatterns = (cues: readonly string[]) => cues.map((cue) => new RegExp(`\\b${cue}\\b`, 'g'));

const PATTERNS = ORDER.map((reason) => ({ reason, cues: asPatterns(CUES[reason]) }));
const LEGAL_PATTERNS = asPatterns(LEGAL);
const LENDER_NAMED = new RegExp(`\\b${LENDER}\\b`);

/** How many of the cues the answer holds, unnegated; each counts once. */
function countOf(normalised: string, cues: readonly RegExp[]): number {
  let n = 0;
  for (const cue of cues) {
    for (const m of normalised.matchAll(cue)) {
      if (isNegatedAt(normalised, m.index ?? 0)) continue;
      n += 1;
      break;
    }
  }
  return n;
}

/** How many of each reason's cues the answer holds, unnegated. */
function countCues(normalised: string): Map<Cued, number> {
  const counts = new Map<Cued, number>();
  for (const { reason, cues } of PATTERNS) {
    const n = countOf(normalised, cues);
    if (n > 0) counts.set(reason, n);
  }
  // A landlord's court case against tenants, with no lender in the story, is the landlord's.
  const landlord = counts.get('landlord_exit') ?? 0;
  const legal = landlord > 0 && !LENDER_NAMED.test(normalised) ? countOf(normalised, LEGAL_PATTERNS) : 0;
  if (legal > 0) {
    const left = (counts.get('repossession') ?? 0) - legal;
    if (left > 0) counts.set('repossession', left);
    else counts.delete('repossession');
    counts.set('landlord_exit', landlord + legal);
  }
  return counts;
}

/** The reason the answer's cue words point to, or null when none does. */
export function reasonFromCues(text: string): Cued | null {
  const counts = countCues(normaliseUtterance(text));
  let best: Cued | null = null;
  for (const reason of ORDER) {
    const n = counts.get(reason) ?? 0;
    if (n > (best === null ? 0 : (counts.get(best) ?? 0))) best = reason;
  }
  return best;
}
