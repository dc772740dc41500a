import { DateTime } from 'luxon';
import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import {
  renderText,
  type SellerText,
  type TextsConfig,
  TextsConfig as TextsSchema,
  type TextValues,
  UNKNOWN_ADDRESS,
  UNKNOWN_NAME,
} from '../../dialog/config/texts.js';
import { isUkMobile } from '../../lib/phone.js';
import { findLatestPublishedConfig } from '../../modules/agent/agent.repo.js';
import { UNKNOWN_CALLER } from '../../modules/leads/lead-name.js';
import { cancelPendingMessages, type NewMessage, queueMessages } from '../../modules/messages/outbox.repo.js';
import { textingNumber } from '../alerts/alert-recipients.repo.js';
import { type BookingTextFacts, bookingTextFacts, canTextFrom } from './seller-texts.repo.js';

/** The booking as its events carry it (the API object, docs/webhooks.md). */
export interface BookingForTexts {
  id: string;
  kind: 'callback' | 'viewing';
  lead_id: string;
  call_id: string | null;
  starts_at: string;
  status: 'scheduled' | 'cancelled';
}

export type BookingEventType = 'booking.created' | 'booking.updated' | 'booking.cancelled';

/** Why a booking changed, when the event alone does not say. */
export interface BookingTextCause {
  /** The seller cancelled it by texting C: they get "cancel confirmed", at once. */
  cancelledBySeller?: boolean;
}

const Published = z.object({
  business_name: z.string(),
  texts: TextsSchema,
});

/** The published configuration's texts and business name; texts off before the first publish. */
export async function publishedTexts(
  db: Queryable,
  workspaceId: string,
): Promise<{ business: string; texts: TextsConfig } | null> {
  const stored = await findLatestPublishedConfig(db, workspaceId);
  const parsed = stored === null ? null : Published.safeParse(stored);
  // Fail closed: a configuration whose texts do not read sends nothing rather than guess.
  if (!parsed?.success) return null;
  return { business: parsed.data.business_name, texts: parsed.data.texts };
}

/** Why the seller cannot be texted, in words for the console; null when they can. */
export type TextingBlock =
  | { reason: 'texts_off' }
  | { reason: 'no_number' }
  | { reason: 'not_mobile' }
  | { reason: 'opted_out'; at: Date };

/**
 * The rules a text to a seller must pass (docs/notifications.md, Texts to sellers): texts on in
 * the configuration, a number that can text (the one the seller called when it can), a UK
 * mobile, and no STOP. Answers the number to text from, or what blocks it.
 */
export async function textingRoute(
  db: Queryable,
  workspaceId: string,
  enabled: boolean,
  phone: string,
  optedOutAt: Date | null,
  calledNumber: string | null,
): Promise<{ from: string } | TextingBlock> {
  if (!enabled) return { reason: 'texts_off' };
  const from =
    calledNumber !== null && (await canTextFrom(db, workspaceId, calledNumber))
      ? calledNumber
      : await textingNumber(db, workspaceId);
  if (from === null) return { reason: 'no_number' };
  if (!isUkMobile(phone)) return { reason: 'not_mobile' };
  if (optedOutAt !== null) return { reason: 'opted_out', at: optedOutAt };
  return { from };
}

const REMINDER = 'booking_reminder' as const;

function reminderKey(id: string, minutes: number, start: string): string {
  return `booking:${id}:reminder:${minutes}:${start}`;
}

/** The reminders a booking should have now: viewings only, each still in the future. */
function reminderTimes(booking: BookingForTexts, texts: TextsConfig, at: Date) {
  if (booking.kind !== 'viewing' || booking.status !== 'scheduled') return [];
  const start = Date.parse(booking.starts_at);
  return texts.reminders_minutes
    .map((minutes) => ({ minutes, sendAt: new Date(start - minutes * 60_000) }))
    .filter((r) => r.sendAt.getTime() > at.getTime());
}

export function textValues(
  business: string,
  facts: Pick<BookingTextFacts, 'lead_name' | 'address' | 'time_zone'>,
  booking: Pick<BookingForTexts, 'kind' | 'starts_at'>,
): TextValues {
  const start = DateTime.fromISO(booking.starts_at, { zone: facts.time_zone }).setLocale('en-GB');
  const name = facts.lead_name.trim();
  return {
    business,
    name: name === '' || name === UNKNOWN_CALLER ? UNKNOWN_NAME : name,
    kind: booking.kind === 'viewing' ? 'viewing' : 'call back',
    address: facts.address?.trim() || UNKNOWN_ADDRESS,
    day: start.toFormat('ccc d LLL'),
    time: start.toFormat('HH:mm'),
  };
}

/**
 * Plans the seller's texts for one booking event, in the event's transaction
 * (docs/notifications.md, Texts to sellers): the confirmation, a move, a cancellation (or, when
 * the seller texted C, its confirmation) and the viewing's reminders. Reminders no longer right
 * (a booking moved or cancelled) are cancelled whether or not texts may go now. Answers how many
 * texts were queued.
 */
export async function planBookingTexts(
  tx: Queryable,
  workspaceId: string,
  booking: BookingForTexts,
  eventType: BookingEventType,
  at: Date,
  cause: BookingTextCause = {},
): Promise<number> {
  const published = await publishedTexts(tx, workspaceId);
  const reminders = published === null ? [] : reminderTimes(booking, published.texts, at);
  if (eventType !== 'booking.created') {
    await cancelPendingMessages(
      tx,
      workspaceId,
      { bookingId: booking.id, purposes: [REMINDER] },
      reminders.map((r) => reminderKey(booking.id, r.minutes, booking.starts_at)),
      eventType === 'booking.cancelled' ? 'The booking was cancelled.' : 'The booking moved.',
      at,
    );
  }
  if (published === null || !published.texts.enabled) return 0;
  const facts = await bookingTextFacts(tx, workspaceId, booking.lead_id, booking.call_id);
  // A test call's bookings (or a call with no telephone in it) are not a seller's: nobody is texted.
  if (facts === null || facts.call_test === true) return 0;
  const route = await textingRoute(
    tx,
    workspaceId,
    true,
    facts.lead_phone,
    facts.opted_out_at,
    facts.call_to,
  );
  if (!('from' in route)) return 0;
  const { texts } = published;
  const values = textValues(published.business, facts, booking);
  const base = {
    workspaceId,
    channel: 'sms' as const,
    recipient: facts.lead_phone,
    sender: route.from,
    leadId: booking.lead_id,
    bookingId: booking.id,
  };
  const text = (purpose: SellerText, key: string, quietHours: boolean): NewMessage => ({
    ...base,
    purpose,
    key,
    body: renderText(texts.wording[purpose], values),
    quietHours,
  });
  const messages: NewMessage[] = [];
  const future = Date.parse(booking.starts_at) > at.getTime();
  const startKey = `booking:${booking.id}:at:${booking.starts_at}`;
  if (eventType === 'booking.created' && future) {
    // Made by the agent on a call still going: the seller has just agreed it, so it goes now.
    const onTheCall = booking.call_id !== null && facts.call_test === false && facts.call_ended_at === null;
    messages.push(text('booking_confirmed', startKey, !onTheCall));
  } else if (eventType === 'booking.updated' && future && booking.status === 'scheduled') {
    // Same key as the confirmation: an update that leaves the start alone queues nothing.
    messages.push(text('booking_moved', startKey, true));
  } else if (eventType === 'booking.cancelled' && future) {
    messages.push(
      cause.cancelledBySeller
        ? text('cancel_confirmed', `booking:${booking.id}:cancelled`, false)
        : text('booking_cancelled', `booking:${booking.id}:cancelled`, true),
    );
  }
  for (const r of reminders) {
    messages.push({
      ...text(REMINDER, reminderKey(booking.id, r.minutes, booking.starts_at), true),
      sendAfter: r.sendAt,
      notAfter: new Date(booking.starts_at),
    });
  }
  return queueMessages(tx, messages, at);
}
