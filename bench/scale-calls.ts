/**
 * The scale-out benchmark's phone calls: callers making full calls back to back through the
 * Twilio <Gather> channel, every request signed as Twilio signs it and sent to the instances in
 * turn, so the turns of one call hop from instance to instance (no sticky sessions: the instances
 * share nothing but the database, docs/architecture.md). Afterwards each call is checked.
 */
import { Agent } from 'node:http';
import { PUBLIC_URL } from './scale-procs.js';
import { timedRequest } from './support.js';
import {
  aCaller,
  type Caller,
  fieldsOf,
  gatherAction,
  type Line,
  SCRIPT,
  signedForm,
} from './twilio-calls.js';

// One keep-alive pool for every simulated caller, as Twilio's fleet reuses connections.
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

export function closeCallConnections(): void {
  agent.destroy();
}

/** A POST as Twilio makes it: a form signed over PUBLIC_URL + path, sent to one instance's port. */
function twilioPost(port: number, token: string, path: string, fields: Record<string, string>) {
  const { headers, body } = signedForm(token, PUBLIC_URL, path, fields);
  return timedRequest({ agent, port, method: 'POST', path, headers, body, timeoutMs: 30_000 });
}

/** One full call; request i goes to instance (offset + i) mod the number of instances. */
async function runCall(ports: readonly number[], c: Caller, offset: number, turns: number[]): Promise<void> {
  let hop = offset;
  const next = () => ports[hop++ % ports.length] ?? 0;
  const voice = await twilioPost(next(), c.line.token, '/telephony/twilio/voice', fieldsOf(c, 'ringing'));
  if (voice.status !== 200) throw new Error(`voice answered ${voice.status}: ${voice.body.slice(0, 200)}`);
  let action = gatherAction(voice.body, PUBLIC_URL);
  for (const text of SCRIPT) {
    if (action === null) break;
    const res = await twilioPost(next(), c.line.token, action, {
      ...fieldsOf(c, 'in-progress'),
      SpeechResult: text.replace('{name}', c.name),
      Confidence: '0.9',
    });
    if (res.status !== 200) throw new Error(`gather answered ${res.status}: ${res.body.slice(0, 200)}`);
    turns.push(res.ms);
    action = gatherAction(res.body, PUBLIC_URL);
  }
  const status = await twilioPost(next(), c.line.token, '/telephony/twilio/status', fieldsOf(c, 'completed'));
  if (status.status !== 204) throw new Error(`status answered ${status.status}`);
}

// Callers across phases, so each gets a name of its own.
let callsMade = 0;

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
      const c = aCaller(lines, callsMade++);
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
