import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import {
  agentInsights,
  bookingInsights,
  callInsights,
  enquiryInsights,
  funnelInsights,
  openWindow,
  speedInsights,
  type Window,
} from './insights.read.js';
import {
  AgentInsights,
  BookingInsights,
  CallInsights,
  EnquiryInsights,
  FunnelInsights,
  InsightsQuery,
  SpeedInsights,
} from './insights.schemas.js';

const TAGS = ['Insights'];

/**
 * How the phone line, the agent and the desk are doing over a date range in the workspace's
 * time zone (docs/desk-api.md, Insights). Read-only; each figure group is its own route so the
 * console asks only for what it shows.
 */
export function registerInsightsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const routes: [string, string, z.ZodType, (w: Window) => Promise<unknown>][] = [
    [
      'calls',
      'Calls: how they ended, by hour and weekday, out of hours',
      CallInsights,
      (w) => callInsights(deps.db, w),
    ],
    ['funnel', 'The funnel from calls to completed deals', FunnelInsights, (w) => funnelInsights(deps.db, w)],
    [
      'speed-to-lead',
      'From the end of a hot or warm call to the desk’s first action',
      SpeedInsights,
      (w) => speedInsights(deps.db, w, deps.clock.now()),
    ],
    [
      'bookings',
      'Bookings made by the agent and the desk: kept, moved, cancelled',
      BookingInsights,
      (w) => bookingInsights(deps.db, w, deps.clock.now()),
    ],
    [
      'agent',
      'The agent per published version: questions asked again and given up, hang-ups, transfers',
      AgentInsights,
      (w) => agentInsights(deps.db, w),
    ],
    [
      'enquiries',
      'Enquiries by postcode area and property type',
      EnquiryInsights,
      (w) => enquiryInsights(deps.db, w),
    ],
  ];
  for (const [path, summary, response, read] of routes) {
    r.get(
      `/api/v1/insights/${path}`,
      {
        config: { operation: 'insights.read' },
        schema: { tags: TAGS, summary, querystring: InsightsQuery, response: { 200: response } },
      },
      async (request) => {
        const ws = requirePrincipal(request).workspaceId;
        return read(await openWindow(deps.db, ws, request.query, deps.clock.now()));
      },
    );
  }
}
