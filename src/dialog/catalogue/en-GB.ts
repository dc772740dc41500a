/**
 * Everything the agent says in British English, and its notes for the desk (docs/agent.md,
 * "Wording"). Change a sentence here and every call says it; a configuration's own lines and
 * questions still take the place of the defaults below (`line.*`, `question.*`).
 */
import type {
  CallEnding,
  Catalogue,
  CriterionName,
  MoneyNoteKind,
  NotSellerKind,
  OfferKind,
} from './catalogue.js';

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

const NOT_SELLER_REPLIES: Record<NotSellerKind, string> = {
  estate_agent: 'Thanks for calling.',
  wrong_number: 'No problem, it sounds like you may have the wrong number.',
  existing_seller_chasing: "Thanks, I'll make sure the team gets back to you about that.",
  other: 'Thanks for calling.',
};

const NOT_SELLER_LABELS: Record<NotSellerKind, string> = {
  estate_agent: 'Estate agent',
  wrong_number: 'Wrong number',
  existing_seller_chasing: 'Existing seller chasing an offer',
  other: 'Not a seller',
};

const MONEY_NOTE_LABELS: Record<MoneyNoteKind, string> = {
  'service charge': 'Service charge',
  'ground rent': 'Ground rent',
  'mortgage outstanding': 'Mortgage outstanding',
  arrears: 'Mortgage arrears',
};

/** What a criterion is about, in "... not known yet". */
const CRITERION_WORDS: Record<CriterionName, string> = {
  location: 'postcode',
  property_type: 'property type',
  bedrooms: 'bedrooms',
  price: 'asking price',
  condition: 'condition',
  reason: 'reason for selling',
  timeline: 'timeline',
};

/** At most five areas, then how many more. */
function listAreas(areas: readonly string[]): string {
  const shown = areas.slice(0, 5).join(', ');
  return areas.length > 5 ? `${shown} and ${areas.length - 5} more` : shown;
}

const ENDINGS: Record<CallEnding, string> = {
  completed: 'the call ended normally',
  caller_hung_up: 'the caller hung up',
  silence: 'the call ended after silence',
  not_seller: 'message taken',
  out_of_hours: 'called out of hours',
  transferred: 'the caller was put through',
  in_progress: 'the call is still in progress',
};

const CALLER_KINDS = {
  returning_seller: 'returning seller',
  new_seller: 'new seller',
  new_caller: 'new caller',
};

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const what = (kind: OfferKind): string => (kind === 'viewing' ? 'a viewing' : 'a call back');

export const EN_GB: Catalogue = {
  language: 'en-GB',
  messages: {
    'line.greeting':
      "Hello, you're through to {business}. I'm {agent}, a virtual assistant. Are you calling about selling a property? How can I help?",
    'line.returning_greeting':
      "Hello {name}, welcome back to {business}. I'm {agent}, a virtual assistant. How can I help today?",
    'line.recording_notice': 'This call is recorded for quality and training.',
    'line.closing': 'Thank you for calling {business}. Goodbye.',
    'line.out_of_hours': 'Our office is closed just now, but I can take your details and book a callback.',
    'line.transfer': "I'll put you through to one of the team now. Please hold.",
    'line.callback_offer': 'I can arrange for one of the team to call you back.',
    'line.viewing_offer': 'We would like to come and see the property.',
    'line.not_seller': "I'll take a message and ask someone to call you back.",
    'line.text_promise': "I'll send you a text to confirm.",
    'text.booking_confirmed':
      '{business}: your {kind} at {address} is booked for {day} at {time}. Reply C to cancel.',
    'text.booking_moved':
      '{business}: your {kind} at {address} has moved to {day} at {time}. Reply C to cancel.',
    'text.booking_cancelled':
      '{business}: your {kind} at {address} on {day} at {time} is cancelled. Call us to arrange another.',
    'text.booking_reminder':
      '{business}: a reminder of your {kind} at {address} on {day} at {time}. Reply C to cancel.',
    'text.cancel_confirmed':
      '{business}: your {kind} at {address} on {day} at {time} is cancelled, as you asked.',

    'question.name': {
      prompt: 'Could I take your name, please?',
      reprompt: 'Sorry, what name should I put down?',
    },
    'question.phone': {
      prompt: 'Is the number you are calling from the best one to reach you on?',
      reprompt: 'What is the best number to call you back on?',
    },
    'question.address': {
      prompt: "What's the address of the property, including the postcode?",
      reprompt: 'Could you tell me the postcode of the property? For example, M14 5AB.',
    },
    'question.property_type': {
      prompt: 'What type of property is it: detached, semi-detached, terraced, a flat or a bungalow?',
      reprompt: 'Is it a house, a flat or a bungalow? And is it detached, semi or terraced?',
    },
    'question.bedrooms': {
      prompt: 'How many bedrooms does it have?',
      reprompt: 'Sorry, how many bedrooms is that?',
    },
    'question.condition': {
      prompt: 'What condition is it in: good, needs some modernising, or needs a full renovation?',
      reprompt: 'Would you say it is in good condition, or does it need work?',
    },
    'question.occupancy': {
      prompt: 'Is anyone living there at the moment: you, tenants, or is it empty?',
      reprompt: 'Is the property lived in by you, let to tenants, or empty?',
    },
    'question.price': {
      prompt: 'Roughly what price are you hoping to get?',
      reprompt: 'Do you have a rough figure in mind, for example two hundred thousand?',
    },
    'question.timeline': {
      prompt: 'How soon are you looking to sell?',
      reprompt: 'Is it as soon as possible, within a few months, or no rush?',
    },
    'question.reason': {
      prompt: 'And what is the reason for selling?',
      reprompt: 'May I ask why you are selling?',
    },
    'question.message': {
      prompt: 'What message would you like me to pass on?',
      reprompt: 'Sorry, what would you like me to tell the team?',
    },
    'question.street': "And what's the house number and street?",
    'question.revisit': 'One last thing.',
    'question.not_caught': "Sorry, I didn't catch that.",

    'reply.sorry': 'Sorry about that.',
    'reply.no_problem': 'No problem.',
    'reply.of_course': 'Of course.',
    'reply.thats_fine': "That's fine.",
    'reply.great': 'Great.',
    'reply.can_help': 'Great, I can help with that.',
    'reply.message_taken': "Thank you, I'll pass that on.",
    'reply.move_on': "No problem, let's move on.",
    'reply.yes_or_no': 'Sorry, I just need a yes or a no.',
    'reply.still_there': 'Are you still there?',
    'reply.spoken_only': 'Sorry, I can only understand spoken answers.',
    'reply.sympathy': "I'm sorry to hear that.",
    'reply.thanks_name': ({ name }) => `Thanks, ${name}.`,
    'reply.got_it': ({ facts }) => `${facts}, got it.`,
    'reply.use_number': ({ callerId }) =>
      `Great, we'll use ${callerId ? "the number you're calling from" : 'that number'}.`,
    'reply.not_seller': ({ kind }) => NOT_SELLER_REPLIES[kind],

    'fragment.property': ({ type, bedrooms }) => {
      if (bedrooms === 0) return type === null || type === 'flat' ? 'a studio flat' : `a studio ${type}`;
      const noun = type === null || type === 'other' ? 'property' : type;
      if (bedrooms !== null) return `a ${bedrooms}-bed ${noun}`;
      return type === 'other' ? 'a property' : `a ${type}`;
    },
    'fragment.bedroom_count': ({ count }) =>
      count === 0 ? 'a studio' : `${COUNT_WORDS[count] ?? String(count)} bedroom${count === 1 ? '' : 's'}`,
    'fragment.at_address': ({ address }) => `at ${address}`,
    'fragment.in_district': ({ district }) => `in ${district}`,
    'fragment.timeline': ({ label, flexible }) => (flexible ? 'no fixed date to sell' : `selling ${label}`),
    'fragment.price_range': ({ min, max }) => `${min} to ${max}`,
    'fragment.today': 'today',
    'fragment.tomorrow': 'tomorrow',
    'fragment.clock': ({ hour, minute }) => {
      if (hour === 12 && minute === 0) return 'midday';
      const twelve = hour % 12 === 0 ? 12 : hour % 12;
      const minutes = minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`;
      return `${twelve}${minutes}${hour < 12 ? 'am' : 'pm'}`;
    },
    'fragment.day_at': ({ day, clock }) => `${day} at ${clock}`,
    'fragment.choices': ({ items }) =>
      items.length <= 1
        ? (items[0] ?? '')
        : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`,

    'greeting.disclosure': "I'm a virtual assistant.",
    'greeting.question': 'How can I help?',

    'off_topic.robot': "I'm a virtual assistant for {business}, here to take a few details for the team.",
    'off_topic.who': "I'm {agent}, the virtual assistant for {business}.",
    'off_topic.company': "You're through to {business}.",
    'off_topic.number': 'I can only see the number you are calling from.',
    'off_topic.why': "You don't have to say, but it helps the team come back to you with the right offer.",

    'read_back.postcode': ({ postcode }) => `Just to check, is the postcode ${postcode}?`,
    'read_back.phone': ({ number }) => `Just to check, is the best number ${number}?`,
    'read_back.price': ({ price }) => `Just to check, was that ${price}?`,
    'read_back.name': ({ name }) => `Just to check, is your name ${name}?`,
    'read_back.timeline': ({ timeline, flexible }) =>
      flexible ? `Just to check, there's ${timeline}?` : `Just to check, you're ${timeline}?`,
    'read_back.property': ({ property }) => `Just to check, is it ${property}?`,
    'read_back.value': ({ said }) => `Just to check: ${said}, is that right?`,
    'read_back.fallback': 'Is that right?',

    'offer.no_number': "I'm sorry, without a number the team won't be able to call you back.",
    'offer.diary_full':
      "I can't see a free time in the diary just now, so one of the team will call you as soon as they can.",
    'offer.question': ({ times, kind }) => `Would ${times} suit you for ${what(kind)}?`,
    'offer.when': 'What day and time would suit you best?',
    'offer.when_again': 'Sorry, what day and time would suit you best?',
    'offer.no_agreement': "I'm sorry we couldn't settle on a time. One of the team will be in touch.",
    'offer.gave_up': "I'm sorry, I couldn't find a time with you. One of the team will be in touch.",
    'offer.when_to_call': ({ times }) =>
      times === null
        ? 'When would be a good time to call you?'
        : `When would be a good time to call you? I could do ${times}.`,
    'offer.will_call_back': 'Of course, one of the team will call you back.',
    'offer.take_first': "I'll put you down for the first one then.",
    'offer.which': ({ times }) => `Which would suit you better, ${times}?`,
    'offer.could_do': ({ times, count }) =>
      count === 1
        ? `I could do ${times}. Would that suit you?`
        : `I could do ${times}. Which would suit you?`,
    'offer.again': ({ times }) =>
      `Sorry, would ${times} suit you? Or tell me a day and time that works for you.`,
    'offer.taken': ({ time }) => `I'm sorry, ${time} isn't free.`,
    'offer.nothing_free': ({ day, offset, partOfDay, bound }) => {
      const on = offset === 0 || offset === 1 ? day : `on ${day}`;
      if (bound !== undefined) return `Nothing's free ${bound.side} ${bound.edge} ${on}.`;
      if (partOfDay === undefined) return `Nothing's free ${on}.`;
      return `Nothing's free ${offset === 0 ? `this ${partOfDay}` : `${on} ${partOfDay}`}.`;
    },
    'offer.how_about': ({ times }) => `How about ${times}?`,
    'offer.declined': 'No problem. One of the team will be in touch.',
    'offer.booked': ({ kind, time }) => `Lovely, I've booked ${what(kind)} for ${time}.`,

    'call.wrap_up': "I'm sorry, I'll have to leave it there. One of the team will be in touch.",
    'call.silence_end': "I'm sorry, I can't hear anything, so I'll end the call here.",
    'call.everything': "Thank you, that's everything I need for now.",
    'transfer.still_connecting': 'Still connecting you, one moment please.',
    'transfer.hold': 'Please hold while I put you through.',
    'transfer.office_closed': "Our office is closed just now, so I can't put you through to someone.",
    'transfer.still_busy': "I'm sorry, the team still aren't free to take your call.",
    'transfer.unavailable': "I'm sorry, I can't put you through to someone just now.",
    'transfer.failed': "I'm sorry, nobody was able to take your call just now.",

    'desk.message_kind': ({ kind }) => NOT_SELLER_LABELS[kind],
    'desk.money_note': ({ kind, said }) => `${MONEY_NOTE_LABELS[kind]}: ${said}`,
    'desk.owned_outright': 'No mortgage: owned outright',
    'desk.message': ({ label, note }) => (note === '' ? label : `${label}: ${note}`),
    'desk.unclear_answer': ({ slot, said }) => `${slot.replace(/_/g, ' ')}: "${said}"`,
    'desk.not_understood': ({ answers }) => `Not understood on the call: ${answers.join('; ')}`,
    'desk.returning_seller': 'Returning seller',
    'desk.new_seller': 'New seller',
    'desk.no_name': 'name not given',
    'desk.lead_name': ({ said, onLead }) => `${said} (the lead is ${onLead})`,
    'desk.no_postcode': 'no postcode yet',
    'desk.not_scored': 'not scored yet',
    'desk.score': ({ score, outcome }) => `score ${score}, ${outcome}`,
    'desk.asked_for_person': ({ who }) => `${who}, asked to speak to someone`,
    'desk.price_range': ({ range }) => `Asking price range: ${range}`,
    'desk.bedrooms': ({ bedrooms }) => `${bedrooms}-bed`,
    'desk.transfer_failed': ({ reason }) => `transfer failed (${reason})`,
    'desk.reason_in_their_words': ({ words }) => `Reason for selling, in their words: "${words}"`,

    'score.unknown': ({ criterion }) => `${CRITERION_WORDS[criterion]} not known yet`,
    'score.any_area': ({ district }) => `${district}: any area is in the buy box`,
    'score.in_area': ({ district, area }) => `${district} is in the target area ${area}`,
    'score.outside_areas': ({ district, areas }) =>
      `${district} is outside the target areas (${listAreas(areas)})`,
    'score.any_type': ({ type }) => `${type}: any property type is bought`,
    'score.type_bought': ({ type }) => `${type} is a type we buy`,
    'score.type_not_bought': ({ type, types }) => `${type} is not a type we buy (${types.join(', ')})`,
    'score.bedrooms': ({ bedrooms, min, max, fit }) => {
      const said = plural(bedrooms, 'bedroom');
      const range = `${min}–${max}`;
      if (fit === 'within') return `${said} is within ${range}`;
      return fit === 'just_outside' ? `${said} is just outside ${range}` : `${said} is outside ${range}`;
    },
    'score.price': ({ price, ceiling, fit }) => {
      const asks = `asks ${price}`;
      if (ceiling === null) return `${asks}, no price ceiling set`;
      const where = { within: 'within', just_above: 'just above', above: 'above', far_above: 'far above' }[
        fit
      ];
      return `${asks}, ${where} the ${ceiling} ceiling`;
    },
    'score.condition': ({ condition, fit }) =>
      fit === 'any'
        ? `${condition}: any condition is bought`
        : fit === 'bought'
          ? `${condition} is a condition we buy`
          : `${condition} is not a condition we buy`,
    'score.reason': ({ reason, fit }) =>
      fit === 'none_set'
        ? `${reason}: no motivating reasons set`
        : fit === 'motivating'
          ? `${reason} is a motivating reason`
          : `${reason} is not one of the motivating reasons`,
    'score.timeline': ({ label, weeks }) => {
      if (weeks === 'flexible') return `no fixed date to sell (${label})`;
      if (weeks === 0) return 'wants to sell as soon as possible';
      const inWeeks = /\bweeks?\b/.test(label) ? '' : ` (about ${plural(weeks, 'week')})`;
      return `wants to sell ${label}${inWeeks}`;
    },
    'score.timeline_unrated': ({ label }) => `timeline "${label}" could not be rated`,

    'summary.no_name': 'Name not given',
    'summary.number_withheld': 'number withheld',
    'summary.lead_is': ({ name }) => `the lead is ${name}`,
    'summary.who': ({ name, kind, lead, number }) => {
      if (kind === 'not_seller')
        return `${name}${lead === null ? '' : ` (${lead})`}, ${number}: not a seller.`;
      return `${name} (${[CALLER_KINDS[kind], ...(lead === null ? [] : [lead])].join('; ')}), ${number}.`;
    },
    'summary.caller_said_nothing': 'No property details; the caller said nothing.',
    'summary.caller_said': ({ quote }) => `No property details. Caller said: "${quote}"`,
    'summary.a_property': 'a property',
    'summary.property': ({ what, where, details }) => {
      const head = `${what.charAt(0).toUpperCase()}${what.slice(1)}${where === '' ? '' : ` at ${where}`}`;
      return `${[head, ...details].join('; ')}.`;
    },
    'summary.message': ({ message }) => `${message}.`,
    'summary.not_scored': 'Not scored: too little known.',
    'summary.score': ({ score, outcome, partial }) =>
      `Score ${score}/100, ${outcome}${partial ? ', on partial details' : ''}.`,
    'summary.transferred': ({ to, why }) =>
      `Transferred to ${to} (${why === 'hot' ? 'hot enquiry' : 'caller asked for a person'}).`,
    'summary.transfer_failed': ({ to, failed }) => `Transfer to ${to} failed (${failed.replace('-', ' ')}).`,
    'summary.booked': ({ kind, at }) => `${kind === 'viewing' ? 'Viewing' : 'Callback'} booked for ${at}.`,
    'summary.nothing_booked': ({ ending }) => `Nothing booked; ${ENDINGS[ending]}.`,
    'summary.notes': ({ notes }) => `Notes: ${notes.join('; ')}.`,
    'summary.missing': ({ missing }) => `Missing: ${missing.join(', ')}.`,
    'summary.all_property_details': 'all property details',
  },
};
