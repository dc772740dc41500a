import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal, requireSession } from '../auth/principal.js';
import type { AppDeps } from '../deps.js';
import { PhoneInput } from '../lib/phone.js';
import { ALERT_KINDS, type AlertKind } from '../modules/messages/purposes.js';
import { AlertChannels } from './alerts/alert-settings.js';
import { memberSettings, notificationStatus, saveMemberSettings } from './alerts/member-settings.service.js';

const TAGS = ['Notifications'];

const perKind = <T extends z.ZodType>(schema: T) =>
  Object.fromEntries(ALERT_KINDS.map((k) => [k, schema])) as Record<AlertKind, T>;

export const NotificationSettings = z
  .object({
    mobile: z.string().nullable().describe('E.164: where your texts go; null: no texts.'),
    alerts: z
      .object(perKind(AlertChannels))
      .describe(
        'Per alert, whether it comes by email and by text: hot_lead, handover_missed, booking_due, seller_reply, task_overdue.',
      ),
    email_available: z.boolean().describe('The service can send email (SMTP_URL is set).'),
    texts_available: z
      .boolean()
      .describe('The workspace has a Twilio number that can send texts (one with its account SID).'),
  })
  .meta({ id: 'NotificationSettings' });

const ChannelChange = z.strictObject({ email: z.boolean().optional(), sms: z.boolean().optional() });

const NotificationSettingsChange = z
  .strictObject({
    mobile: PhoneInput.nullable()
      .optional()
      .describe('Your mobile, any common format (UK without a country code); null clears it and every text.'),
    alerts: z.strictObject(perKind(ChannelChange.optional())).optional(),
  })
  .meta({ id: 'NotificationSettingsChange' });

const ChannelStatus = z.object({
  available: z.boolean(),
  reason: z.string().describe('In words for the console.'),
});
export const NotificationStatus = z
  .object({ email: ChannelStatus, texts: ChannelStatus })
  .meta({ id: 'NotificationStatus' });

/** A member's own alerts, and whether email and texts can be sent (docs/notifications.md). */
export function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/account/notifications',
    {
      config: { operation: 'notifications.settings' },
      schema: {
        tags: TAGS,
        summary: 'Your alerts in this workspace',
        description:
          'Which alerts reach you by email and by text, in the workspace of this session. Until you choose: ' +
          'every alert by email (none for a viewer), no texts. Sessions only.',
        response: { 200: NotificationSettings },
      },
    },
    async (request) => {
      const s = requireSession(request);
      return memberSettings(deps.db, deps.config, s.workspaceId, s.userId, s.role);
    },
  );

  r.put(
    '/api/v1/account/notifications',
    {
      config: { operation: 'notifications.settings' },
      schema: {
        tags: TAGS,
        summary: 'Change your alerts in this workspace',
        description:
          'Only what is given changes. A text (sms: true) needs a mobile, given here or before: otherwise 400 ' +
          'on that alert’s path. Clearing the mobile turns every text off. Sessions only.',
        body: NotificationSettingsChange,
        response: { 200: NotificationSettings },
      },
    },
    async (request) => {
      const s = requireSession(request);
      return saveMemberSettings(deps.db, deps.clock, deps.config, s, request.body);
    },
  );

  r.get(
    '/api/v1/notifications/status',
    {
      config: { operation: 'notifications.status' },
      schema: {
        tags: TAGS,
        summary: 'Whether email and texts can be sent',
        description: 'For the console to say why nothing would go: no SMTP_URL, or no number that can text.',
        response: { 200: NotificationStatus },
      },
    },
    async (request) => notificationStatus(deps.db, deps.config, requirePrincipal(request).workspaceId),
  );
}
