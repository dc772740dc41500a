import { z } from 'zod';
import type { Role } from '../../auth/permissions.js';
import { ALERT_KINDS, type AlertKind } from '../../modules/messages/purposes.js';

/** How one alert reaches a member. */
export const AlertChannels = z.strictObject({ email: z.boolean(), sms: z.boolean() });
export type AlertChannels = z.infer<typeof AlertChannels>;

export type AlertSettings = Record<AlertKind, AlertChannels>;

/**
 * A member who never chose gets every alert by email and none by text (a text needs their mobile
 * first); a viewer, who cannot act on a lead, gets none until they ask (docs/notifications.md).
 */
export function defaultAlertSettings(role: Role): AlertSettings {
  const email = role !== 'viewer';
  return Object.fromEntries(ALERT_KINDS.map((k) => [k, { email, sms: false }])) as AlertSettings;
}

/** Stored settings over the defaults: a kind added later starts at its default. */
export function withDefaults(role: Role, stored: Partial<Record<string, unknown>> | null): AlertSettings {
  const settings = defaultAlertSettings(role);
  if (stored === null) return settings;
  for (const kind of ALERT_KINDS) {
    const parsed = AlertChannels.safeParse(stored[kind]);
    if (parsed.success) settings[kind] = parsed.data;
  }
  return settings;
}
