/**
 * The insights' API objects (docs/desk-api.md, Insights): what a date range asks for, and each
 * figure group's answer. Every figure is computed in SQL (insights*.repo.ts).
 */
import { z } from 'zod';
import { CALL_ENDINGS } from '../calls/calls.repo.js';

/** The longest range one request may cover: a year and a day, so a leap year fits. */
export const MAX_RANGE_DAYS = 366;

const LocalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date, YYYY-MM-DD' })
  .meta({ example: '2026-11-01' });

export const InsightsQuery = z.strictObject({
  from: LocalDate.optional().describe(
    'First day of the range, in the workspace’s time zone; by default 29 days before `to`.',
  ),
  to: LocalDate.optional().describe(
    'Last day of the range (included), in the workspace’s time zone; by default today.',
  ),
  bucket: z.enum(['day', 'week']).default('day').describe('day, or week (weeks start on Monday).'),
});
export type InsightsQuery = z.infer<typeof InsightsQuery>;

const Range = z
  .object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string().describe('The workspace’s time zone, in which days, hours and weeks are read.'),
    bucket: z.enum(['day', 'week']),
  })
  .meta({ id: 'InsightsRange' });
export type InsightsRange = z.infer<typeof Range>;

const Count = z.number().int();
const Endings = z
  .object(
    Object.fromEntries(CALL_ENDINGS.map((e) => [e, Count])) as Record<
      (typeof CALL_ENDINGS)[number],
      typeof Count
    >,
  )
  .meta({ id: 'InsightsCallEndings' });
export type EndingCounts = z.infer<typeof Endings>;

export const CallInsights = z
  .object({
    range: Range,
    total: Count.describe('Calls started in the range; test calls are never counted.'),
    out_of_hours: Count.describe('Of those, calls that started outside business hours.'),
    still_open: Count.describe('Calls still in progress (no ending yet).'),
    by_ending: Endings.describe('Ended calls by how they ended (Call.ending).'),
    by_hour: z.array(Count).length(24).describe('Calls by the hour they started, 0 to 23, local time.'),
    by_weekday: z.array(Count).length(7).describe('Calls by the day they started, Monday first.'),
    series: z.array(
      z.object({
        bucket: z.string().describe('The first day of the day or week.'),
        total: Count,
        by_ending: Endings,
      }),
    ),
  })
  .meta({ id: 'CallInsights' });
export type CallInsights = z.infer<typeof CallInsights>;

const funnelShape = {
  calls: Count,
  sellers: Count,
  qualified: Count,
  hot: Count,
  appointment_set: Count,
  offer_made: Count,
  completed: Count,
};
const FunnelCounts = z.object(funnelShape).meta({ id: 'InsightsFunnelCounts' });
export type FunnelCounts = z.infer<typeof FunnelCounts>;

export const FunnelInsights = z
  .object({
    range: Range,
    totals: FunnelCounts,
    series: z.array(z.object({ bucket: z.string(), ...funnelShape })),
  })
  .meta({ id: 'FunnelInsights' });
export type FunnelInsights = z.infer<typeof FunnelInsights>;

const Speed = z
  .object({
    calls: Count.describe('Hot (or warm) calls that ended in the range.'),
    answered: Count.describe('Of those, calls the desk has acted on since.'),
    median_minutes: z.number().nullable(),
    p90_minutes: z.number().nullable(),
    target_minutes: Count.describe('The workspace’s follow-up time (GET /pipeline).'),
    breached: Count.describe('Acted on later than the target, or not yet acted on and past it.'),
  })
  .meta({ id: 'InsightsSpeed' });
export type Speed = z.infer<typeof Speed>;

export const SpeedInsights = z
  .object({
    range: Range,
    hot: Speed,
    warm: Speed,
    series: z.array(
      z.object({
        bucket: z.string(),
        calls: Count,
        median_minutes: z.number().nullable(),
        p90_minutes: z.number().nullable(),
        breached: Count,
      }),
    ),
  })
  .meta({ id: 'SpeedToLeadInsights' });
export type SpeedInsights = z.infer<typeof SpeedInsights>;

const bookingShape = {
  made: Count,
  by_agent: Count.describe('Booked by the agent during a call.'),
  by_desk: Count.describe('Booked by a person or through the API.'),
  kept: Count.describe('Of those made, the time has passed and it was not cancelled.'),
  moved: Count.describe('Moved to another time at least once (booking.updated).'),
  cancelled: Count,
};
const BookingCounts = z.object(bookingShape).meta({ id: 'InsightsBookingCounts' });
export type BookingCounts = z.infer<typeof BookingCounts>;

export const BookingInsights = z
  .object({
    range: Range,
    totals: BookingCounts,
    series: z.array(z.object({ bucket: z.string(), ...bookingShape })),
  })
  .meta({ id: 'BookingInsights' });
export type BookingInsights = z.infer<typeof BookingInsights>;

export const AgentVersionInsights = z
  .object({
    agent_version: z.number().int().nullable().describe('null: the default agent or a draft.'),
    calls: Count,
    turns_per_call: z.number().nullable().describe('Caller turns per call, on average.'),
    hung_up: Count,
    hot: Count.describe('Calls whose deal is hot.'),
    hot_share: z.number().nullable().describe('hot ÷ calls, 0 to 1.'),
    transfers: Count,
    transfers_answered: Count,
    transfers_missed: Count,
    questions: z
      .array(
        z.object({
          question: z
            .string()
            .describe('What was asked: a question’s slot (price), confirm:<slot>, open, offer.'),
          asked_again: Count.describe('Times it was put again in a row (recorded since the insights began).'),
          given_up: Count.describe('Calls that gave up on it after unclear answers.'),
          hang_ups: Count.describe('Calls the caller hung up while it was the question waiting.'),
        }),
      )
      .describe('Questions with anything to show, most troublesome first.'),
  })
  .meta({ id: 'AgentVersionInsights' });
export type AgentVersionInsights = z.infer<typeof AgentVersionInsights>;

export const AgentInsights = z
  .object({
    range: Range,
    versions: z.array(AgentVersionInsights).describe('Newest version first; the default (null) last.'),
  })
  .meta({ id: 'AgentInsights' });
export type AgentInsights = z.infer<typeof AgentInsights>;

const EnquiryGroup = z.object({
  key: z
    .string()
    .describe(
      'The postcode area (letters before the first digit) or property type; "unknown" when not given.',
    ),
  enquiries: Count,
  average_score: z.number().nullable(),
  hot: Count,
  hot_share: z.number().nullable(),
});
export type EnquiryGroup = z.infer<typeof EnquiryGroup>;

export const EnquiryInsights = z
  .object({
    range: Range,
    by_area: z.array(EnquiryGroup),
    by_property_type: z.array(EnquiryGroup),
  })
  .meta({ id: 'EnquiryInsights' });
export type EnquiryInsights = z.infer<typeof EnquiryInsights>;
