import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { registerFormParser } from './form-body.js';
import { registerMessageStatusRoute } from './message-status.routes.js';
import { registerSmsRoute } from './sms.routes.js';
import { registerStatusRoute } from './status.routes.js';
import { type TelephonyEnv, telephonyEnv } from './telephony-env.js';
import { registerTransferRoutes } from './transfer.routes.js';
import { registerVoiceRoutes } from './voice.routes.js';

/** The routes of a channel built on this plumbing (ConversationRelay), added to the same scope. */
export type ChannelRoutes = (scope: FastifyInstance, env: TelephonyEnv) => Promise<void>;

/**
 * Twilio's webhooks, in their own encapsulated scope: it alone parses form bodies, and every
 * route in it authenticates by X-Twilio-Signature instead of an API credential. `channels` are
 * handed in by the composition root, as the relay sits above the plumbing it shares
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
    registerVoiceRoutes(scope, env);
    registerTransferRoutes(scope, env);
    registerStatusRoute(scope, env);
    registerMessageStatusRoute(scope, env);
    registerSmsRoute(scope, env);
    await channels(scope, env);
  });
}
