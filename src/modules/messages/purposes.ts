/**
 * Why a message is sent (docs/notifications.md). Each purpose belongs to one audience: texts to
 * the seller, alerts to members of the desk, or email for the team's accounts.
 */
export const SELLER_TEXT_PURPOSES = [
  'booking_confirmed',
  'booking_moved',
  'booking_cancelled',
  'booking_reminder',
  /** The seller texted C: the cancellation they just made is confirmed. */
  'cancel_confirmed',
] as const;

export const ALERT_KINDS = [
  'hot_lead',
  'handover_missed',
  'booking_due',
  'seller_reply',
  'task_overdue',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_PURPOSES = ALERT_KINDS.map((k) => `alert_${k}` as const);

export const ACCOUNT_MAIL_PURPOSES = ['invitation', 'password_reset'] as const;

/** A text a seller sent to the workspace's number (direction inbound, status received). */
export const INBOUND_PURPOSES = ['seller_reply'] as const;

export const MESSAGE_PURPOSES = [
  ...SELLER_TEXT_PURPOSES,
  ...ALERT_PURPOSES,
  ...ACCOUNT_MAIL_PURPOSES,
  ...INBOUND_PURPOSES,
] as const;
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];

export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_STATUSES = [
  'pending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'cancelled',
  'received',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
