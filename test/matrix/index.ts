import { consoleRoutes, insightsRoutes } from './console.js';
import { leadBookingRoutes } from './leads-bookings.js';
import { messageRoutes } from './messages.js';
import { notificationRoutes } from './notifications.js';
import { phoneNumberRoutes } from './phone-numbers.js';
import { platformRoutes } from './platform.js';
import { privacyRoutes } from './privacy.js';
import { recordRoutes } from './records.js';
import { testCallRoutes } from './test-calls.js';
import type { MatrixRoute } from './types.js';
import { webhookRoutes } from './webhooks.js';

/** Every route of the API registers here; the matrix test fails for a route that is missing. */
export const MATRIX_ROUTES: MatrixRoute[] = [
  ...platformRoutes,
  ...leadBookingRoutes,
  ...recordRoutes,
  ...webhookRoutes,
  ...testCallRoutes,
  ...phoneNumberRoutes,
  ...consoleRoutes,
  ...messageRoutes,
  ...notificationRoutes,
  ...privacyRoutes,
  ...insightsRoutes,
];

/** Routes that need no credential, listed so that making a route public is a deliberate act. */
export const PUBLIC_ROUTES = [
  'POST /api/v1/auth/sign-in',
  'POST /api/v1/auth/password-reset',
  'POST /api/v1/auth/password-reset/confirm',
  'POST /api/v1/invitations/accept',
  'POST /api/v1/invitations/preview',
  'GET /api/v1/openapi.json',
  'GET /api/v1/calendar-feeds/:token/bookings.ics',
];
