import type { Queryable } from '../../db/client.js';
import type { Booking } from '../../modules/bookings/bookings.schemas.js';
import { UNKNOWN_CALLER } from '../../modules/leads/lead-name.js';
import { findLead } from '../../modules/leads/leads.repo.js';
import { alertWasQueued, reviveReplannedAlerts } from '../../modules/messages/alert-plans.repo.js';
import { cancelPendingMessages, type NewMessage, queueMessages } from '../../modules/messages/outbox.repo.js';
import type { AlertKind } from '../../modules/messages/purposes.js';
import type { Opportunity } from '../../modules/opportunities/opportunities.schemas.js';
import { CLOSED_STAGES } from '../../modules/opportunities/pipeline.schemas.js';
import { findWorkspace } from '../../modules/workspaces/workspaces.repo.js';
import { deskAlertMessages, queueDeskAlert } from './queue-alert.js';

// The desk's alerts that follow a record's state (docs/notifications.md, "Alerts to the desk").
// Each plan runs in the transaction of the change, from the API object its event carries: it
// queues what the record now calls for and cancels what it no longer does, so it may run for
// every created or updated event, and again for the same one, with the same result.

/** A callback or viewing is announced this long before it starts. */
export const BOOKING_DUE_LEAD_MS = 15 * 60 * 1000;

const TASK_REPLANNED = 'The next action changed, was done or the deal closed.';
const BOOKING_REPLANNED = 'The booking moved, was cancelled or changed hands.';

/**
 * Hot seller and overdue task, for opportunity.created and opportunity.updated. A deal scored
 * hot alerts its owner (or everyone who asked) once, ever; its next action alerts at its due time,
 * and a new due time, owner or action, a closed or merged deal cancels the alert still waiting.
 * A next action that is a booking is announced by the booking's own alert instead.
 */
export async function planOpportunityAlerts(
  tx: Queryable,
  workspaceId: string,
  opportunity: Opportunity,
  at: Date,
): Promise<void> {
  const open = opportunity.merged_into === null && !CLOSED_STAGES.includes(opportunity.stage);
  const seller = sellerWords(opportunity);
  const path = dealPath(opportunity);
  // Once per deal: a deal that stays hot, or is later given another owner, is not news again.
  if (
    open &&
    opportunity.outcome === 'hot' &&
    !(await alertWasQueued(tx, workspaceId, `alert:hot_lead:${opportunity.id}:`))
  ) {
    const phone = opportunity.seller?.phone ? ` (${opportunity.seller.phone})` : '';
    await queueDeskAlert(
      tx,
      {
        workspaceId,
        kind: 'hot_lead',
        about: opportunity.id,
        ownerId: opportunity.owner_id,
        leadId: opportunity.lead_id,
        subject: `Hot seller: ${seller}`,
        text: `Hot seller: ${seller}${phone} scored ${opportunity.score} out of 100. Call them back soon.`,
        path,
      },
      at,
    );
  }

  const next = opportunity.next_action;
  let task: NewMessage[] = [];
  if (open && next !== null && next.source !== 'booking') {
    const due = new Date(next.due_at);
    const zone = await timeZoneOf(tx, workspaceId);
    task = await deskAlertMessages(
      tx,
      {
        workspaceId,
        kind: 'task_overdue',
        about: `${opportunity.id}:${due.toISOString()}`,
        ownerId: next.owner_id ?? opportunity.owner_id,
        leadId: opportunity.lead_id,
        subject: `Overdue: ${next.what} (${seller})`,
        text: `Overdue: ${next.what} for ${seller} was due ${when(due, zone)}.`,
        path,
        sendAfter: due,
      },
      at,
    );
  }
  await replan(tx, workspaceId, 'task_overdue', `${opportunity.id}:`, task, TASK_REPLANNED, at);
}

/**
 * Callback or viewing due, for booking.created, booking.updated and booking.cancelled: its
 * assignee (or everyone who asked) is alerted 15 minutes before it starts, at once when it starts
 * sooner, and not at all once it has begun. A move, a cancellation or another assignee cancels
 * the alert still waiting for the old one.
 */
export async function planBookingAlerts(
  tx: Queryable,
  workspaceId: string,
  booking: Booking,
  at: Date,
): Promise<void> {
  const start = new Date(booking.starts_at);
  let due: NewMessage[] = [];
  if (booking.status === 'scheduled' && start.getTime() > at.getTime()) {
    const [lead, zone] = await Promise.all([
      findLead(tx, workspaceId, booking.lead_id),
      timeZoneOf(tx, workspaceId),
    ]);
    const kind = booking.kind === 'viewing' ? 'Viewing' : 'Callback';
    const name = lead === null ? '' : knownName(lead.name);
    const who = lead === null ? 'the seller' : `${name || 'the seller'} (${lead.phone})`;
    const note = booking.note ? ` Note: ${booking.note}` : '';
    due = await deskAlertMessages(
      tx,
      {
        workspaceId,
        kind: 'booking_due',
        about: `${booking.id}:${start.toISOString()}`,
        ownerId: booking.assignee_id,
        leadId: booking.lead_id,
        bookingId: booking.id,
        subject: `${kind} ${when(start, zone)}: ${name || 'a seller'}`,
        text: `${kind} with ${who} starts ${when(start, zone)}.${note}`,
        path: `/leads/${booking.lead_id}`,
        sendAfter: new Date(Math.max(at.getTime(), start.getTime() - BOOKING_DUE_LEAD_MS)),
        notAfter: start,
      },
      at,
    );
  }
  await replan(tx, workspaceId, 'booking_due', `${booking.id}:`, due, BOOKING_REPLANNED, at);
}

/**
 * Cancels the record's waiting alerts of `kind` other than `messages`, then queues these (putting
 * back any an earlier re-plan cancelled, whose keys they reuse).
 */
async function replan(
  tx: Queryable,
  workspaceId: string,
  kind: AlertKind,
  aboutPrefix: string,
  messages: NewMessage[],
  reason: string,
  at: Date,
): Promise<void> {
  const keys = messages.map((m) => m.key);
  await cancelPendingMessages(
    tx,
    workspaceId,
    { keyPrefix: `alert:${kind}:${aboutPrefix}`, purposes: [`alert_${kind}`] },
    keys,
    reason,
    at,
  );
  if (messages.length === 0) return;
  // Most plans queue what is already waiting (a change of something else); only a key that is
  // taken and not waiting can be one an earlier re-plan cancelled.
  const queued = await queueMessages(tx, messages, at);
  if (queued < messages.length) await reviveReplannedAlerts(tx, workspaceId, keys, reason, at);
}

/** "Jane Smith, 14 Church Lane, M14 5AB": who and where, as far as the deal knows. */
function sellerWords(o: Opportunity): string {
  const name = knownName(o.seller?.name ?? '') || 'A seller';
  // An event's data is the API object; a record made before a field existed may lack it.
  const place = [o.address, o.postcode].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return [name, ...place].join(', ');
}

/** A name the seller gave, or '' (a lead from a call that never heard one is named UNKNOWN_CALLER). */
function knownName(name: string): string {
  return name === UNKNOWN_CALLER ? '' : name.trim();
}

/** The call the deal came from, or its seller's page, or the board. */
function dealPath(o: Opportunity): string {
  if (o.call_id !== null) return `/calls/${o.call_id}`;
  if (o.lead_id !== null) return `/leads/${o.lead_id}`;
  return '/opportunities';
}

async function timeZoneOf(tx: Queryable, workspaceId: string): Promise<string> {
  return (await findWorkspace(tx, workspaceId))?.time_zone ?? 'Europe/London';
}

/** "at 14:30 on Tue 1 Dec", in the workspace's time zone. */
export function when(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `at ${part('hour')}:${part('minute')} on ${part('weekday')} ${part('day')} ${part('month')}`;
}
