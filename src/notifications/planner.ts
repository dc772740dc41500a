import type { Queryable } from '../db/client.js';
import type { EventEnvelope } from '../events/outbox.js';
import type { Booking } from '../modules/bookings/bookings.schemas.js';
import type { Opportunity } from '../modules/opportunities/opportunities.schemas.js';
import { planBookingAlerts, planOpportunityAlerts } from './alerts/plan-alerts.js';
import {
  type BookingForTexts,
  type BookingTextCause,
  planBookingTexts,
} from './seller-texts/plan-booking-texts.js';

/** What an event alone does not say about why it happened (a seller's text cancelled a booking). */
export type EventCause = BookingTextCause;

/**
 * The messages an event causes, queued in the event's transaction (docs/notifications.md): one
 * case per event type that sends anything; every other event costs nothing here.
 */
export async function planMessagesForEvent(
  tx: Queryable,
  event: EventEnvelope,
  at: Date,
  cause: EventCause = {},
): Promise<void> {
  switch (event.type) {
    case 'booking.created':
    case 'booking.updated':
    case 'booking.cancelled':
      await planBookingTexts(
        tx,
        event.workspace_id,
        event.data as unknown as BookingForTexts,
        event.type,
        at,
        cause,
      );
      await planBookingAlerts(tx, event.workspace_id, event.data as unknown as Booking, at);
      return;
    case 'opportunity.created':
    case 'opportunity.updated':
      await planOpportunityAlerts(tx, event.workspace_id, event.data as unknown as Opportunity, at);
      return;
    default:
      return;
  }
}
