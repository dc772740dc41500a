import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { recorderOf } from '../../http/recorder-of.js';
import { openSecretBox } from '../../lib/encryption.js';
import { type Pause, pauseAt } from '../../lib/test-pause.js';
import type { LiveCallDeps } from '../../live-call/types.js';
import type { AgentConfig } from '../../modules/agent/agent-config.js';
import type { Recorder } from '../recordings/recorder.js';
import { speechHints } from './hints.js';
import { type TelephonyLinks, telephonyLinks } from './links.js';
import type { TwilioAuthDeps } from './twilio-auth.js';
import { type Speech, speechOf } from './twiml.js';

/** What every telephony route needs, built once per app. */
export interface TelephonyEnv {
  /** What the live-call layer needs: the database, the clock, the optional language model. */
  calls: LiveCallDeps;
  auth: TwilioAuthDeps;
  links: TelephonyLinks;
  speech(config: AgentConfig): Speech;
  /** Returns at once unless a test started the process with TEST_PAUSE_AT. */
  pause: Pause;
  /** Starts calls' recordings at Twilio (docs/telephony.md, "Recording calls"). */
  recordings: Recorder;
}

export function telephonyEnv(deps: AppDeps): TelephonyEnv {
  return {
    calls: { db: deps.db, clock: deps.clock, model: deps.model ?? null },
    auth: {
      db: deps.db,
      publicUrl: deps.config.PUBLIC_URL,
      secrets: () => openSecretBox(deps.config, deps.logger),
    },
    links: telephonyLinks(deps.config.PUBLIC_URL),
    speech: (config) => speechOf(config, speechHints(config)),
    pause: pauseAt(deps.config.TEST_PAUSE_AT, deps.logger),
    recordings: recorderOf(deps),
  };
}

export function sendTwiml(reply: FastifyReply, xml: string): FastifyReply {
  return reply.code(200).type('text/xml; charset=utf-8').send(xml);
}
