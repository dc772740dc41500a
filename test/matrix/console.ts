import type { MatrixRoute, MatrixSeed } from './types.js';

/** The allowed caller of calendar_feed.manage is the viewer: give them a feed to read or revoke. */
async function viewerFeed(seed: MatrixSeed): Promise<void> {
  const res = await seed.app.inject({
    method: 'POST',
    url: '/api/v1/calendar-feed',
    headers: seed.tenant.callers.viewer.unsafeHeaders,
    payload: {},
  });
  if (res.statusCode !== 201) throw new Error(`feed creation failed: ${res.statusCode} ${res.body}`);
}

/** Routes the desk console added: the live stream, CSV exports, calendar feeds, workspace settings. */
export const consoleRoutes: MatrixRoute[] = [
  { method: 'GET', url: '/api/v1/events/stream', stream: true },
  { method: 'GET', url: '/api/v1/leads.csv' },
  { method: 'GET', url: '/api/v1/opportunities.csv' },
  { method: 'GET', url: '/api/v1/calendar-feed', setup: viewerFeed },
  { method: 'POST', url: '/api/v1/calendar-feed', body: { scope: 'mine' } },
  { method: 'DELETE', url: '/api/v1/calendar-feed', setup: viewerFeed },
  { method: 'PATCH', url: '/api/v1/workspace', body: { time_zone: 'Europe/London' } },
];

/** The insights: read-only, a range in the workspace's time zone (last 30 days by default). */
export const insightsRoutes: MatrixRoute[] = [
  'calls',
  'funnel',
  'speed-to-lead',
  'bookings',
  'agent',
  'enquiries',
].map((path) => ({ method: 'GET', url: `/api/v1/insights/${path}` }));
