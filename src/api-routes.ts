import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.js';
import { registerAccountRoutes } from './modules/account/account.routes.js';
import { registerAgentRoutes } from './modules/agent/agent.routes.js';
import { registerApiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { registerBookingRoutes } from './modules/bookings/bookings.routes.js';
import { registerCalendarRoutes } from './modules/bookings/calendar.routes.js';
import { registerCalendarFeedRoutes } from './modules/calendar-feeds/calendar-feeds.routes.js';
import { registerCallRoutes } from './modules/calls/calls.routes.js';
import { registerEventRoutes } from './modules/event-log/event-log.routes.js';
import { registerEventStreamRoutes } from './modules/event-stream/stream.routes.js';
import { registerExportRoutes } from './modules/exports/exports.routes.js';
import { registerInsightsRoutes } from './modules/insights/insights.routes.js';
import { registerInvitationAcceptRoutes } from './modules/invitations/invitation-accept.routes.js';
import { registerInvitationRoutes } from './modules/invitations/invitations.routes.js';
import { registerLeadRoutes } from './modules/leads/leads.routes.js';
import { registerMemberRoutes } from './modules/members/members.routes.js';
import { registerOpportunityRoutes } from './modules/opportunities/opportunities.routes.js';
import { registerPipelineRoutes } from './modules/opportunities/pipeline.routes.js';
import { registerPasswordResetRoutes } from './modules/password-reset/password-reset.routes.js';
import { registerPhoneNumberRoutes } from './modules/phone-numbers/phone-numbers.routes.js';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes.js';
import { registerSignInRoutes } from './modules/sign-in/sign-in.routes.js';
import { registerDeliveryRoutes } from './modules/webhooks/deliveries.routes.js';
import { registerTestEventRoute } from './modules/webhooks/test-event.routes.js';
import { registerWebhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { registerWorkspaceSettingsRoutes } from './modules/workspaces/workspace-settings.routes.js';
import { registerWorkspaceRoutes } from './modules/workspaces/workspaces.routes.js';
import { registerMessageRoutes } from './notifications/messages.routes.js';
import { registerNotificationRoutes } from './notifications/notifications.routes.js';
import { registerRecordingRoutes } from './telephony/recordings/recording.routes.js';
import { registerTestCallRoutes } from './telephony/test-calls/test-calls.routes.js';

/**
 * Every route group under /api/v1, in one list. Each route declares its operation (see
 * docs/architecture.md), which the authentication hooks turn into 401, 403 and 404 answers.
 */
const API_ROUTE_GROUPS: ReadonlyArray<(app: FastifyInstance, deps: AppDeps) => void> = [
  registerSignInRoutes,
  registerPasswordResetRoutes,
  registerAccountRoutes,
  registerWorkspaceRoutes,
  registerMemberRoutes,
  registerInvitationRoutes,
  registerInvitationAcceptRoutes,
  registerApiKeyRoutes,
  registerWebhookRoutes,
  registerDeliveryRoutes,
  registerTestEventRoute,
  registerEventRoutes,
  registerLeadRoutes,
  registerBookingRoutes,
  registerCalendarRoutes,
  registerCallRoutes,
  registerRecordingRoutes,
  registerOpportunityRoutes,
  registerPipelineRoutes,
  registerAgentRoutes,
  registerTestCallRoutes,
  registerPhoneNumberRoutes,
  registerEventStreamRoutes,
  registerExportRoutes,
  registerCalendarFeedRoutes,
  registerWorkspaceSettingsRoutes,
  registerMessageRoutes,
  registerNotificationRoutes,
  registerPrivacyRoutes,
  registerInsightsRoutes,
];

export function registerApiRoutes(app: FastifyInstance, deps: AppDeps): void {
  for (const register of API_ROUTE_GROUPS) register(app, deps);
}
