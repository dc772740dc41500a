import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerTestCallRoutes } from '../telephony/test-calls/test-calls.routes.js';
import { registerTelephony } from '../telephony/twilio/register.js';
import { registerApiKeyRoutes } from './api-keys/api-keys.routes.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { registerBookingRoutes } from './bookings/bookings.routes.js';
import { registerDeskRoutes } from './calls/desk.routes.js';
import { registerInvitationRoutes } from './invitations/invitations.routes.js';
import { registerLeadRoutes } from './leads/leads.routes.js';
import { registerMemberRoutes } from './members/members.routes.js';
import { registerWebhookRoutes } from './webhooks/webhooks.routes.js';
import { registerWorkspaceRoutes } from './workspaces/workspaces.routes.js';

export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerAuthRoutes(app, deps);
  registerWorkspaceRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerInvitationRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerLeadRoutes(app, deps);
  registerBookingRoutes(app, deps);
  registerDeskRoutes(app, deps);
  registerTestCallRoutes(app, deps);
  await registerTelephony(app, deps);
}
