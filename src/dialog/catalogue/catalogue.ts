/**
 * What a catalogue of the agent's words is (docs/agent.md, "Wording"): every sentence the agent
 * can say, and every note it writes for the desk, by message id. A message is a fixed string or
 * a function of named parameters, so an unknown id or a missing parameter is a type error. The
 * engine chooses what to say; a catalogue only words it, one per language (en-GB.ts first).
 * Nothing here imports the rest of the service, so any module of the dialog may use it.
 */

export type OfferKind = 'callback' | 'viewing';
export type NotSellerKind = 'estate_agent' | 'wrong_number' | 'existing_seller_chasing' | 'other';
/** What an amount that is not the price is, in a money note for the desk. */
export type MoneyNoteKind = 'service charge' | 'ground rent' | 'mortgage outstanding' | 'arrears';
export type QuestionWording = { prompt: string; reprompt: string };

/**
 * The configured lines' defaults. A workspace's configuration holds its own copy of each
 * (src/dialog/config/agent-config.ts), and that copy is what a call says; {business}, {agent}
 * and {name} are filled in at the call.
 */
interface LineMessages {
  'line.greeting': string;
  'line.returning_greeting': string;
  'line.recording_notice': string;
  'line.closing': string;
  'line.out_of_hours': string;
  'line.transfer': string;
  'line.callback_offer': string;
  'line.viewing_offer': string;
  'line.not_seller': string;
  /** The texts section's spoken_promise: added to a booking's confirmation when a text follows. */
  'line.text_promise': string;
  /**
   * The texts to the seller by default (the texts section's wording), filled when sent:
   * {business} {name} {kind} {address} {day} {time} (docs/notifications.md).
   */
  'text.booking_confirmed': string;
  'text.booking_moved': string;
  'text.booking_cancelled': string;
  'text.booking_reminder': string;
  'text.cancel_confirmed': string;
}

/** Each question's default wording (overridden by the configuration's questions), and the street's. */
interface QuestionMessages {
  'question.name': QuestionWording;
  'question.phone': QuestionWording;
  'question.address': QuestionWording;
  'question.property_type': QuestionWording;
  'question.bedrooms': QuestionWording;
  'question.condition': QuestionWording;
  'question.occupancy': QuestionWording;
  'question.price': QuestionWording;
  'question.timeline': QuestionWording;
  'question.reason': QuestionWording;
  /** A non-seller's message: no slot of the property. */
  'question.message': QuestionWording;
  /** Asked once when the postcode came without a street. */
  'question.street': string;
  /** Before a question given up on earlier and put once more. */
  'question.revisit': string;
  /** Before a reprompt that does not apologise itself. */
  'question.not_caught': string;
}

/** Short replies the engine puts before its next question. */
interface ReplyMessages {
  'reply.sorry': string;
  'reply.no_problem': string;
  'reply.of_course': string;
  'reply.thats_fine': string;
  'reply.great': string;
  'reply.can_help': string;
  'reply.message_taken': string;
  'reply.move_on': string;
  'reply.yes_or_no': string;
  'reply.still_there': string;
  'reply.spoken_only': string;
  'reply.sympathy': string;
  'reply.thanks_name': (p: { name: string }) => string;
  /** "A 3-bed semi-detached, in good condition, got it.": the facts already joined. */
  'reply.got_it': (p: { facts: string }) => string;
  'reply.use_number': (p: { callerId: boolean }) => string;
  'reply.not_seller': (p: { kind: NotSellerKind }) => string;
}

/** Fragments the replies are built of: the property, the timeline, times and lists. */
interface FragmentMessages {
  'fragment.property': (p: { type: string | null; bedrooms: number | null }) => string;
  'fragment.bedroom_count': (p: { count: number }) => string;
  'fragment.at_address': (p: { address: string }) => string;
  'fragment.in_district': (p: { district: string }) => string;
  'fragment.timeline': (p: { label: string; flexible: boolean }) => string;
  'fragment.price_range': (p: { min: string; max: string }) => string;
  'fragment.today': string;
  'fragment.tomorrow': string;
  'fragment.clock': (p: { hour: number; minute: number }) => string;
  'fragment.day_at': (p: { day: string; clock: string }) => string;
  /** "A", "A or B", "A, B or C". */
  'fragment.choices': (p: { items: readonly string[] }) => string;
}

/** The greeting's fixed parts, whatever the configured greeting says (docs/agent.md, section 2). */
interface GreetingMessages {
  'greeting.disclosure': string;
  'greeting.question': string;
}

/** Questions about the call itself; {business} and {agent} are filled in. */
interface OffTopicMessages {
  'off_topic.robot': string;
  'off_topic.who': string;
  'off_topic.company': string;
  'off_topic.number': string;
  'off_topic.why': string;
}

interface ReadBackMessages {
  'read_back.postcode': (p: { postcode: string }) => string;
  'read_back.phone': (p: { number: string }) => string;
  'read_back.price': (p: { price: string }) => string;
  'read_back.name': (p: { name: string }) => string;
  'read_back.timeline': (p: { timeline: string; flexible: boolean }) => string;
  'read_back.property': (p: { property: string }) => string;
  'read_back.value': (p: { said: string }) => string;
  'read_back.fallback': string;
}

interface OfferMessages {
  'offer.no_number': string;
  'offer.diary_full': string;
  'offer.question': (p: { times: string; kind: OfferKind }) => string;
  'offer.when': string;
  'offer.when_again': string;
  'offer.no_agreement': string;
  'offer.gave_up': string;
  'offer.when_to_call': (p: { times: string | null }) => string;
  'offer.will_call_back': string;
  'offer.take_first': string;
  'offer.which': (p: { times: string }) => string;
  'offer.could_do': (p: { times: string; count: number }) => string;
  'offer.again': (p: { times: string }) => string;
  'offer.taken': (p: { time: string }) => string;
  /** `offset`: days from today (0 today, 1 tomorrow); `edge` is said with `bound`. */
  'offer.nothing_free': (p: {
    day: string;
    offset: number;
    partOfDay?: string;
    bound?: { side: 'after' | 'before'; edge: string };
  }) => string;
  'offer.how_about': (p: { times: string }) => string;
  'offer.declined': string;
  'offer.booked': (p: { kind: OfferKind; time: string }) => string;
}

/** Ending a call and handing it over. */
interface CallMessages {
  'call.wrap_up': string;
  'call.silence_end': string;
  'call.everything': string;
  'transfer.still_connecting': string;
  'transfer.hold': string;
  'transfer.office_closed': string;
  'transfer.still_busy': string;
  'transfer.unavailable': string;
  'transfer.failed': string;
}

/** Notes for the desk: the lead's note, the transfer brief and the booking note. */
interface DeskMessages {
  'desk.message_kind': (p: { kind: NotSellerKind }) => string;
  /** A money note: "Mortgage arrears: 4 months", "Service charge: £1,800 a year". */
  'desk.money_note': (p: { kind: MoneyNoteKind; said: string }) => string;
  'desk.owned_outright': string;
  'desk.message': (p: { label: string; note: string }) => string;
  'desk.unclear_answer': (p: { slot: string; said: string }) => string;
  'desk.not_understood': (p: { answers: readonly string[] }) => string;
  'desk.returning_seller': string;
  'desk.new_seller': string;
  'desk.no_name': string;
  'desk.lead_name': (p: { said: string; onLead: string }) => string;
  'desk.no_postcode': string;
  'desk.not_scored': string;
  'desk.score': (p: { score: number; outcome: string }) => string;
  'desk.asked_for_person': (p: { who: string }) => string;
  'desk.price_range': (p: { range: string }) => string;
  'desk.bedrooms': (p: { bedrooms: number }) => string;
  'desk.transfer_failed': (p: { reason: string }) => string;
  /** A reason for selling that names none of the vocabulary's, kept for the desk as said. */
  'desk.reason_in_their_words': (p: { words: string }) => string;
}

/** The criteria a score is made of, as the slot table names them (src/dialog/slots). */
export type CriterionName =
  | 'location'
  | 'property_type'
  | 'bedrooms'
  | 'price'
  | 'condition'
  | 'reason'
  | 'timeline';

/** The reasons in a score's breakdown, one per criterion, for the desk (docs/agent.md, "Scoring"). */
interface ScoreMessages {
  'score.unknown': (p: { criterion: CriterionName }) => string;
  'score.any_area': (p: { district: string }) => string;
  'score.in_area': (p: { district: string; area: string }) => string;
  'score.outside_areas': (p: { district: string; areas: readonly string[] }) => string;
  'score.any_type': (p: { type: string }) => string;
  'score.type_bought': (p: { type: string }) => string;
  'score.type_not_bought': (p: { type: string; types: readonly string[] }) => string;
  'score.bedrooms': (p: {
    bedrooms: number;
    min: number;
    max: number;
    fit: 'within' | 'just_outside' | 'outside';
  }) => string;
  'score.price': (p: {
    price: string;
    ceiling: string | null;
    fit: 'within' | 'just_above' | 'above' | 'far_above';
  }) => string;
  'score.condition': (p: { condition: string; fit: 'any' | 'bought' | 'not_bought' }) => string;
  'score.reason': (p: { reason: string; fit: 'none_set' | 'motivating' | 'not_motivating' }) => string;
  'score.timeline': (p: { label: string; weeks: number | 'flexible' }) => string;
  'score.timeline_unrated': (p: { label: string }) => string;
}

/** How a call that booked nothing ended, in the summary's outcome line. */
export type CallEnding =
  | 'completed'
  | 'caller_hung_up'
  | 'silence'
  | 'not_seller'
  | 'out_of_hours'
  | 'transferred'
  | 'in_progress';

/** The summary a desk member reads after a call (docs/agent.md, "The summary"). */
interface SummaryMessages {
  'summary.no_name': string;
  'summary.number_withheld': string;
  'summary.lead_is': (p: { name: string }) => string;
  'summary.who': (p: {
    name: string;
    kind: 'returning_seller' | 'new_seller' | 'new_caller' | 'not_seller';
    lead: string | null;
    number: string;
  }) => string;
  'summary.caller_said_nothing': string;
  'summary.caller_said': (p: { quote: string }) => string;
  'summary.a_property': string;
  /** `what` is a fragment ("a 3-bed semi-detached"); `details` the slots' summary words. */
  'summary.property': (p: { what: string; where: string; details: readonly string[] }) => string;
  'summary.message': (p: { message: string }) => string;
  'summary.not_scored': string;
  'summary.score': (p: { score: number; outcome: string; partial: boolean }) => string;
  'summary.transferred': (p: { to: string; why: 'hot' | 'request' }) => string;
  'summary.transfer_failed': (p: { to: string; failed: string }) => string;
  'summary.booked': (p: { kind: OfferKind; at: string }) => string;
  'summary.nothing_booked': (p: { ending: CallEnding }) => string;
  'summary.notes': (p: { notes: readonly string[] }) => string;
  'summary.missing': (p: { missing: readonly string[] }) => string;
  'summary.all_property_details': string;
}

export interface Messages
  extends LineMessages,
    QuestionMessages,
    ReplyMessages,
    FragmentMessages,
    GreetingMessages,
    OffTopicMessages,
    ReadBackMessages,
    OfferMessages,
    CallMessages,
    DeskMessages,
    ScoreMessages,
    SummaryMessages {}

export type MessageId = keyof Messages;

/** A second language is a new object of this type (and an understanding layer for its speech). */
export interface Catalogue {
  /** The language tag, as in the configuration's `language`. */
  readonly language: string;
  readonly messages: Messages;
}

/** The parameters a message takes; nothing for a fixed message. */
export type ParamsOf<K extends MessageId> = Messages[K] extends (p: infer P) => unknown ? [params: P] : [];

/** What a message renders to: a sentence, or a question's two wordings. */
export type Rendered<K extends MessageId> = Messages[K] extends (p: never) => infer R ? R : Messages[K];

export function render<K extends MessageId>(
  catalogue: Catalogue,
  id: K,
  ...params: ParamsOf<K>
): Rendered<K> {
  const message: unknown = catalogue.messages[id];
  return (typeof message === 'function' ? message(params[0]) : message) as Rendered<K>;
}
