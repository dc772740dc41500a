/**
 * Whole calls the rules misread without failing (docs/agent.md, "Cross-checks"): an amount heard
 * wrong, an amount or a date taken from a clause about something else. They are not in the corpus
 * proper (all.ts), which every call must pass with the model off; they measure what a second
 * reading by the language model catches. Each caller answers a read-back as a caller would: yes
 * to what they meant, no to anything else.
 */
import type { CorpusCall, Heard } from './types.js';

/** A seller in Manchester whose answers each call overrides where it misreads. */
const SELLER = {
  name: 'mark davies',
  address: '42 mauldeth road m19 1ab',
  property_type: 'its a semi',
  bedrooms: 'three',
  condition: 'its in good condition',
  occupancy: 'we live there',
  price: 'about 150 thousand',
  timeline: 'within six months',
  reason: 'were downsizing',
  phone: 'yes',
};

/** A read-back of an amount, or of when they are selling. */
const PRICE = /£/;
const TIMELINE = /selling|fixed date/i;

/** No to a read-back of this kind that does not say what the caller meant; yes to any other. */
function yesIf(about: RegExp, meant: RegExp): (heard: Heard) => string {
  return (heard) => (about.test(heard.reply) && !meant.test(heard.reply) ? 'no' : 'yes');
}

/** The model's correct reading of each misread answer: the provider's script (cross-check.int.test.ts). */
export const MODEL_READINGS: Record<string, Record<string, unknown>> = {
  'hundred an fifty': { asking_price: 150_000 },
  'a buck fifty': { asking_price: 150_000 },
  'needs a new kitchen, about nine grand from wickes': { condition: 'needs_modernisation' },
  'needs work, the damp man wants six grand': { condition: 'needs_modernisation' },
  'hello i want to sell my house, the tenant moves out in two months': { occupancy: 'tenanted' },
  'we live there, how quickly could you complete': { occupancy: 'owner_occupied' },
};

export const MISREAD: CorpusCall[] = [
  {
    id: 'misread-hundred-an-fifty',
    class: 'wrong-words',
    about: 'says the price as "hundred an fifty"',
    opening: ['hi i want to sell my house'],
    answers: { ...SELLER, price: 'hundred an fifty', confirm: yesIf(PRICE, /£150,000/) },
    expect: { facts: { price: 150_000 } },
  },
  {
    id: 'misread-buck-fifty',
    class: 'wrong-words',
    about: 'says the price as "a buck fifty"',
    opening: ['hello selling my house'],
    answers: { ...SELLER, price: 'a buck fifty', confirm: yesIf(PRICE, /£150,000/) },
    expect: { facts: { price: 150_000 } },
  },
  {
    id: 'misread-kitchen-quote',
    class: 'wrong-words',
    about: 'gives a new kitchen’s price with the condition, which is no asking price',
    opening: ['hi im selling my house'],
    answers: {
      ...SELLER,
      condition: 'needs a new kitchen, about nine grand from wickes',
      confirm: yesIf(PRICE, /£150,000/),
    },
    expect: { facts: { price: 150_000, condition: 'needs_modernisation' } },
  },
  {
    id: 'misread-damp-quote',
    class: 'wrong-words',
    about: 'gives a damp specialist’s price with the condition',
    opening: ['hiya want to sell my house'],
    answers: {
      ...SELLER,
      condition: 'needs work, the damp man wants six grand',
      confirm: yesIf(PRICE, /£150,000/),
    },
    expect: { facts: { price: 150_000, condition: 'needs_modernisation' } },
  },
  {
    id: 'misread-tenant-moving-out',
    class: 'wrong-words',
    about: 'says when the tenant moves out, which is no timeline for the sale',
    opening: ['hello i want to sell my house, the tenant moves out in two months'],
    answers: { ...SELLER, occupancy: 'tenants', confirm: yesIf(TIMELINE, /6 months/) },
    expect: { facts: { timeline: /6 months/, occupancy: 'tenanted' } },
  },
  {
    id: 'misread-complete-question',
    class: 'wrong-words',
    about: 'asks back how quickly the buyer completes, which is no timeline of theirs',
    opening: ['hi selling my house'],
    answers: {
      ...SELLER,
      occupancy: 'we live there, how quickly could you complete',
      confirm: yesIf(TIMELINE, /6 months/),
    },
    expect: { facts: { timeline: /6 months/, occupancy: 'owner_occupied' } },
  },
];
