import type { MatrixRoute } from './types.js';

/** Each member's own alerts, and whether email and texts can go (docs/notifications.md). */
export const notificationRoutes: MatrixRoute[] = [
  { method: 'GET', url: '/api/v1/account/notifications' },
  {
    method: 'PUT',
    url: '/api/v1/account/notifications',
    body: { mobile: '07700 900123', alerts: { hot_lead: { sms: true } } },
  },
  { method: 'GET', url: '/api/v1/notifications/status' },
];
