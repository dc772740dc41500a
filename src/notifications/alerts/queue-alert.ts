import type { Queryable } from '../../db/client.js';
import { CONSOLE_LINK, type NewMessage, queueMessages } from '../../modules/messages/outbox.repo.js';
import type { AlertKind } from '../../modules/messages/purposes.js';
import { alertCandidates, textingNumber } from './alert-recipients.repo.js';
import { withDefaults } from './alert-settings.js';

/** Texts are short: a desk alert's text is cut to this (two SMS segments). */
const ALERT_TEXT_MAX = 300;

/** Something the desk should know about now, or at `sendAfter` (docs/notifications.md, Alerts). */
export interface DeskAlert {
  workspaceId: string;
  kind: AlertKind;
  /**
   * What the alert is about, unique for one reason to alert: a deal's id for a hot seller, a
   * booking's id and start for one due, a task's deal and due time. Each member is alerted once
   * per `about` and channel.
   */
  about: string;
  /** The member it is for (a lead's owner, a booking's assignee); null: everyone who asked. */
  ownerId: string | null;
  leadId?: string | null;
  bookingId?: string | null;
  /** The email's subject, e.g. "Hot seller: Jane Smith, 14 Church Lane". */
  subject: string;
  /** One or two sentences, the same in the email and the text. */
  text: string;
  /** A console path, e.g. /calls/call_...; the message carries the whole link. */
  path: string;
  sendAfter?: Date;
  notAfter?: Date | null;
}

/**
 * Queues an alert, in the caller's transaction, to each member who asked for its kind: the owner
 * when there is one and they are still a member, otherwise everyone who asked. Email goes to the
 * member's address; a text to their mobile, when they gave one and the workspace has a number
 * that can text, held out of quiet hours. Answers how many messages were queued.
 */
export async function queueDeskAlert(tx: Queryable, alert: DeskAlert, at: Date): Promise<number> {
  return queueMessages(tx, await deskAlertMessages(tx, alert, at), at);
}

/**
 * The messages queueDeskAlert would queue, unqueued: a re-plan names them (their keys) to keep
 * them while it cancels the alerts of the same record that no longer apply.
 */
export async function deskAlertMessages(tx: Queryable, alert: DeskAlert, at: Date): Promise<NewMessage[]> {
  let members = alert.ownerId === null ? [] : await alertCandidates(tx, alert.workspaceId, alert.ownerId);
  if (members.length === 0) members = await alertCandidates(tx, alert.workspaceId, null);
  const wanted = members
    .map((m) => ({ member: m, channels: withDefaults(m.role, m.alerts)[alert.kind] }))
    .filter(({ channels }) => channels.email || channels.sms);
  if (wanted.length === 0) return [];
  const from = wanted.some(({ member, channels }) => channels.sms && member.mobile !== null)
    ? await textingNumber(tx, alert.workspaceId)
    : null;
  const link = `${CONSOLE_LINK}${alert.path}`;
  const common = {
    workspaceId: alert.workspaceId,
    purpose: `alert_${alert.kind}` as const,
    leadId: alert.leadId ?? null,
    bookingId: alert.bookingId ?? null,
    sendAfter: alert.sendAfter ?? at,
    notAfter: alert.notAfter ?? null,
  };
  const messages: NewMessage[] = [];
  for (const { member, channels } of wanted) {
    const key = `alert:${alert.kind}:${alert.about}:${member.user_id}`;
    if (channels.email) {
      messages.push({
        ...common,
        channel: 'email',
        key: `${key}:email`,
        recipient: member.email,
        userId: member.user_id,
        subject: alert.subject,
        body: `${alert.text}\n\n${link}\n\nYou get this alert because of your notification settings: ${CONSOLE_LINK}/settings/notifications`,
        quietHours: false,
      });
    }
    if (channels.sms && member.mobile !== null && from !== null) {
      const room = ALERT_TEXT_MAX - link.length - 1;
      const text = alert.text.length > room ? `${alert.text.slice(0, room - 1)}…` : alert.text;
      messages.push({
        ...common,
        channel: 'sms',
        key: `${key}:sms`,
        recipient: member.mobile,
        sender: from,
        userId: member.user_id,
        body: `${text} ${link}`,
        quietHours: true,
      });
    }
  }
  return messages;
}
