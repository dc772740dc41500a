/**
 * What the benchmarks that ring the service through Twilio's <Gather> channel share
 * (`telephony` and `scale`): the lines they call, the callers, the script a warm seller says, the
 * form fields and signature Twilio sends, and the check that every call kept to itself.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import type { Database } from '../src/db/client.js';
import { systemClock } from '../src/lib/clock.js';
import { createSecretBox, parseSecretsKey } from '../src/lib/encryption.js';
import { publishDraft, saveDraft } from '../src/modules/agent/agent.service.js';
import { AgentConfig, DEFAULT_AGENT_CONFIG } from '../src/modules/agent/agent-config.js';
import { registerPhoneNumber } from '../src/modules/phone-numbers/phone-numbers.service.js';
import { createOwnerAndWorkspace } from '../src/modules/workspaces/workspaces.service.js';
import { sellerSteps, WARM_SELLER } from '../test/support/dialog/sellers.js';

/** A workspace's Twilio number and the auth token its webhooks are signed with. */
export interface Line {
  workspaceId: string;
  number: string;
  token: string;
}

export interface Caller {
  line: Line;
  from: string;
  callSid: string;
  name: string;
}

/** What each caller says, one line a turn; `{name}` is the caller's own name. */
export const SCRIPT = [...sellerSteps({ ...WARM_SELLER, name: '{name}' }), 'the first one'];

const FIRST = ['Alice', 'Bruno', 'Chloe', 'Daniel', 'Esther', 'Felix', 'Gemma', 'Harvey', 'Imogen', 'Jasper'];
const LAST = ['Brown', 'Clarke', 'Davies', 'Evans', 'Fisher', 'Green', 'Hughes', 'Ingram', 'Jones', 'Knight'];

/**
 * A workspace with the default agent published (its free-time search, business hours 14 days
 * ahead, is part of every turn's cost) and a Twilio number with a token of its own.
 */
export async function seedLine(
  db: Database,
  secretsKey: string,
  label: string,
  index: number,
): Promise<Line> {
  const { userId, workspaceId } = await createOwnerAndWorkspace(db, systemClock, {
    email: `${label.toLowerCase()}-${index}-${randomBytes(4).toString('hex')}@example.test`,
    password: randomBytes(16).toString('hex'),
    name: 'Bench Owner',
    workspaceName: `${label} ${index}`,
  });
  const config = AgentConfig.parse({ ...DEFAULT_AGENT_CONFIG, business_name: `${label} Homes ${index}` });
  await saveDraft(db, systemClock, workspaceId, userId, config);
  await publishDraft(db, systemClock, workspaceId, userId);
  const line = {
    workspaceId,
    number: `+44161${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
    token: randomBytes(16).toString('hex'),
  };
  const box = createSecretBox(parseSecretsKey(secretsKey));
  // The bench's numbers are made up and signed by the bench itself: there is no Twilio account
  // to confirm them with, so the check Twilio would make is taken as passed.
  const checkTwilioNumber = async () => {};
  await registerPhoneNumber({ db, clock: systemClock, secrets: () => box, checkTwilioNumber }, workspaceId, {
    number: line.number,
    provider: 'twilio',
    twilio_account_sid: `AC${randomBytes(16).toString('hex')}`,
    twilio_auth_token: line.token,
  });
  return line;
}

/** Caller `i` of a round: its own number, CallSid and name (the round shifts the surnames). */
export function aCaller(lines: readonly Line[], i: number, round = 0): Caller {
  const line = lines[i % lines.length];
  if (!line) throw new Error('no line');
  return {
    line,
    from: `+4477${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
    callSid: `CA${randomBytes(16).toString('hex')}`,
    name: `${FIRST[i % FIRST.length]} ${LAST[(Math.floor(i / FIRST.length) + round) % LAST.length]}`,
  };
}

/** The form fields Twilio sends with every webhook of a call. */
export function fieldsOf(c: Caller, status: string): Record<string, string> {
  return {
    AccountSid: `AC${'0'.repeat(32)}`,
    ApiVersion: '2010-04-01',
    CallSid: c.callSid,
    CallStatus: status,
    Direction: 'inbound',
    From: c.from,
    To: c.line.number,
  };
}

/** A webhook as Twilio sends it: a form, signed over the service's public address and the path. */
export function signedForm(token: string, publicUrl: string, path: string, fields: Record<string, string>) {
  const signature = getExpectedTwilioSignature(token, `${publicUrl}${path}`, fields);
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(fields).toString(),
  };
}

/** The path of the next <Gather action> in an answer, or null when the call is over. */
export function gatherAction(twiml: string, publicUrl: string): string | null {
  const match = /<Gather [^>]*action="([^"]+)"/.exec(twiml);
  return match?.[1] ? match[1].replaceAll('&amp;', '&').slice(publicUrl.length) : null;
}

/**
 * Every call on its own records: one call record per CallSid, completed, from the caller's number,
 * a lead of the caller's own number and name (no state mixed between calls or workspaces), and
 * exactly one call.completed. Answers the problems found.
 */
export async function verifyCalls(db: Database, callers: readonly Caller[]): Promise<string[]> {
  const sids = callers.map((c) => c.callSid);
  const rows = await db.query<{
    sid: string;
    status: string;
    from: string;
    phone: string | null;
    name: string | null;
  }>(
    `SELECT c.provider_call_id AS sid, c.status, c.from_number AS from, l.phone, l.name
       FROM calls c LEFT JOIN leads l ON l.workspace_id = c.workspace_id AND l.id = c.lead_id
      WHERE c.provider_call_id = ANY($1::text[])`,
    [sids],
  );
  const events = await db.query<{ sid: string; n: number }>(
    `SELECT c.provider_call_id AS sid, count(e.id)::int AS n
       FROM calls c LEFT JOIN events e
         ON e.workspace_id = c.workspace_id AND e.type = 'call.completed' AND e.data->>'id' = c.id
      WHERE c.provider_call_id = ANY($1::text[]) GROUP BY c.provider_call_id`,
    [sids],
  );
  const completed = new Map(events.map((e) => [e.sid, e.n]));
  const problems: string[] = [];
  for (const c of callers) {
    const mine = rows.filter((r) => r.sid === c.callSid);
    const row = mine[0];
    if (mine.length !== 1 || !row) problems.push(`${c.callSid}: ${mine.length} call records`);
    else if (row.status !== 'completed') problems.push(`${c.callSid}: status ${row.status}`);
    else if (row.from !== c.from || row.phone !== c.from || row.name !== c.name)
      problems.push(`${c.callSid} from ${c.from} (${c.name}): lead ${row.name} ${row.phone}`);
    else if (completed.get(c.callSid) !== 1)
      problems.push(`${c.callSid}: ${completed.get(c.callSid) ?? 0} call.completed events`);
  }
  return problems;
}
