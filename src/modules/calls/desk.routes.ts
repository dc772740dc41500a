import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { registerAgentRoutes } from '../agent/agent.routes.js';
import { registerEventRoutes } from '../events/events.routes.js';
import { registerOpportunityRoutes } from '../opportunities/opportunities.routes.js';
import { registerCallRoutes } from './calls.routes.js';

/** The desk's records: agent configuration, calls and transcripts, opportunities, the event log. */
export function registerDeskRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerAgentRoutes(app, deps);
  registerCallRoutes(app, deps);
  registerOpportunityRoutes(app, deps);
  registerEventRoutes(app, deps);
}
