import { randomBytes, randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { expect } from 'vitest';
import { DEFAULT_AGENT_CONFIG } from '../../src/modules/agent/agent-config.js';
import { find, parseTwiml, type XmlNode } from '../../src/telephony/twilio/twiml-parse.js';
import { sellerSteps, WARM_SELLER as WARM_ANSWERS } from './dialog/sellers.js';
import { call, createTenant, type Tenant } from './factories.js';
import type { TestContext } from './harness.js';

// Tests only: Twilio is faked by signing requests with Twilio's own library, as Twilio would.

/** A key for SECRETS_KEY, so tests never write a key file into the repository's data directory. */
export const TEST_SECRETS_KEY = randomBytes(32).toString('base64');

export function aTwilioToken(): string {
  return randomBytes(16).toString('hex');
}

/** A Manchester number unlikely to repeat within a run. */
export function aBusinessNumber(): string {
  return `+44161${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

export function aCallerNumber(): string {
  return `+4477${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export function aCallSid(): string {
  return `CA${randomBytes(16).toString('hex')}`;
}

export const ACCOUNT_SID = `AC${'0'.repeat(32)}`;

export interface TwilioLine {
  tenant: Tenant;
  number: string;
  token: string;
}

/** A tenant whose agent ("Acme Homes", `config` over the defaults) is published through the API. */
export async function aTenantWithPublishedAgent(
  t: TestContext,
  config: Partial<typeof DEFAULT_AGENT_CONFIG> = {},
): Promise<Tenant> {
  const tenant = await createTenant(t.db, t.clock);
  const put = await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', {
    config: { ...DEFAULT_AGENT_CONFIG, business_name: 'Acme Homes', ...config },
  });
  expect(put.statusCode).toBe(200);
  expect((await call(t.app, tenant.callers.admin, 'POST', '/api/v1/agent/publish')).statusCode).toBe(201);
  return tenant;
}

/** A tenant with a published agent and a number registered with the Twilio account that owns it. */
export async function aTwilioLine(
  t: TestContext,
  config: Partial<typeof DEFAULT_AGENT_CONFIG> = {},
): Promise<TwilioLine> {
  const tenant = await aTenantWithPublishedAgent(t, config);
  const number = aBusinessNumber();
  const account = t.twilio.addAccount([number]);
  const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/phone-numbers', {
    number,
    provider: 'twilio',
    twilio_account_sid: account.sid,
    twilio_auth_token: account.token,
  });
  expect(res.statusCode).toBe(201);
  return { tenant, number, token: account.token };
}

/** The form fields Twilio sends with every voice request of one call. */
export function callFields(line: { number: string }, callSid: string, from: string, status = 'in-progress') {
  return {
    AccountSid: ACCOUNT_SID,
    ApiVersion: '2010-04-01',
    CallSid: callSid,
    CallStatus: status,
    Called: line.number,
    Caller: from,
    Direction: 'inbound',
    From: from,
    To: line.number,
    FromCountry: 'GB',
    ToCountry: 'GB',
  };
}

export interface SignedPost {
  /** Sign with this token instead of the line's. */
  token?: string;
  /** Send this header value instead of the computed signature; null sends none. */
  signature?: string | null;
  /** Sign this URL instead of the one requested. */
  signedUrl?: string;
  /** More headers, as Twilio sends I-Twilio-Idempotency-Token. */
  headers?: Record<string, string>;
}

/** A POST as Twilio makes it: a form body, signed over PUBLIC_URL + path + query and the fields. */
export function twilioPost(
  t: TestContext,
  token: string,
  pathAndQuery: string,
  fields: Record<string, string>,
  options: SignedPost = {},
): Promise<LightMyRequestResponse> {
  const url = options.signedUrl ?? `${t.config.PUBLIC_URL}${pathAndQuery}`;
  const signature =
    options.signature === undefined
      ? getExpectedTwilioSignature(options.token ?? token, url, fields)
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: pathAndQuery,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
      ...options.headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The path and query of an absolute callback URL taken from TwiML. */
export function pathOf(t: TestContext, url: string | undefined): string {
  expect(url?.startsWith(t.config.PUBLIC_URL)).toBe(true);
  return (url ?? '').slice(t.config.PUBLIC_URL.length);
}

export async function eventTypes(t: TestContext, workspaceId: string): Promise<string[]> {
  const rows = await t.db.query<{ type: string }>(
    'SELECT type FROM events WHERE workspace_id = $1 ORDER BY id',
    [workspaceId],
  );
  return rows.map((r) => r.type);
}

/** One caller on one line: the CallSid and number Twilio would send with every request. */
export interface PhoneCall {
  line: TwilioLine;
  from: string;
  callSid: string;
}

export function aPhoneCall(line: TwilioLine, from = aCallerNumber()): PhoneCall {
  return { line, from, callSid: aCallSid() };
}

/** Twilio rings the number: the voice webhook (or the relay one). */
export async function ring(t: TestContext, c: PhoneCall, path = '/telephony/twilio/voice'): Promise<XmlNode> {
  const res = await twilioPost(t, c.line.token, path, callFields(c.line, c.callSid, c.from, 'ringing'));
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/xml/);
  return parseTwiml(res.body);
}

/** The caller speaks ('' is silence): Twilio posts the SpeechResult to the <Gather> action. */
export async function speak(t: TestContext, c: PhoneCall, twiml: XmlNode, speech: string): Promise<XmlNode> {
  const gather = find(twiml, 'Gather');
  expect(gather, JSON.stringify(twiml)).toBeDefined();
  t.clock.advance(4_000);
  const fields = {
    ...callFields(c.line, c.callSid, c.from),
    ...(speech === '' ? {} : { SpeechResult: speech, Confidence: '0.92' }),
  };
  const res = await twilioPost(t, c.line.token, pathOf(t, gather?.attrs.action), fields);
  expect(res.statusCode).toBe(200);
  return parseTwiml(res.body);
}

/** Says each line in turn until the agent hangs up or dials; answers the last TwiML and what was said. */
export async function converse(t: TestContext, c: PhoneCall, twiml: XmlNode, lines: readonly string[]) {
  let current = twiml;
  const replies: string[] = [];
  for (const text of lines) {
    current = await speak(t, c, current, text);
    replies.push(find(current, 'Say')?.text ?? '');
    if (!find(current, 'Gather')) break;
  }
  return { twiml: current, replies };
}

/** Twilio's status callback for the caller's leg. */
export async function statusCallback(t: TestContext, c: PhoneCall, status = 'completed'): Promise<void> {
  const res = await twilioPost(t, c.line.token, '/telephony/twilio/status', {
    ...callFields(c.line, c.callSid, c.from, status),
    CallDuration: '95',
  });
  expect(res.statusCode).toBe(204);
}

export async function callsOf(t: TestContext, line: TwilioLine) {
  return t.db.query<{
    id: string;
    status: string;
    end_reason: string | null;
    provider_call_id: string;
    transferred_to: string | null;
    transfer_result: string | null;
    lead_id: string | null;
  }>(
    `SELECT id, status, end_reason, provider_call_id, transferred_to, transfer_result, lead_id
       FROM calls WHERE workspace_id = $1 ORDER BY id`,
    [line.tenant.workspaceId],
  );
}

/** Everything a rejected request must leave untouched. */
export async function snapshot(t: TestContext): Promise<string> {
  const rows = await t.db.query(
    `SELECT (SELECT count(*) FROM calls) AS calls, (SELECT count(*) FROM call_turns) AS turns,
            (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM leads) AS leads,
            (SELECT max(updated_at) FROM calls) AS touched`,
  );
  return JSON.stringify(rows[0]);
}

/** A warm seller answering every default question, then taking the first time offered. */
export const WARM_SELLER = [...sellerSteps(WARM_ANSWERS), 'the first one'];

/** Tuesday 24 November 2026, 11:00 in London: inside the default business hours. */
export const TUESDAY_11AM = Date.parse('2026-11-24T11:00:00Z');
