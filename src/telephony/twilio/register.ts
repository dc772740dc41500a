import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { registerFormParser } from './form-body.js';
import { registerMessageStatusRoute } from './message-status.routes.js';
import { registerSmsRoute } from './sms.routes.js';
import { registerStatusRoute } from './status.routes.js';
import { type TelephonyEnv, telephonyEnv } from './telephony-env.js';
import { registerTransferRoutes } from './transfer.routes.js';

/** The routes of the channels built on this plumbing (<Gather>, ConversationRelay), added to the same scope. */
export type ChannelRoutes = (scope: FastifyInstance, env: TelephonyEnv) => Promise<void>;

/**
 * Twilio's webhooks, in their own encapsulated scope: it alone parses form bodies, and every
 * route in it authenticates by X-Twilio-Signature instead of an API credential. The channels' routes
 * (`channels`) are handed in by the composition root, as they sit above the plumbing they share
 * (docs/architecture.md, "Layers").
 */
export async function registerTwilioWebhooks(
  app: FastifyInstance,
  deps: AppDeps,
  channels: ChannelRoutes,
): Promise<void> {
  const env = telephonyEnv(deps);
  await app.register(async (scope) => {
    registerFormParser(scope);
    registerTransferRoutes(scope, env);
    registerStatusRoute(scope, env);
    registerMessageStatusRoute(scope, env);
    registerSmsRoute(scope, env);
    await channels(scope, env);
  });
}
