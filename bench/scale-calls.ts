/**
 * The scale-out benchmark's phone calls: callers making full calls back to back through the
 * Twilio <Gather> channel, every request signed as Twilio signs it and sent to the instances in
 * turn, so the turns of one call hop from instance to instance (no sticky sessions: the instances
 * share nothing but the database, docs/architecture.md). Afterwards each call is checked.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { Agent, request } from 'node:http';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import type { Database } from '../src/db/client.js';
import { systemClock } from '../src/lib/clock.js';
import { createSecretBox, parseSecretsKey } from '../src/lib/encryption.js';
import { publishDraft, saveDraft } from '../src/modules/agent/agent.service.js';
import { AgentConfig, DEFAULT_AGENT_CONFIG } from '../src/modules/agent/agent-config.js';
import { registerPhoneNumber } from '../src/modules/phone-numbers/phone-numbers.service.js';
import { createOwnerAndWorkspace } from '../src/modules/workspaces/workspaces.service.js';
import { sellerSteps, WARM_SELLER } from '../test/support/dialog/sellers.js';
import { PUBLIC_URL } from './scale-procs.js';

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

const FIRST = ['Alice', 'Bruno', 'Chloe', 'Daniel', 'Esther', 'Felix', 'Gemma', 'Harvey', 'Imogen', 'Jasper'];
const LAST = ['Brown', 'Clarke', 'Davies', 'Evans', 'Fisher', 'Green', 'Hughes', 'Ingram', 'Jones', 'Knight'];
const SCRIPT = [...sellerSteps({ ...WARM_SELLER, name: '{name}' }), 'the first one'];

/** A workspace with the default agent published and a Twilio number with its own token. */
export async function seedLine(db: Database, secretsKey: string, index: number): Promise<Line> {
  const { userId, workspaceId } = await createOwnerAndWorkspace(db, systemClock, {
    email: `scale-${index}-${randomBytes(4).toString('hex')}@example.test`,
    password: randomBytes(16).toString('hex'),
    name: 'Bench Owner',
    workspaceName: `Scale ${index}`,
  });
  const config = AgentConfig.parse({ ...DEFAULT_AGENT_CONFIG, business_name: `Scale Homes ${index}` });
  await saveDraft(db, systemClock, workspaceId, userId, config);
  await publishDraft(db, systemClock, workspaceId, userId);
  const line = {
    workspaceId,
    number: `+44161${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
    token: randomBytes(16).toString('hex'),
  };
  const box = createSecretBox(parseSecretsKey(secretsKey));
  await registerPhoneNumber({ db, clock: systemClock, secrets: () => box }, workspaceId, {
    number: line.number,
    provider: 'twilio',
    twilio_auth_token: line.token,
  });
  return line;
}

// One keep-alive pool for every simulated caller, as Twilio's fleet reuses connections.
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

export function closeCallConnections(): void {
  agent.destroy();
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** A POST as Twilio makes it: a form signed over PUBLIC_URL + path, sent to one instance's port. */
function twilioPost(port: number, token: string, path: string, fields: Record<string, string>) {
  const signature = getExpectedTwilioSignature(token, `${PUBLIC_URL}${path}`, fields);
  const body = new URLSearchParams(fields).toString();
  const headers = { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature };
  return new Promise<Answer>((resolve, reject) => {
    const started = performance.now();
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path, headers, agent, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.once('timeout', () => req.destroy(new Error(`${path} timed out after 30 s`)));
    req.once('error', reject);
    req.end(body);
  });
}

function fieldsOf(c: Caller, status: string): Record<string, string> {
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

function gatherAction(twiml: string): string | null {
  const match = /<Gather [^>]*action="([^"]+)"/.exec(twiml);
  return match?.[1] ? match[1].replaceAll('&amp;', '&').slice(PUBLIC_URL.length) : null;
}

/** One full call; request i goes to instance (offset + i) mod the number of instances. */
async function runCall(ports: readonly number[], c: Caller, offset: number, turns: number[]): Promise<void> {
  let hop = offset;
  const next = () => ports[hop++ % ports.length] ?? 0;
  const voice = await twilioPost(next(), c.line.token, '/telephony/twilio/voice', fieldsOf(c, 'ringing'));
  if (voice.status !== 200) throw new Error(`voice answered ${voice.status}: ${voice.body.slice(0, 200)}`);
  let action = gatherAction(voice.body);
  for (const text of SCRIPT) {
    if (action === null) break;
    const res = await twilioPost(next(), c.line.token, action, {
      ...fieldsOf(c, 'in-progress'),
      SpeechResult: text.replace('{name}', c.name),
      Confidence: '0.9',
    });
    if (res.status !== 200) throw new Error(`gather answered ${res.status}: ${res.body.slice(0, 200)}`);
    turns.push(res.ms);
    action = gatherAction(res.body);
  }
  const status = await twilioPost(next(), c.line.token, '/telephony/twilio/status', fieldsOf(c, 'completed'));
  if (status.status !== 204) throw new Error(`status answered ${status.status}`);
}

let made = 0;

function aCaller(lines: readonly Line[]): Caller {
  const i = made++;
  const line = lines[i % lines.length];
  if (!line) throw new Error('no line');
  return {
    line,
    from: `+4477${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
    callSid: `CA${randomBytes(16).toString('hex')}`,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
  };
}

export interface CallsResult {
  /** Latency of every /gather, ms. */
  turns: number[];
  callers: Caller[];
}

/**
 * `callers` loops, each making calls back to back (no pause: saturation) until `seconds` have
 * passed; a call under way then is finished. The whole phase gives up after `seconds` + 90 s.
 */
export async function callsPhase(
  ports: readonly number[],
  lines: readonly Line[],
  callers: number,
  seconds: number,
): Promise<CallsResult> {
  const turns: number[] = [];
  const made: Caller[] = [];
  const until = performance.now() + seconds * 1000;
  const loops = Array.from({ length: callers }, async (_v, loop) => {
    while (performance.now() < until) {
      const c = aCaller(lines);
      made.push(c);
      await runCall(ports, c, loop, turns);
    }
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_r, reject) => {
    timer = setTimeout(() => reject(new Error('the calls phase overran by 90 s')), (seconds + 90) * 1000);
  });
  try {
    await Promise.race([Promise.all(loops), deadline]);
  } finally {
    clearTimeout(timer);
  }
  return { turns, callers: made };
}

/** One call record per CallSid, completed, one call.completed, a lead of the caller's own number and name. */
export async function verifyCalls(db: Database, callers: readonly Caller[]): Promise<string[]> {
  const sids = callers.map((c) => c.callSid);
  const rows = await db.query<{ sid: string; status: string; phone: string | null; name: string | null }>(
    `SELECT c.provider_call_id AS sid, c.status, l.phone, l.name
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
    else if (row.phone !== c.from || row.name !== c.name)
      problems.push(`${c.callSid} (${c.name}, ${c.from}): lead ${row.name} ${row.phone}`);
    else if (completed.get(c.callSid) !== 1)
      problems.push(`${c.callSid}: ${completed.get(c.callSid) ?? 0} call.completed events`);
  }
  return problems;
}
