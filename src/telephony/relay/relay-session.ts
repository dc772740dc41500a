import { type TurnOutcome, takeCallTurn } from '../../call-session/session.service.js';
import type { SessionDeps } from '../../call-session/types.js';
import { type CallerInput, MAX_KEYPAD_DIGITS, MAX_UTTERANCE_CHARS } from '../../dialog/engine/index.js';
import { appendTurns, findCall } from '../../modules/calls/calls.repo.js';
import type { CallRoute } from '../twilio/call-route.repo.js';
import { endMessage, RelayIncoming, type RelayOutgoing } from './relay-protocol.js';
import { splitSentences } from './tokens.js';

export interface RelayDeps extends SessionDeps {
  log: { warn(details: object, message: string): void; info?(details: object, message: string): void };
  /** How long a socket that dropped without an end waits for Twilio's callbacks before the call is closed here. */
  dropGraceMs?: number;
}

/** One ConversationRelay WebSocket: which call it carries and what it has heard so far. */
export interface RelaySession {
  workspaceId: string;
  callId: string;
  /** The CallSid the setup message must name. */
  callSid: string | null;
  phase: 'awaiting_setup' | 'open' | 'closed';
  /** Prompt parts before the one marked last. */
  heard: string;
  /** Keypad digits before the closing #. */
  digits: string;
  /** Counts interrupts, so the transport knows to drop the tokens it still holds. */
  interruptions: number;
}

/** A session for a socket whose upgrade was verified for this call (relay-upgrade.ts). */
export function openRelaySession(call: CallRoute): RelaySession {
  return {
    workspaceId: call.phone.workspace_id,
    callId: call.callId,
    callSid: call.callSid,
    phase: 'awaiting_setup',
    heard: '',
    digits: '',
    interruptions: 0,
  };
}

/**
 * The ConversationRelay protocol without the socket: one incoming message in, the messages to
 * send back out. Turns go through the same call session as the <Gather> channel, so records,
 * events and transcripts are the same whichever channel a number uses.
 */
export async function handleRelayMessage(
  deps: RelayDeps,
  session: RelaySession,
  raw: string,
): Promise<RelayOutgoing[]> {
  if (session.phase === 'closed') return [];
  const message = readMessage(deps, raw);
  if (message === null) return [];
  if (message.type === 'error') {
    deps.log.warn({ call_id: session.callId, description: message.description }, 'ConversationRelay error');
    return [];
  }
  if (session.phase === 'awaiting_setup') {
    if (message.type === 'setup') return openSession(deps, session, message.callSid);
    return close(session, 'error');
  }
  switch (message.type) {
    case 'setup':
      return [];
    case 'prompt':
      return onPrompt(deps, session, message.voicePrompt, message.last);
    case 'interrupt':
      return onInterrupt(deps, session, message.utteranceUntilInterrupt);
    case 'dtmf':
      return onDigit(deps, session, message.digit);
  }
}

function readMessage(deps: RelayDeps, raw: string): RelayIncoming | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    deps.log.warn({ length: raw.length }, 'ConversationRelay sent a message that is not JSON');
    return null;
  }
  const parsed = RelayIncoming.safeParse(value);
  if (parsed.success) return parsed.data;
  // Unknown message types are ignored: a newer protocol must not end a call in progress.
  return null;
}

function close(session: RelaySession, reason: 'error' | 'ended'): RelayOutgoing[] {
  session.phase = 'closed';
  return [endMessage({ reason })];
}

async function openSession(deps: RelayDeps, session: RelaySession, callSid: string) {
  const row = await findCall(deps.db, session.workspaceId, session.callId);
  if (!row || (session.callSid !== null && callSid !== session.callSid)) return close(session, 'error');
  if (row.ended_at !== null) return close(session, 'ended');
  session.phase = 'open';
  // The greeting was spoken by Twilio (welcomeGreeting): nothing to send yet.
  return [];
}

async function onPrompt(deps: RelayDeps, session: RelaySession, text: string, last: boolean) {
  // Parts sent with last: false are joined, but only as far as the agent will read: past the cap
  // the rest is dropped here, so a stream of parts cannot grow without end (docs/agent.md, "Long turns").
  if (session.heard.length <= MAX_UTTERANCE_CHARS)
    session.heard = `${session.heard} ${text}`.trim().slice(0, MAX_UTTERANCE_CHARS + 1);
  if (!last) return [];
  const heard = session.heard;
  session.heard = '';
  return takeTurn(deps, session, heard === '' ? { kind: 'silence' } : { kind: 'speech', text: heard });
}

async function onInterrupt(deps: RelayDeps, session: RelaySession, utterance: string) {
  session.interruptions += 1;
  const spoken = utterance.trim();
  const text =
    spoken === ''
      ? 'The caller interrupted the agent.'
      : `The caller interrupted the agent after: "${spoken.slice(0, 500)}".`;
  await deps.db.transaction((tx) =>
    appendTurns(tx, session.workspaceId, session.callId, [{ speaker: 'system', text, at: deps.clock.now() }]),
  );
  return [];
}

async function onDigit(deps: RelayDeps, session: RelaySession, digit: string) {
  if (digit !== '#') {
    if (/^[0-9*]$/.test(digit) && session.digits.length < MAX_KEYPAD_DIGITS) session.digits += digit;
    return [];
  }
  const digits = session.digits;
  session.digits = '';
  return digits === '' ? [] : takeTurn(deps, session, { kind: 'dtmf', digits });
}

async function takeTurn(deps: RelayDeps, session: RelaySession, input: CallerInput) {
  const outcome = await takeCallTurn(deps, session.workspaceId, session.callId, input);
  return replyMessages(session, outcome);
}

/**
 * A reply the caller should hear goes out as sentence tokens. A turn that ends the agent's part
 * sends only `end`: the <Connect> action then speaks the last line with <Say> before hanging up
 * or dialling, so the closing or transfer line is heard in full rather than cut off by the end
 * of the session.
 */
function replyMessages(session: RelaySession, outcome: TurnOutcome): RelayOutgoing[] {
  if (outcome.transfer) {
    session.phase = 'closed';
    return [endMessage({ reason: 'transfer', transferTo: outcome.transfer.to })];
  }
  if (outcome.ended) return close(session, 'ended');
  const tokens = splitSentences(outcome.reply);
  return tokens.map((token, i) => ({ type: 'text', token, last: i === tokens.length - 1 }));
}
