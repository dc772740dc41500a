import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { registerRecordingStatusRoute } from '../recordings/recording-status.routes.js';
import { registerRelayRoutes } from '../relay/relay.routes.js';
import { registerRelaySocket } from '../relay/relay-ws.routes.js';
import { registerFormParser } from './form-body.js';
import { registerMessageStatusRoute } from './message-status.routes.js';
import { registerSmsRoute } from './sms.routes.js';
import { registerStatusRoute } from './status.routes.js';
import { telephonyEnv } from './telephony-env.js';
import { registerTransferRoutes } from './transfer.routes.js';
import { registerVoiceRoutes } from './voice.routes.js';

/**
 * Twilio's webhooks, in their own encapsulated scope: it alone parses form bodies, and every
 * route in it authenticates by X-Twilio-Signature instead of an API credential.
 */
export async function registerTwilioWebhooks(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const env = telephonyEnv(deps);
  await app.register(async (scope) => {
    registerFormParser(scope);
    registerVoiceRoutes(scope, env);
    registerTransferRoutes(scope, env);
    registerStatusRoute(scope, env);
    registerMessageStatusRoute(scope, env);
    registerRecordingStatusRoute(scope, env);
    registerSmsRoute(scope, env);
    registerRelayRoutes(scope, env);
    await registerRelaySocket(scope, env);
  });
}
