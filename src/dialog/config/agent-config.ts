import { z } from 'zod';
import { phrase } from '../catalogue/index.js';
import {
  CONDITION,
  CRITERIA,
  type Criterion,
  DEFAULT_WEIGHTS,
  PROPERTY_TYPE,
  REASON,
  SLOT_NAMES,
  SLOTS,
  type SlotName,
  slotNamed,
  type VocabularyEntry,
} from '../slots/index.js';
import { TextsConfig } from './texts.js';

/**
 * The agent configuration (docs/agent.md): everything a business tunes, validated with messages a
 * manager can act on. Drafts and published versions hold one of these as JSON. The slot enum,
 * the vocabularies, the scoring weights and the default questions come from the slot table.
 */

export { SLOT_NAMES, type SlotName };

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const HHMM = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a 24-hour time such as 09:00' });
const E164 = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/, { message: 'must be a phone number in E.164 form, such as +441612345678' });
const Line = (max = 400) => z.string().trim().min(1, { message: 'must not be empty' }).max(max);

const WEIGHT = z.number().int().min(0).max(100);

const OpeningWindow = z
  .strictObject({ start: HHMM, end: HHMM })
  .refine((w) => w.start < w.end, { message: 'start must be before end' });

export const QuestionConfig = z.strictObject({
  slot: z.enum(SLOT_NAMES),
  ask: z.boolean().default(true).describe('false: the agent does not ask, but still listens for it'),
  prompt: Line(300).describe('How the agent asks.'),
  reprompt: Line(300).describe('How the agent asks again, differently, when it did not understand.'),
});

const TIME_ZONE = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be an IANA time zone such as Europe/London' },
);

/** What the agent says after its greeting on a recorded call, until the business words it its way. */
export const DEFAULT_RECORDING_NOTICE = phrase('line.recording_notice');

export const AgentConfig = z
  .strictObject({
    business_name: Line(100),
    agent_name: Line(50),
    voice: z.string().trim().min(1).max(60).describe('Carrier voice name, e.g. Polly.Amy-Neural'),
    language: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/, { message: 'must be a language tag such as en-GB' }),
    lines: z.strictObject({
      greeting: Line().describe('The first thing the agent says. {business} and {agent} are filled in.'),
      recording_notice: Line()
        .default(DEFAULT_RECORDING_NOTICE)
        .describe(
          'Said right after the greeting, only on a call that is recorded (the workspace has call recording on).',
        ),
      returning_greeting: Line().describe(
        'For a caller whose number is on a lead. {name} is left out: caller ID can be faked, so the caller is named only after saying their name.',
      ),
      closing: Line(),
      out_of_hours: Line().describe('Said at the start of a call outside business hours.'),
      transfer: Line().describe('Said to the caller before connecting them to a person.'),
      callback_offer: Line(),
      viewing_offer: Line(),
      not_seller: Line().describe(
        'For estate agents, wrong numbers and sellers chasing an offer: take a message.',
      ),
    }),
    questions: z
      .array(QuestionConfig)
      .min(1)
      .max(SLOT_NAMES.length)
      .refine((qs) => new Set(qs.map((q) => q.slot)).size === qs.length, {
        message: 'each slot may appear once',
      }),
    buy_box: z.strictObject({
      postcode_areas: z
        .array(
          z.string().regex(/^[A-Z]{1,2}(\d[A-Z\d]?)?$/, {
            message: 'must be a postcode area (M) or district (M14), in capitals',
          }),
        )
        .max(500)
        .describe('Target areas or districts. Empty: anywhere.'),
      property_types: z.array(PROPERTY_TYPE).describe('Empty: any type.'),
      min_bedrooms: z.number().int().min(0).max(20),
      max_bedrooms: z.number().int().min(0).max(20),
      max_price: z.number().int().positive().nullable().describe('Pounds. null: no ceiling.'),
      conditions: z.array(CONDITION).describe('Conditions the business buys. Empty: any.'),
      motivating_reasons: z.array(REASON).describe('Reasons that make a seller motivated.'),
    }),
    scoring: z.strictObject({
      weights: z.strictObject(
        Object.fromEntries(CRITERIA.map((c) => [c, WEIGHT])) as Record<Criterion, typeof WEIGHT>,
      ),
      hot_threshold: z.number().int().min(1).max(100),
      warm_threshold: z.number().int().min(0).max(100),
    }),
    transfer: z.strictObject({
      number: E164.nullable().describe('Where hand-overs go. null: never transfer.'),
      on_request: z.boolean().describe('Transfer when the caller asks for a person (inside business hours).'),
      when_hot: z.boolean().describe('Transfer when the enquiry scores hot (inside business hours).'),
    }),
    hours: z.strictObject({
      time_zone: TIME_ZONE,
      week: z.strictObject(
        Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(OpeningWindow).max(4)])) as Record<
          (typeof WEEKDAYS)[number],
          z.ZodArray<typeof OpeningWindow>
        >,
      ),
    }),
    booking: z.strictObject({
      callback_minutes: z.number().int().min(5).max(240),
      viewing_minutes: z.number().int().min(15).max(480),
      lead_time_minutes: z
        .number()
        .int()
        .min(0)
        .max(7 * 24 * 60)
        .describe('Earliest booking after now.'),
      horizon_days: z.number().int().min(1).max(60).describe('Latest booking, in days from now.'),
      offer_count: z.number().int().min(1).max(5).describe('How many slots the agent offers at once.'),
    }),
    reprompts: z.strictObject({
      max_silence: z.number().int().min(0).max(5).describe('Re-prompts after silence before closing.'),
      max_unclear: z
        .number()
        .int()
        .min(0)
        .max(5)
        .describe('Re-asks of one question before moving on or offering a callback.'),
    }),
    speech_hints: z
      .array(z.string().trim().min(1).max(50))
      .max(200)
      .describe('Extra words for the speech recogniser.'),
    language_model: z
      .strictObject({
        enabled: z
          .boolean()
          .describe(
            'Consult the language model the service is configured with (docs/agent.md); no effect without one.',
          ),
        max_calls_per_day: z
          .number()
          .int()
          .min(1)
          .max(100_000)
          .describe(
            "Model requests this workspace's calls may make in a day (UTC); the service's operator may set a lower ceiling (LLM_MAX_CALLS_PER_WORKSPACE_PER_DAY), and the lower applies. Past it the rules work alone.",
          ),
      })
      .default({ enabled: false, max_calls_per_day: 500 }),
    texts: TextsConfig.describe('Texts to the seller about their bookings (docs/notifications.md).'),
  })
  .superRefine((c, ctx) => {
    if (c.buy_box.min_bedrooms > c.buy_box.max_bedrooms) {
      ctx.addIssue({
        code: 'custom',
        path: ['buy_box', 'min_bedrooms'],
        message: 'must not be above max_bedrooms',
      });
    }
    if (c.scoring.warm_threshold >= c.scoring.hot_threshold) {
      ctx.addIssue({
        code: 'custom',
        path: ['scoring', 'warm_threshold'],
        message: 'must be below hot_threshold',
      });
    }
    for (const day of WEEKDAYS) {
      const windows = c.hours.week[day];
      windows.forEach((w, i) => {
        const clash = windows.findIndex((o, j) => j < i && o.start < w.end && w.start < o.end);
        if (clash !== -1) {
          ctx.addIssue({
            code: 'custom',
            path: ['hours', 'week', day, i],
            message: `overlaps window ${clash + 1} of the day`,
          });
        }
      });
    }
    if ((c.transfer.on_request || c.transfer.when_hot) && c.transfer.number === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['transfer', 'number'],
        message: 'is needed when on_request or when_hot is true',
      });
    }
  })
  .meta({ id: 'AgentConfig' });
export type AgentConfig = z.infer<typeof AgentConfig>;

/** The recording notice; a configuration published before the line existed says the default. */
export function recordingNoticeOf(config: { lines: { recording_notice?: string | undefined } }): string {
  return config.lines.recording_notice ?? DEFAULT_RECORDING_NOTICE;
}

const office = [{ start: '09:00', end: '17:30' }];

/** A sensible default so a new workspace can take calls at once. */
export const DEFAULT_AGENT_CONFIG: AgentConfig = {
  business_name: 'our team',
  agent_name: 'Alex',
  voice: 'Polly.Amy-Neural',
  language: 'en-GB',
  // The catalogue's wording; a workspace's own lines take its place (docs/agent.md, "Wording").
  lines: {
    greeting: phrase('line.greeting'),
    recording_notice: DEFAULT_RECORDING_NOTICE,
    returning_greeting: phrase('line.returning_greeting'),
    closing: phrase('line.closing'),
    out_of_hours: phrase('line.out_of_hours'),
    transfer: phrase('line.transfer'),
    callback_offer: phrase('line.callback_offer'),
    viewing_offer: phrase('line.viewing_offer'),
    not_seller: phrase('line.not_seller'),
  },

  // Every slot, asked in the table's order but with the phone last: the caller's number is usually known.
  questions: [...SLOTS.filter((q) => q.name !== 'phone'), ...SLOTS.filter((q) => q.name === 'phone')].map(
    (q) => ({
      slot: q.name,
      ask: true,
      ...q.question,
    }),
  ),
  buy_box: {
    postcode_areas: [],
    property_types: [],
    min_bedrooms: 1,
    max_bedrooms: 6,
    max_price: 500_000,
    conditions: [],
    motivating_reasons: slotNamed('reason')
      .vocabulary.filter((r: VocabularyEntry) => r.byDefault === true)
      .map((r) => r.value),
  },
  scoring: {
    weights: DEFAULT_WEIGHTS,
    hot_threshold: 75,
    warm_threshold: 50,
  },
  transfer: { number: null, on_request: false, when_hot: false },
  hours: {
    time_zone: 'Europe/London',
    week: { mon: office, tue: office, wed: office, thu: office, fri: office, sat: [], sun: [] },
  },
  booking: {
    callback_minutes: 15,
    viewing_minutes: 60,
    lead_time_minutes: 60,
    horizon_days: 14,
    offer_count: 2,
  },
  reprompts: { max_silence: 2, max_unclear: 2 },
  speech_hints: [],
  language_model: { enabled: false, max_calls_per_day: 500 },
  texts: TextsConfig.parse(undefined),
};
