/**
 * Drives corpus calls (test/corpus/) through the real service, the way an integrator would: a
 * workspace with the corpus configuration published, each call through the test-call API, and
 * the records read back through the desk API. Free of vitest, so the conversations benchmark
 * runs it too (docs/benchmarks.md, "Conversations").
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/db/client.js';
import type { ManualClock } from '../../src/lib/clock.js';
import type { AgentConfig } from '../../src/modules/agent/agent-config.js';
import { type CorpusClock, clockView } from '../corpus/clocks.js';
import type { Asked, ClockView, CorpusCall, Heard, OfferedTime, Step } from '../corpus/types.js';
import { checkRecords, type FieldCheck, type Records } from './corpus-checks.js';
import { corpusConfig } from './corpus-config.js';
import { findLoop, parseOffers, questionOf } from './corpus-replies.js';
import { type Caller, call, createUser, createWorkspace, sessionCaller } from './factories.js';

/** The most caller turns a call may take: the agent must have ended it by then (docs/agent.md). */
export const TURN_CAP = 20;
/** The pause between turns, as on a phone line. */
const TURN_GAP_MS = 6_000;

export interface Service {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
}

export interface CorpusTenant {
  admin: Caller;
  clock: CorpusClock;
  view: ClockView;
}

function ok(res: LightMyRequestResponse, status: number, what: string): Record<string, unknown> {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as Record<string, unknown>;
}

/** A workspace of its own for one clock time, with the corpus configuration published. */
export async function createCorpusTenant(
  s: Service,
  clock: CorpusClock,
  configure: (config: AgentConfig) => void = () => {},
): Promise<CorpusTenant> {
  const view = clockView(clock);
  s.clock.set(view.now.toMillis());
  const owner = await createUser(s.db, s.clock);
  const workspaceId = await createWorkspace(s.db, s.clock, owner);
  const admin = await sessionCaller(s.db, s.clock, owner, workspaceId);
  const config = corpusConfig();
  configure(config);
  ok(await call(s.app, admin, 'PUT', '/api/v1/agent/draft', { config }), 200, 'draft');
  ok(await call(s.app, admin, 'POST', '/api/v1/agent/publish'), 201, 'publish');
  return { admin, clock, view };
}

export interface CallRun {
  callId: string;
  /** The agent's replies, the greeting first. */
  replies: string[];
  said: string[];
  /** The agent ended the call itself (or handed it over) before the turn cap. */
  ended: boolean;
  loop: string | null;
  checks: FieldCheck[];
}

/** A caller ID for the n-th call of a run: unique within a workspace. */
export function callerNumber(index: number): string {
  return `+447700900${String(index % 1000).padStart(3, '0')}`;
}

interface Conversation {
  callId: string;
  replies: string[];
  said: string[];
  ended: boolean;
  accepted: OfferedTime[];
}

/** The caller's next words: the opening in order, then the answer to whatever is asked. */
function nextStep(c: CorpusCall, turn: number, asked: Asked, times: Map<Asked, number>): Step {
  const opening = c.opening[turn];
  if (opening !== undefined) return opening;
  const n = times.get(asked) ?? 0;
  times.set(asked, n + 1);
  const answer = c.answers?.[asked] ?? (asked === 'confirm' ? 'yes' : 'sorry i dont know');
  if (typeof answer === 'string' || typeof answer === 'function') return answer;
  const list = answer as readonly Step[];
  return list[Math.min(n, list.length - 1)] ?? 'sorry i dont know';
}

async function converse(s: Service, t: CorpusTenant, c: CorpusCall, from: string): Promise<Conversation> {
  const started = ok(await call(s.app, t.admin, 'POST', '/api/v1/test-calls', { from }), 201, 'start');
  const callId = String(started.call_id);
  const replies = [String(started.reply)];
  const said: string[] = [];
  const times = new Map<Asked, number>();
  let accepted: OfferedTime[] = [];
  let ended = Boolean(started.ended);
  const limit = Math.min(c.hangUpAfter ?? TURN_CAP, TURN_CAP);
  for (let turn = 0; !ended && turn < limit; turn++) {
    const reply = replies[replies.length - 1] ?? '';
    const elapsed = s.clock.now().getTime() - t.view.now.toMillis();
    const view = { now: t.view.now.plus({ milliseconds: elapsed }), open: t.view.open };
    const asked = questionOf(reply, view.now)?.asked ?? 'other';
    const step = nextStep(c, turn, asked, times);
    const heard: Heard = {
      reply,
      offers: parseOffers(reply, view.now),
      clock: view,
      accept: (time) => {
        accepted = time === undefined ? [] : Array.isArray(time) ? [...time] : [time as OfferedTime];
      },
    };
    const text = typeof step === 'string' ? step : step(heard);
    s.clock.advance(TURN_GAP_MS);
    const res = ok(
      await call(s.app, t.admin, 'POST', `/api/v1/test-calls/${callId}/turns`, { text }),
      200,
      'turn',
    );
    said.push(text);
    replies.push(String(res.reply));
    // A caller handed to a person is the desk's from then on.
    ended = Boolean(res.ended) || res.transferred_to !== null;
  }
  return { callId, replies, said, ended, accepted };
}

async function readRecords(s: Service, t: CorpusTenant, callId: string): Promise<Records> {
  const get = async (url: string) => ok(await call(s.app, t.admin, 'GET', url), 200, url);
  const theCall = await get(`/api/v1/calls/${callId}`);
  const leadId = theCall.lead_id as string | null;
  const oppId = theCall.opportunity_id as string | null;
  const lead = leadId ? await get(`/api/v1/leads/${leadId}`) : null;
  const opportunity = oppId ? await get(`/api/v1/opportunities/${oppId}`) : null;
  const bookings = leadId
    ? ((await get(`/api/v1/bookings?lead_id=${leadId}`)).data as Record<string, unknown>[]).filter(
        (b) => b.call_id === callId && b.status === 'scheduled',
      )
    : [];
  return { call: theCall, lead, opportunity, bookings };
}

/** Runs one corpus call at the tenant's clock time and checks what it left. */
export async function runCorpusCall(
  s: Service,
  t: CorpusTenant,
  c: CorpusCall,
  index: number,
): Promise<CallRun> {
  s.clock.set(t.view.now.toMillis());
  const from = c.from ?? callerNumber(index);
  if (c.returning) {
    ok(
      await call(s.app, t.admin, 'POST', '/api/v1/leads', { name: c.returning.name, phone: from }),
      201,
      'lead',
    );
  }
  const talk = await converse(s, t, c, from);
  if (!talk.ended) {
    ok(await call(s.app, t.admin, 'POST', `/api/v1/test-calls/${talk.callId}/hangup`), 200, 'hangup');
  }
  const records = await readRecords(s, t, talk.callId);
  // Free the time again, so every call of the run sees the same diary.
  for (const b of records.bookings) {
    ok(
      await call(s.app, t.admin, 'PATCH', `/api/v1/bookings/${String(b.id)}`, { status: 'cancelled' }),
      200,
      'cancel',
    );
  }
  const checks = checkRecords(c, records, {
    view: t.view,
    from,
    replies: talk.replies,
    accepted: talk.accepted,
  });
  return {
    callId: talk.callId,
    replies: talk.replies,
    said: talk.said,
    ended: talk.ended || c.hangUpAfter !== undefined,
    loop: findLoop(talk.replies, t.view.now),
    checks,
  };
}

/** Why a run fails, or null: every field right, no loop, and the call ended. */
export function runFailure(run: CallRun): string | null {
  const wrong = run.checks
    .filter((c) => !c.ok)
    .map((c) => `${c.field}: expected ${c.expected}, got ${c.actual}`);
  if (run.loop) wrong.push(`loop: ${run.loop}`);
  if (!run.ended) wrong.push(`did not end within ${TURN_CAP} caller turns`);
  return wrong.length === 0 ? null : wrong.join('\n');
}

/** The conversation as text, for a failure message. */
export function transcriptOf(run: CallRun): string {
  const lines: string[] = [];
  run.replies.forEach((reply, i) => {
    lines.push(`  agent:  ${reply}`);
    const said = run.said[i];
    if (said !== undefined) lines.push(`  caller: ${said}`);
  });
  return lines.join('\n');
}
