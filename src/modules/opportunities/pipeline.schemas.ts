import { z } from 'zod';
import { Timestamp } from '../../http/schemas.js';

/** The stage keys, in the default board order; a workspace renames and reorders, never adds. */
export const STAGES = [
  'new',
  'contacted',
  'appointment_set',
  'offer_made',
  'under_offer',
  'completed',
  'dead',
] as const;
export type Stage = (typeof STAGES)[number];

export const DEFAULT_STAGE_NAMES: Record<Stage, string> = {
  new: 'New',
  contacted: 'Contacted',
  appointment_set: 'Appointment set',
  offer_made: 'Offer made',
  under_offer: 'Under offer',
  completed: 'Completed',
  dead: 'Dead',
};

/** Stages where the deal is over: it has no next action and stays off the task lists. */
export const CLOSED_STAGES: readonly Stage[] = ['completed', 'dead'];

export const DEFAULT_FOLLOW_UP = { hot_minutes: 60, warm_minutes: 24 * 60 } as const;

export const NEXT_ACTION_SOURCES = ['call', 'booking', 'desk'] as const;
export type NextActionSource = (typeof NEXT_ACTION_SOURCES)[number];

export const NextAction = z
  .object({
    what: z.string().describe('What to do, in words: "Call the seller back", "Viewing".'),
    owner_id: z.string().nullable().describe('Who does it; null: anyone on the desk.'),
    due_at: Timestamp,
    source: z
      .enum(NEXT_ACTION_SOURCES)
      .describe(
        'call: the follow-up a call set; booking: a callback or viewing booked; desk: set by a person.',
      ),
    booking_id: z.string().nullable().describe('The booking it is, for source booking.'),
  })
  .meta({ id: 'NextAction', description: 'The next thing to do on the deal; null when nothing is planned.' });
export type NextAction = z.infer<typeof NextAction>;

export const Seller = z
  .object({
    name: z.string().describe('The lead’s name; empty when the caller did not give it.'),
    phone: z.string().describe('E.164.'),
  })
  .meta({ id: 'Seller', description: 'The lead the deal is for, as it is now; null when there is no lead.' });
export type Seller = z.infer<typeof Seller>;

const StageName = z.string().trim().min(1).max(40);
const FollowUpMinutes = z.number().int().min(5).max(10_080);

export const PipelineStage = z
  .object({ key: z.enum(STAGES), name: z.string() })
  .meta({ id: 'PipelineStage' });

export const Pipeline = z
  .object({
    stages: z.array(PipelineStage).describe('Every stage once, in board order.'),
    follow_up: z
      .object({
        hot_minutes: z.number().int().describe('A hot seller is to be called back within this.'),
        warm_minutes: z.number().int().describe('A warm seller is to be called back within this.'),
      })
      .describe('The next action a call sets when nothing was booked.'),
  })
  .meta({ id: 'Pipeline' });
export type Pipeline = z.infer<typeof Pipeline>;

export const UpdatePipelineBody = z.strictObject({
  stages: z
    .array(z.strictObject({ key: z.enum(STAGES), name: StageName }))
    .length(STAGES.length)
    .refine((stages) => new Set(stages.map((s) => s.key)).size === STAGES.length, {
      message: 'must name every stage once',
    })
    .optional()
    .describe('Every stage once, in the order the board shows them, with its name.'),
  follow_up: z
    .strictObject({ hot_minutes: FollowUpMinutes, warm_minutes: FollowUpMinutes })
    .optional()
    .describe('Minutes, 5 to 10,080 (a week).'),
});
export type UpdatePipelineBody = z.infer<typeof UpdatePipelineBody>;

export const DEAD_REASON_MAX = 500;
export const NEXT_ACTION_MAX = 200;

const Instant = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 timestamp, such as 2026-11-24T10:00:00Z' })
  .transform((s) => new Date(s))
  .meta({ format: 'date-time' });

export const NextActionInput = z.strictObject({
  what: z.string().trim().min(1, { message: 'must not be empty' }).max(NEXT_ACTION_MAX),
  owner_id: z.string().max(40).nullable().optional().describe('A member (else 400); null or absent: anyone.'),
  due_at: Instant,
});
export type NextActionInput = z.infer<typeof NextActionInput>;

/** The pipeline fields of PATCH /opportunities/{id}. */
export const PipelineFields = {
  stage: z.enum(STAGES).optional().describe('Move the deal; dead needs dead_reason.'),
  dead_reason: z
    .string()
    .trim()
    .min(1, { message: 'must not be empty' })
    .max(DEAD_REASON_MAX)
    .optional()
    .describe('Why the deal is dead; only with stage dead (or on a dead deal).'),
  next_action: NextActionInput.nullable()
    .optional()
    .describe('Set the next action (source desk); null: done, nothing planned.'),
};

export const TASK_LISTS = ['mine', 'overdue', 'today', 'all'] as const;
export type TaskList = (typeof TASK_LISTS)[number];

export const TaskListQuery = z.strictObject({
  list: z
    .enum(TASK_LISTS)
    .default('all')
    .describe(
      'mine: next actions for the caller (for an API key, its creator); overdue: due before now; today: due today in the workspace’s time zone; all: every open next action.',
    ),
  owner_id: z.string().max(40).optional().describe('Only next actions for this member.'),
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Page size, 1 to 200.'),
  cursor: z.string().max(200).optional().describe('The next_cursor of the previous page.'),
});
export type TaskListQuery = z.infer<typeof TaskListQuery>;
