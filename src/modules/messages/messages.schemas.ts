import { z } from 'zod';
import { ListQuery } from '../../http/pagination.js';
import { iso, Timestamp } from '../../http/schemas.js';
import type { MessageRow } from './messages.repo.js';
import { CONSOLE_LINK } from './outbox.repo.js';
import { MESSAGE_CHANNELS, MESSAGE_PURPOSES, MESSAGE_STATUSES } from './purposes.js';

const DIRECTIONS = ['outbound', 'inbound'] as const;

export const Message = z
  .object({
    id: z.string().describe('msg_...'),
    channel: z.enum(MESSAGE_CHANNELS),
    direction: z.enum(DIRECTIONS).describe('inbound: a seller’s text to the workspace’s number.'),
    purpose: z.enum(MESSAGE_PURPOSES),
    status: z.enum(MESSAGE_STATUSES),
    status_reason: z.string().nullable().describe('Why it was cancelled or failed, in words.'),
    to: z.string().describe('E.164 for a text, an address for an email; our number for an inbound text.'),
    from: z
      .string()
      .nullable()
      .describe('The number a text goes from (the seller’s for an inbound one); null for email.'),
    subject: z.string().nullable(),
    body: z.string().describe('What is sent; a secret link (an invitation or reset) is never shown.'),
    lead_id: z.string().nullable(),
    booking_id: z.string().nullable(),
    user_id: z.string().nullable().describe('The member an alert or an email is for.'),
    send_after: Timestamp.describe(
      'Not before this: a reminder’s time, the end of quiet hours it is held for, or its next retry.',
    ),
    sent_at: Timestamp.nullable(),
    provider_status: z.string().nullable().describe('Twilio’s latest status, or the mail server’s reply.'),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;

/** The API object; `{console}` in a body becomes PUBLIC_URL (docs/notifications.md, The outbox). */
export function toMessage(row: MessageRow, publicUrl: string): Message {
  return {
    id: row.id,
    channel: row.channel as Message['channel'],
    direction: row.direction as Message['direction'],
    purpose: row.purpose as Message['purpose'],
    status: row.status as Message['status'],
    status_reason: row.status_reason,
    to: row.recipient,
    from: row.sender,
    subject: row.subject,
    body: row.body.replaceAll(CONSOLE_LINK, publicUrl),
    lead_id: row.lead_id,
    booking_id: row.booking_id,
    user_id: row.user_id,
    // A text held for quiet hours, or waiting for a retry, goes no sooner than that.
    send_after: iso(
      row.status === 'pending' && row.next_attempt_at !== null && row.next_attempt_at > row.send_after
        ? row.next_attempt_at
        : row.send_after,
    ),
    sent_at: iso(row.sent_at),
    provider_status: row.provider_status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const Id = z.string().max(40);

export const MessageListQuery = ListQuery.extend({
  lead_id: Id.optional(),
  channel: z.enum(MESSAGE_CHANNELS).optional(),
  direction: z.enum(DIRECTIONS).optional(),
  status: z.enum(MESSAGE_STATUSES).optional(),
});

export const MessageParams = z.strictObject({ message_id: Id });

export const LeadTexting = z
  .object({
    can_text: z.boolean().describe('A booking of this lead would be confirmed by text.'),
    reason: z.string().nullable().describe('Why not, in words; null when it can.'),
    opted_out_at: Timestamp.nullable().describe('When the seller texted STOP; null unless they did.'),
  })
  .meta({ id: 'LeadTexting' });
