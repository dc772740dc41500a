import { randomBytes } from 'node:crypto';
import { publishDraft, saveDraft } from '../../src/modules/agent/agent.service.js';
import { DEFAULT_AGENT_CONFIG } from '../../src/modules/agent/agent-config.js';
import { saveRecordingReport, saveRecordingStarted } from '../../src/modules/calls/recordings.repo.js';
import { listEvents } from '../../src/modules/event-log/event-log.repo.js';
import { createCallRecording } from '../../src/telephony/recordings/twilio-recordings.js';
import { seedCall } from '../support/calls.js';
import { call } from '../support/factories.js';
import { seedOpportunity } from '../support/opportunities.js';
import { aBusinessNumber, aCallSid } from '../support/twilio.js';
import type { MatrixRoute, MatrixSeed } from './types.js';

/** A draft no other draft of the run has, so publishing it is always a change. */
async function changeDraft(seed: MatrixSeed): Promise<void> {
  const business_name = `Matrix ${randomBytes(4).toString('hex')}`;
  await saveDraft(seed.db, seed.clock, seed.tenant.workspaceId, seed.tenant.owner.id, {
    ...DEFAULT_AGENT_CONFIG,
    business_name,
  });
}

async function publishOnce(seed: MatrixSeed): Promise<number> {
  await changeDraft(seed);
  return (await publishDraft(seed.db, seed.clock, seed.tenant.workspaceId, seed.tenant.owner.id)).version;
}

// Versions are numbered per workspace, so the caller's workspace may well have a version of
// the number another workspace's record has. Every version made here takes a number above all
// earlier ones, so another workspace's is always one the caller's workspace has not reached.
let highestVersion = 0;
async function aVersion(seed: MatrixSeed) {
  let version = await publishOnce(seed);
  while (version <= highestVersion) version = await publishOnce(seed);
  highestVersion = version;
  return { version: String(version) };
}

async function aCall(seed: MatrixSeed) {
  const call = await seedCall(seed.db, seed.tenant.workspaceId, {}, [
    { speaker: 'agent', text: 'Hello, how can I help?', at: seed.clock.now() },
  ]);
  return { call_id: call.id };
}

/**
 * A call with a completed recording the app can fetch: a number registered with its Twilio
 * account, a carrier call to it, and a recording Twilio started (through the app's own request).
 */
async function aRecordedCall(seed: MatrixSeed) {
  const number = aBusinessNumber();
  const account = seed.twilio.addAccount([number]);
  const registered = await call(seed.app, seed.tenant.callers.admin, 'POST', '/api/v1/phone-numbers', {
    number,
    provider: 'twilio',
    twilio_account_sid: account.sid,
    twilio_auth_token: account.token,
  });
  if (registered.statusCode !== 201) throw new Error(`registering a number failed: ${registered.body}`);
  const callSid = aCallSid();
  const row = await seedCall(seed.db, seed.tenant.workspaceId, {
    to_number: number,
    provider_call_id: callSid,
    recording_status: 'requested',
  });
  const made = await createCallRecording(
    { baseUrl: seed.twilio.url, ca: seed.twilio.ca },
    { accountSid: account.sid, authToken: account.token },
    callSid,
    'https://callagent.test/telephony/twilio/recording-status',
  );
  await saveRecordingStarted(seed.db, seed.tenant.workspaceId, row.id, made.sid, made.startTime);
  await saveRecordingReport(
    seed.db,
    seed.tenant.workspaceId,
    row.id,
    {
      sid: made.sid,
      status: 'completed',
      channels: 2,
      durationSeconds: 4,
      startedAt: made.startTime,
      error: null,
    },
    seed.clock.now(),
  );
  return { call_id: row.id };
}

async function anOpportunity(seed: MatrixSeed) {
  const opportunity = await seedOpportunity(seed.db, seed.tenant.workspaceId, {}, seed.clock.now());
  return { opportunity_id: opportunity.id, owner_id: seed.tenant.users.member.id };
}

async function anEvent(seed: MatrixSeed) {
  await seedOpportunity(seed.db, seed.tenant.workspaceId, {}, seed.clock.now());
  const [event] = await listEvents(
    seed.db,
    seed.tenant.workspaceId,
    {},
    { after: null, order: 'desc', limit: 1 },
  );
  if (!event) throw new Error('seeding an opportunity recorded no event');
  return { event_id: event.id };
}

export const recordRoutes: MatrixRoute[] = [
  { method: 'GET', url: '/api/v1/agent' },
  { method: 'GET', url: '/api/v1/agent/draft' },
  { method: 'PUT', url: '/api/v1/agent/draft', body: { config: DEFAULT_AGENT_CONFIG } },
  // Answers 404 until something is published, so the workspace publishes first.
  { method: 'GET', url: '/api/v1/agent/published', setup: publishOnce },
  // Publishing an unchanged draft is 409, so every request finds a changed one.
  { method: 'POST', url: '/api/v1/agent/publish', setup: changeDraft },
  { method: 'GET', url: '/api/v1/agent/versions' },
  { method: 'GET', url: '/api/v1/agent/versions/:version', record: aVersion },
  { method: 'POST', url: '/api/v1/agent/versions/:version/restore', record: aVersion },
  { method: 'GET', url: '/api/v1/calls' },
  { method: 'GET', url: '/api/v1/calls/:call_id', record: aCall },
  { method: 'GET', url: '/api/v1/calls/:call_id/transcript', record: aCall },
  { method: 'GET', url: '/api/v1/calls/:call_id/model-usage', record: aCall },
  { method: 'GET', url: '/api/v1/calls/:call_id/recording', record: aRecordedCall },
  { method: 'DELETE', url: '/api/v1/calls/:call_id/recording', record: aRecordedCall },
  { method: 'GET', url: '/api/v1/opportunities' },
  { method: 'GET', url: '/api/v1/opportunities/:opportunity_id', record: anOpportunity },
  {
    method: 'PATCH',
    url: '/api/v1/opportunities/:opportunity_id',
    record: anOpportunity,
    body: (p: Record<string, string>) => ({ owner_id: p.owner_id, outcome: 'won' }),
  },
  {
    method: 'POST',
    url: '/api/v1/opportunities/:opportunity_id/notes',
    record: anOpportunity,
    body: { body: 'Rang back, wants an offer by Friday.' },
  },
  { method: 'GET', url: '/api/v1/pipeline' },
  {
    method: 'PATCH',
    url: '/api/v1/pipeline',
    body: { follow_up: { hot_minutes: 60, warm_minutes: 1440 } },
  },
  { method: 'GET', url: '/api/v1/tasks' },
  {
    method: 'POST',
    url: '/api/v1/opportunities/:opportunity_id/merge',
    record: async (seed) => ({
      ...(await anOpportunity(seed)),
      into: (await anOpportunity(seed)).opportunity_id,
    }),
    body: (p: Record<string, string>) => ({ into: p.into }),
  },
  { method: 'GET', url: '/api/v1/events' },
  { method: 'GET', url: '/api/v1/events/:event_id', record: anEvent },
];
