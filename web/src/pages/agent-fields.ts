import {
  type AgentConfig,
  CONDITION_VALUES,
  PROPERTY_TYPE_VALUES,
  REASON_VALUES,
  type Weekday,
} from '@callagent/sdk';
import { formatMoney, humanise } from '../format';

// The agent configuration in the words the form uses: a field's label by its API path, a value as
// a person reads it, and the API's messages with its key names put into those words.

export type SectionId =
  | 'lines'
  | 'questions'
  | 'buy_box'
  | 'scoring'
  | 'hours'
  | 'transfer'
  | 'booking'
  | 'language_model'
  | 'texts';

export const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const DAYS = Object.keys(DAY_NAMES) as Weekday[];

export const LINE_LABELS: Record<keyof AgentConfig['lines'], string> = {
  greeting: 'Greeting',
  recording_notice: 'Recording notice',
  returning_greeting: 'Greeting for a returning caller',
  closing: 'Closing',
  out_of_hours: 'Out of hours',
  transfer: 'Before a transfer',
  callback_offer: 'Offering a callback',
  viewing_offer: 'Offering a viewing',
  not_seller: 'Not a seller',
};

const SLOT_LABELS: Record<string, string> = {
  name: 'Name',
  phone: 'Phone',
  address: 'Address',
  property_type: 'Property type',
  bedrooms: 'Bedrooms',
  condition: 'Condition',
  occupancy: 'Occupancy',
  price: 'Asking price',
  timeline: 'Timeline',
  reason: 'Reason for selling',
};
export const slotLabel = (slot: string) => SLOT_LABELS[slot] ?? humanise(slot);

export const TEXT_LABELS: Record<keyof AgentConfig['texts']['wording'], string> = {
  booking_confirmed: 'Text: booking confirmed',
  booking_moved: 'Text: booking moved',
  booking_cancelled: 'Text: booking cancelled',
  booking_reminder: 'Text: reminder',
  cancel_confirmed: 'Text: the seller cancelled',
};

const BOOKING_LABELS: Record<keyof AgentConfig['booking'], string> = {
  callback_minutes: 'Callback length (min)',
  viewing_minutes: 'Viewing length (min)',
  lead_time_minutes: 'Earliest, minutes from now',
  horizon_days: 'Latest, days ahead',
  offer_count: 'Times offered at once',
};

/** Labels of single fields, by path; the form and the words below share them. */
const LABELS: Record<string, { label: string; section: SectionId | null }> = {
  business_name: { label: 'Business name', section: 'lines' },
  agent_name: { label: 'Agent name', section: 'lines' },
  voice: { label: 'Voice', section: null },
  language: { label: 'Language', section: null },
  questions: { label: 'Questions', section: 'questions' },
  'buy_box.postcode_areas': { label: 'Postcode areas and districts', section: 'buy_box' },
  'buy_box.property_types': { label: 'Property types', section: 'buy_box' },
  'buy_box.min_bedrooms': { label: 'Fewest bedrooms', section: 'buy_box' },
  'buy_box.max_bedrooms': { label: 'Most bedrooms', section: 'buy_box' },
  'buy_box.max_price': { label: 'Price ceiling', section: 'buy_box' },
  'buy_box.conditions': { label: 'Conditions bought', section: 'buy_box' },
  'buy_box.motivating_reasons': { label: 'Motivating reasons', section: 'buy_box' },
  'scoring.hot_threshold': { label: 'Hot from score', section: 'scoring' },
  'scoring.warm_threshold': { label: 'Warm from score', section: 'scoring' },
  'transfer.number': { label: 'Transfer number', section: 'transfer' },
  'transfer.on_request': { label: 'Transfer when the caller asks for a person', section: 'transfer' },
  'transfer.when_hot': { label: 'Transfer hot callers', section: 'transfer' },
  'hours.time_zone': { label: 'Time zone', section: 'hours' },
  'reprompts.max_silence': { label: 'Re-prompts after silence', section: null },
  'reprompts.max_unclear': { label: 'Re-asks of one question', section: null },
  speech_hints: { label: 'Words for the speech recogniser', section: null },
  'language_model.enabled': { label: 'Ask the language model on calls', section: 'language_model' },
  'language_model.max_calls_per_day': { label: 'Model requests a day, at most', section: 'language_model' },
  'texts.enabled': { label: 'Text sellers', section: 'texts' },
  'texts.reminders_minutes': { label: 'Reminders before a viewing', section: 'texts' },
  'texts.spoken_promise': { label: 'What the agent says about the text', section: 'texts' },
  ...Object.fromEntries(
    Object.entries(TEXT_LABELS).map(([k, label]) => [
      `texts.wording.${k}`,
      { label, section: 'texts' as const },
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(LINE_LABELS).map(([k, label]) => [`lines.${k}`, { label, section: 'lines' as const }]),
  ),
  ...Object.fromEntries(
    Object.entries(BOOKING_LABELS).map(([k, label]) => [
      `booking.${k}`,
      { label, section: 'booking' as const },
    ]),
  ),
};

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

export interface FieldName {
  /** Where the field is edited; null for what the form does not show. */
  section: SectionId | null;
  /** The field in words: "Price ceiling", "Question on name: asking again", "Monday opens (2)". */
  label: string;
}

/**
 * A path of the API's (without `config.`) in the form's words. Paths inside a list name the item:
 * the sixth postcode area, the second window of a Monday.
 */
export function fieldName(path: string, config?: AgentConfig): FieldName {
  const parts = path.split('.');
  const known = LABELS[path];
  if (known) return known;
  const [head, second, third, fourth, fifth] = parts;
  if (head === 'questions' && second !== undefined && /^\d+$/.test(second)) {
    const slot = config?.questions[Number(second)]?.slot;
    const which = slot ? `Question on ${slotLabel(slot).toLowerCase()}` : `Question ${Number(second) + 1}`;
    const what = { prompt: 'how the agent asks', reprompt: 'asking again', ask: 'asked', slot: 'slot' }[
      third ?? ''
    ];
    return { section: 'questions', label: what ? `${which}: ${what}` : which };
  }
  if (head === 'scoring' && second === 'weights' && third)
    return { section: 'scoring', label: `Weight of ${slotLabel(third).toLowerCase()}` };
  if (head === 'hours' && second === 'week' && third && third in DAY_NAMES) {
    const day = DAY_NAMES[third as Weekday];
    if (fourth === undefined) return { section: 'hours', label: `${day} hours` };
    const count = config?.hours.week[third as Weekday]?.length ?? 2;
    const n = count > 1 ? ` (${Number(fourth) + 1})` : '';
    const what = fifth === 'start' ? 'opens' : fifth === 'end' ? 'closes' : 'hours';
    return { section: 'hours', label: `${day} ${what}${n}` };
  }
  // An item of a list field: the list's label, and which item.
  const parent = parts.slice(0, -1).join('.');
  const last = parts.at(-1) ?? '';
  const list = LABELS[parent];
  if (list && /^\d+$/.test(last))
    return { section: list.section, label: `${list.label}, the ${ordinal(Number(last) + 1)}` };
  return { section: null, label: parts.map((p) => humanise(p)).join(' › ') };
}

const WORDS: Record<string, string> = {
  max_bedrooms: 'the most bedrooms',
  min_bedrooms: 'the fewest bedrooms',
  hot_threshold: 'the hot score',
  warm_threshold: 'the warm score',
  on_request: 'transferring on request',
  when_hot: 'transferring hot callers',
};

/** The API's message with its key names in words: "must not be above the most bedrooms". */
export function messageInWords(message: string): string {
  return message.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (key) => WORDS[key] ?? key.replaceAll('_', ' '));
}

/** The value at a path of the configuration (undefined where there is none). */
export function valueAt(config: AgentConfig, path: string): unknown {
  let at: unknown = config;
  for (const key of path.split('.')) {
    at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  }
  return at;
}

/** An item of a list of words by its place and value: "“ZZ9” (the 6th)". */
export function itemName(path: string, config: AgentConfig): string {
  const place = `the ${ordinal(Number(path.split('.').at(-1)) + 1)}`;
  const value = valueAt(config, path);
  return typeof value === 'string' ? `“${value}” (${place})` : place;
}

/** An API problem in the form's words: "Postcode areas and districts, the 6th: must be ...". */
export function problemInWords(path: string, message: string, config: AgentConfig): string {
  const parts = path.split('.');
  const parent = parts.slice(0, -1).join('.');
  const inList = /^\d+$/.test(parts.at(-1) ?? '') && LABELS[parent] !== undefined;
  const label = inList
    ? `${LABELS[parent]?.label}, ${itemName(path, config)}`
    : fieldName(path, config).label;
  return `${label}: ${messageInWords(message)}`;
}

const labelsOf = (values: readonly { value: string; label: string }[]) =>
  new Map(values.map((v) => [v.value, v.label]));
const TYPE_LABELS = labelsOf(PROPERTY_TYPE_VALUES);
const CONDITION_LABELS = labelsOf(CONDITION_VALUES);
const REASON_LABELS = labelsOf(REASON_VALUES);

const list = (values: readonly string[], labels: Map<string, string>, empty: string) =>
  values.length === 0 ? empty : values.map((v) => labels.get(v) ?? humanise(v)).join(', ');
/** "24 hours and 1 hour before". */
export function reminders(minutes: readonly number[]): string {
  if (minutes.length === 0) return 'None';
  const one = (m: number) =>
    m % 1440 === 0
      ? `${m / 1440 === 1 ? '24 hours' : `${m / 1440} days`}`
      : m % 60 === 0
        ? `${m / 60} hour${m === 60 ? '' : 's'}`
        : `${m} minutes`;
  const sorted = [...minutes].sort((a, b) => b - a).map(one);
  return `${sorted.length === 1 ? sorted[0] : `${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1)}`} before`;
}
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const windows = (ws: readonly { start: string; end: string }[]) =>
  ws.length === 0 ? 'Closed' : ws.map((w) => `${w.start}–${w.end}`).join(', ');

export interface Change {
  label: string;
  section: SectionId | null;
  before: string;
  after: string;
}

interface Field {
  label: string;
  section: SectionId | null;
  read: (c: AgentConfig) => string;
}

function fieldsOf(configs: AgentConfig[]): Field[] {
  const plain = (path: string, show: (c: AgentConfig) => string): Field => ({
    ...fieldName(path),
    read: show,
  });
  const slots = [...new Set(configs.flatMap((c) => c.questions.map((q) => q.slot)))];
  const question = (c: AgentConfig, slot: string) => c.questions.find((q) => q.slot === slot);
  const absent = '(not asked)';
  return [
    plain('business_name', (c) => c.business_name),
    plain('agent_name', (c) => c.agent_name),
    plain('voice', (c) => c.voice),
    plain('language', (c) => c.language),
    ...(Object.keys(LINE_LABELS) as (keyof AgentConfig['lines'])[]).map((k) =>
      // Versions published before the recording notice existed have none: it reads as empty.
      plain(`lines.${k}`, (c) => c.lines[k] ?? ''),
    ),
    {
      label: 'Order of questions',
      section: 'questions',
      read: (c) => c.questions.map((q) => slotLabel(q.slot)).join(', '),
    },
    ...slots.flatMap((slot): Field[] => {
      const which = `Question on ${slotLabel(slot).toLowerCase()}`;
      return [
        {
          label: `${which}: asked`,
          section: 'questions',
          read: (c) => {
            const q = question(c, slot);
            return q ? yesNo(q.ask) : absent;
          },
        },
        {
          label: `${which}: how the agent asks`,
          section: 'questions',
          read: (c) => question(c, slot)?.prompt ?? absent,
        },
        {
          label: `${which}: asking again`,
          section: 'questions',
          read: (c) => question(c, slot)?.reprompt ?? absent,
        },
      ];
    }),
    plain('buy_box.postcode_areas', (c) => c.buy_box.postcode_areas.join(', ') || 'Anywhere'),
    plain('buy_box.property_types', (c) => list(c.buy_box.property_types, TYPE_LABELS, 'Any')),
    plain('buy_box.min_bedrooms', (c) => String(c.buy_box.min_bedrooms)),
    plain('buy_box.max_bedrooms', (c) => String(c.buy_box.max_bedrooms)),
    plain('buy_box.max_price', (c) =>
      c.buy_box.max_price === null ? 'No ceiling' : formatMoney(c.buy_box.max_price),
    ),
    plain('buy_box.conditions', (c) => list(c.buy_box.conditions, CONDITION_LABELS, 'Any')),
    plain('buy_box.motivating_reasons', (c) => list(c.buy_box.motivating_reasons, REASON_LABELS, 'None')),
    ...[...new Set(configs.flatMap((c) => Object.keys(c.scoring.weights)))].map((k) =>
      plain(`scoring.weights.${k}`, (c) => String((c.scoring.weights as Record<string, number>)[k] ?? 0)),
    ),
    plain('scoring.hot_threshold', (c) => String(c.scoring.hot_threshold)),
    plain('scoring.warm_threshold', (c) => String(c.scoring.warm_threshold)),
    plain('transfer.number', (c) => c.transfer.number ?? 'None: never transfer'),
    plain('transfer.on_request', (c) => yesNo(c.transfer.on_request)),
    plain('transfer.when_hot', (c) => yesNo(c.transfer.when_hot)),
    plain('hours.time_zone', (c) => c.hours.time_zone),
    ...DAYS.map((d) => plain(`hours.week.${d}`, (c) => windows(c.hours.week[d] ?? []))),
    ...(Object.keys(BOOKING_LABELS) as (keyof AgentConfig['booking'])[]).map((k) =>
      plain(`booking.${k}`, (c) => String(c.booking[k])),
    ),
    plain('reprompts.max_silence', (c) => String(c.reprompts.max_silence)),
    plain('reprompts.max_unclear', (c) => String(c.reprompts.max_unclear)),
    plain('speech_hints', (c) => c.speech_hints.join(', ') || 'None'),
    plain('language_model.enabled', (c) => yesNo(c.language_model.enabled)),
    plain('language_model.max_calls_per_day', (c) =>
      c.language_model.max_calls_per_day.toLocaleString('en-GB'),
    ),
    // Versions published before texts existed have no texts section: they read as off.
    plain('texts.enabled', (c) => yesNo(c.texts?.enabled ?? false)),
    plain('texts.reminders_minutes', (c) => reminders(c.texts?.reminders_minutes ?? [])),
    plain('texts.spoken_promise', (c) => c.texts?.spoken_promise ?? ''),
    ...(Object.keys(TEXT_LABELS) as (keyof AgentConfig['texts']['wording'])[]).map((k) =>
      plain(`texts.wording.${k}`, (c) => c.texts?.wording[k] ?? ''),
    ),
  ];
}

/**
 * What differs between two configurations, field by field in the form's words and order:
 * "Greeting: Hello → Hi", "Price ceiling: £250,000 → £275,000". Questions are matched by what
 * they ask about, so reordering them reads as one change of order.
 */
export function describeChanges(before: AgentConfig | null, after: AgentConfig): Change[] {
  return fieldsOf(before ? [after, before] : [after])
    .map((f) => ({
      label: f.label,
      section: f.section,
      before: before ? f.read(before) : '(default)',
      after: f.read(after),
    }))
    .filter((c) => c.before !== c.after);
}
