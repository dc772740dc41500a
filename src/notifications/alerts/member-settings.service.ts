import type { Role } from '../../auth/permissions.js';
import type { Database, Queryable } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import {
  findMemberNotifications,
  lockMemberNotifications,
  saveMemberNotifications,
} from '../../modules/members/member-notifications.repo.js';
import { ALERT_KINDS, type AlertKind } from '../../modules/messages/purposes.js';
import { textingNumber } from './alert-recipients.repo.js';
import { type AlertChannels, type AlertSettings, withDefaults } from './alert-settings.js';

/** What a member sees of their own alerts, and whether each channel can reach them at all. */
export interface MemberSettings {
  mobile: string | null;
  alerts: AlertSettings;
  email_available: boolean;
  texts_available: boolean;
}

export interface SettingsChange {
  /** E.164; null clears it (and every text with it). */
  mobile?: string | null | undefined;
  alerts?: Partial<Record<AlertKind, Partial<AlertChannels>>> | undefined;
}

/** Whether the service can send email: SMTP_URL is set (docs/notifications.md). */
export interface EmailSetting {
  SMTP_URL?: string | undefined;
}

export async function memberSettings(
  db: Queryable,
  config: EmailSetting,
  workspaceId: string,
  userId: string,
  role: Role,
): Promise<MemberSettings> {
  const [row, from] = await Promise.all([
    findMemberNotifications(db, workspaceId, userId),
    textingNumber(db, workspaceId),
  ]);
  return {
    mobile: row?.mobile ?? null,
    alerts: withDefaults(role, row?.alerts ?? null),
    email_available: config.SMTP_URL !== undefined,
    texts_available: from !== null,
  };
}

/**
 * Saves a member's own alert settings over what they had (or the defaults of their role). A text
 * asked for without a mobile is refused at its path; clearing the mobile turns every text off, as
 * none could be sent.
 */
export async function saveMemberSettings(
  db: Database,
  clock: Clock,
  config: EmailSetting,
  member: { workspaceId: string; userId: string; role: Role },
  change: SettingsChange,
): Promise<MemberSettings> {
  await db.transaction(async (tx) => {
    const stored = await lockMemberNotifications(tx, member.workspaceId, member.userId);
    const mobile = change.mobile === undefined ? (stored?.mobile ?? null) : change.mobile;
    const alerts = withDefaults(member.role, stored?.alerts ?? null);
    const problems: { path: string; message: string }[] = [];
    for (const kind of ALERT_KINDS) {
      const asked = change.alerts?.[kind];
      if (asked?.email !== undefined) alerts[kind].email = asked.email;
      if (asked?.sms !== undefined) alerts[kind].sms = asked.sms;
      if (mobile === null && alerts[kind].sms) {
        if (asked?.sms === true) {
          problems.push({ path: `alerts.${kind}.sms`, message: 'needs a mobile number to text' });
        } else {
          alerts[kind].sms = false;
        }
      }
    }
    if (problems.length > 0) {
      throw new ApiError('validation_failed', 'Texts need a mobile number: add one first.', {
        details: problems,
      });
    }
    await saveMemberNotifications(tx, {
      workspace_id: member.workspaceId,
      user_id: member.userId,
      mobile,
      alerts,
      updated_at: clock.now(),
    });
  });
  return memberSettings(db, config, member.workspaceId, member.userId, member.role);
}

/** Whether each channel can send, in words for the console (GET /api/v1/notifications/status). */
export async function notificationStatus(db: Queryable, config: EmailSetting, workspaceId: string) {
  const from = await textingNumber(db, workspaceId);
  return {
    email:
      config.SMTP_URL === undefined
        ? { available: false, reason: 'Email is off: the service has no SMTP_URL.' }
        : { available: true, reason: 'Email is on: alerts, invitations and password resets are sent.' },
    texts:
      from === null
        ? {
            available: false,
            reason:
              'Texts are off: this workspace has no Twilio number with its account SID (Settings, Phone numbers).',
          }
        : { available: true, reason: `Texts are on: they go from ${from}.` },
  };
}
