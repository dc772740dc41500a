/**
 * Reads one utterance with every extractor. What is taken depends on what the agent just asked:
 * a bare "four" is a bedroom count only after "how many bedrooms?", and doubtful readings (a
 * loose name, a low-confidence postcode or price) count only when they answer the question.
 */
import type { SlotName } from '../../modules/agent/agent-config.js';
import {
  extractBedrooms,
  extractCondition,
  extractMoneyNotes,
  extractName,
  extractOccupancy,
  extractPhone,
  extractPostcode,
  extractPostcodeDistrict,
  extractPrice,
  extractPropertyType,
  extractReason,
  extractRefusal,
  extractTimeline,
  readYesNo,
  type YesNo,
} from '../extractors/index.js';
import { extractAddressLine } from './address-line.js';
import type { AnswerKey, AnswerValues } from './types.js';

export interface Heard {
  values: Partial<AnswerValues>;
  /** Values to read back with a yes/no question before trusting them. */
  readBack: AnswerKey[];
  yesNo: YesNo | null;
  /** The noun a "no" was about ("no mortgage" → "mortgage"): then it answers no question of its own. */
  yesNoAbout: string | null;
  /** Set with `values.price` when the caller gave a range. */
  priceRange?: { min: number; max: number };
  /** Desk notes with no slot of their own (arrears, service charge, mortgage left). */
  notes: string[];
  /** Values taken from the language model's reading (model-reading.ts). */
  fromModel?: AnswerKey[];
}

export interface Listening {
  /** The questions this utterance may be answering. */
  expects: ReadonlySet<SlotName>;
  /** The first answer after the greeting, when callers introduce themselves freely. */
  opening: boolean;
  /** False while taking a message: a non-seller's words say nothing about a property to buy. */
  facts: boolean;
  /** The postcode is known but not the street: a street line said in passing is kept. */
  street: boolean;
  now: Date;
  zone: string;
}

export function understand(text: string, listening: Listening): Heard {
  const expects = (slot: SlotName): boolean => listening.expects.has(slot);
  const yesNo = readYesNo(text);
  // "no mortgage, we own it outright" is not a "no" to the question, unless the question was about that.
  const offTopic = yesNo.about !== null && !(yesNo.slot !== null && expects(yesNo.slot as SlotName));
  const heard: Heard = {
    values: {},
    readBack: [],
    yesNo: offTopic ? null : yesNo.answer,
    yesNoAbout: yesNo.about,
    notes: [],
  };
  readName(text, listening, heard);
  readPhone(text, expects('phone'), heard);
  if (!listening.facts) return heard;
  readPlace(text, expects('address'), listening.street, heard);
  const v = heard.values;
  const type = extractPropertyType(text);
  if (type !== null) v.property_type = type;
  // The bedroom reader takes a postcode's "6BD" for six bedrooms, so it reads the text without it.
  const bedrooms = extractBedrooms(withoutPostcode(text, v.postcode), {
    acceptBareNumber: expects('bedrooms'),
  });
  if (bedrooms !== null) v.bedrooms = bedrooms;
  const condition = extractCondition(text, { answering: expects('condition') });
  if (condition !== null) v.condition = condition;
  const occupancy = extractOccupancy(text);
  if (occupancy !== null) v.occupancy = occupancy;
  const reason = extractReason(text);
  if (reason !== null) v.reason = reason;
  heard.notes = extractMoneyNotes(text);
  // A phone number's digits are not a price or a timeline; a price said while the number is asked for is.
  if (expects('phone') && (heard.values.phone !== undefined || /(?:\d\D?){7}/.test(text))) return heard;
  readPrice(text, expects('price'), heard);
  const timeline = readTimeline(text, listening.now, listening.zone);
  if (timeline !== null) v.timeline = timeline;
  // A bare "no" answers "is anyone living there?" only when it is the whole answer, not "no, it's four beds".
  if (expects('occupancy') && Object.keys(v).length === 0 && extractRefusal(text) === null) {
    const answer = readOccupancyAnswer(text, heard.yesNo);
    if (answer !== null) v.occupancy = answer;
  }
  return heard;
}

/** The timeline's label, keeping the weeks when the words did not ("by Christmas (about 10 weeks)"). */
export function readTimeline(text: string, now: Date, zone: string): string | null {
  const timeline = extractTimeline(text, now, zone);
  if (timeline === null) return null;
  const hasWeeks = timeline.weeks !== undefined && !/\d/.test(timeline.label);
  return hasWeeks ? `${timeline.label} (about ${timeline.weeks} weeks)` : timeline.label;
}

function readName(text: string, listening: Listening, heard: Heard): void {
  const expecting = listening.expects.has('name');
  const name = extractName(text, { expectingName: expecting });
  // Loose frames ("it's ...") mislead mid-call ("it's damp"); trust them only when asked or when introducing.
  if (name === null || !(expecting || listening.opening || name.confidence === 'high')) return;
  // "Dunno", "i'd rather not say": a refusal, not a name, unless the name was clearly given.
  if (name.confidence !== 'high' && extractRefusal(text) !== null) return;
  // When a name is expected the reader takes any words; "blah blah" is a mumble, not a name.
  const words = name.full.toLowerCase().split(' ');
  if (words.length > 1 && words.every((w) => w === words[0])) return;
  heard.values.name = name.full;
  // Spelt letters are taken literally, and said back so the caller hears them taken.
  if (name.spelled === true) heard.readBack.push('name');
}

function readPhone(text: string, expecting: boolean, heard: Heard): void {
  const phone = extractPhone(text);
  if (phone === null || (!expecting && phone.confidence !== 'high' && !phone.forCallback)) return;
  heard.values.phone = phone.e164;
  heard.readBack.push('phone');
}

/** Postcodes are always read back; a district alone is kept until the full postcode comes. */
function readPlace(text: string, expecting: boolean, street: boolean, heard: Heard): void {
  const postcode = extractPostcode(text);
  if (postcode !== null && (expecting || postcode.confidence === 'high')) {
    heard.values.postcode = postcode.postcode;
    heard.values.district = postcode.district;
    heard.readBack.push('postcode');
  } else {
    const district = extractPostcodeDistrict(text);
    if (district !== null && district.confidence === 'high') heard.values.district = district.district;
  }
  if (expecting || street || heard.values.postcode !== undefined) {
    const line = extractAddressLine(text);
    if (line !== null) heard.values.address = line;
  }
}

/** The text with a written postcode ("M15 6BD", "m156bd") taken out. */
function withoutPostcode(text: string, postcode: string | undefined): string {
  if (postcode === undefined) return text;
  const chars = postcode.replace(/\s+/g, '').split('');
  return text.replace(new RegExp(chars.join('\\s*'), 'gi'), ' ');
}

function readPrice(text: string, expecting: boolean, heard: Heard): void {
  const price = extractPrice(text, { assumeThousands: expecting });
  if (price === null || (!expecting && price.confidence !== 'high')) return;
  heard.values.price = price.amount;
  if (price.min !== undefined && price.max !== undefined && price.min !== price.max)
    heard.priceRange = { min: price.min, max: price.max };
  if (price.confidence === 'low') heard.readBack.push('price');
}

/**
 * Answers to "is anyone living there: you, tenants, or is it empty?" that the occupancy extractor
 * does not read: "no" (empty) and "just me" / "we do" (the owner).
 */
function readOccupancyAnswer(text: string, yesNo: YesNo | null): string | null {
  if (/\b(?:nobody|no one|noone)\b/i.test(text)) return 'vacant';
  if (/(?<!\bnot )\b(?:me|myself|us|we do|i do|we live|i live|my family)\b/i.test(text))
    return 'owner_occupied';
  return yesNo === 'no' ? 'vacant' : null;
}
