/**
 * The insights' objects (GET /api/v1/insights/..., docs/desk-api.md, Insights): how the phone
 * line, the agent and the desk are doing over a date range in the workspace's time zone.
 */

export interface InsightsQuery {
  /** First day, YYYY-MM-DD in the workspace's time zone; by default 29 days before `to`. */
  from?: string;
  /** Last day (included); by default today. */
  to?: string;
  /** day (default) or week (weeks start on Monday). */
  bucket?: 'day' | 'week';
}

export interface InsightsRange {
  from: string;
  to: string;
  time_zone: string;
  bucket: 'day' | 'week';
}

export type InsightsEnding =
  | 'booked'
  | 'transferred'
  | 'message'
  | 'not_seller'
  | 'hung_up'
  | 'silence'
  | 'completed'
  | 'failed';
export type InsightsEndingCounts = Record<InsightsEnding, number>;

export interface CallInsights {
  range: InsightsRange;
  /** Calls started in the range; test calls never count. */
  total: number;
  out_of_hours: number;
  still_open: number;
  by_ending: InsightsEndingCounts;
  /** 24 counts, local hour 0 first. */
  by_hour: number[];
  /** 7 counts, Monday first. */
  by_weekday: number[];
  series: { bucket: string; total: number; by_ending: InsightsEndingCounts }[];
}

export interface FunnelCounts {
  calls: number;
  sellers: number;
  qualified: number;
  hot: number;
  appointment_set: number;
  offer_made: number;
  completed: number;
}

export interface FunnelInsights {
  range: InsightsRange;
  totals: FunnelCounts;
  series: (FunnelCounts & { bucket: string })[];
}

export interface SpeedToLead {
  calls: number;
  answered: number;
  median_minutes: number | null;
  p90_minutes: number | null;
  target_minutes: number;
  breached: number;
}

export interface SpeedToLeadInsights {
  range: InsightsRange;
  hot: SpeedToLead;
  warm: SpeedToLead;
  series: {
    bucket: string;
    calls: number;
    median_minutes: number | null;
    p90_minutes: number | null;
    breached: number;
  }[];
}

export interface BookingCounts {
  made: number;
  by_agent: number;
  by_desk: number;
  kept: number;
  moved: number;
  cancelled: number;
}

export interface BookingInsights {
  range: InsightsRange;
  totals: BookingCounts;
  series: (BookingCounts & { bucket: string })[];
}

export interface AgentQuestionInsights {
  /** A question's slot (price), confirm:<slot>, open or offer. */
  question: string;
  asked_again: number;
  given_up: number;
  hang_ups: number;
}

export interface AgentVersionInsights {
  /** null: the default agent or a draft. */
  agent_version: number | null;
  calls: number;
  turns_per_call: number | null;
  hung_up: number;
  hot: number;
  hot_share: number | null;
  transfers: number;
  transfers_answered: number;
  transfers_missed: number;
  questions: AgentQuestionInsights[];
}

export interface AgentInsights {
  range: InsightsRange;
  /** Newest version first; the default (null) last. */
  versions: AgentVersionInsights[];
}

export interface EnquiryGroup {
  key: string;
  enquiries: number;
  average_score: number | null;
  hot: number;
  hot_share: number | null;
}

export interface EnquiryInsights {
  range: InsightsRange;
  by_area: EnquiryGroup[];
  by_property_type: EnquiryGroup[];
}
