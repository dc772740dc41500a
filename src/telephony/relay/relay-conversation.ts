import { type CallerInput, MAX_KEYPAD_DIGITS, MAX_UTTERANCE_CHARS } from '../../dialog/engine/index.js';
import { type TurnOutcome, takeCallTurn } from '../../live-call/live-call.service.js';
import type { LiveCallDeps } from '../../live-call/types.js';
import { appendTurns, findCall } from '../../modules/calls/calls.repo.js';
import type { CallRoute } from '../twilio/call-route.repo.js';
import { endMessage, RelayIncoming, type RelayOutgoing } from './relay-protocol.js';
import { splitSentences } from './tokens.js';

export interface RelayDeps extends LiveCallDeps {
  log: { warn(details: object, message: string): void; info?(details: object, message: string): void };
  /** How long a socket that dropped without an end waits for Twilio's callbacks before the call is closed here. */
  dropGraceMs?: number;
}

/** One ConversationRelay WebSocket: which call it carries and what it has heard so far. */
export interface RelayConversation {
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

/** A conversation for a socket whose upgrade was verified for this call (relay-upgrade.ts). */
export function openRelayConversation(call: CallRoute): RelayConversation {
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
 * send back out. Turns go through the same live-call layer as the <Gather> channel, so records,
 * events and transcripts are the same whichever channel a number uses.
 */
export async function handleRelayMessage(
  deps: RelayDeps,
  conversation: RelayConversation,
  raw: string,
): Promise<RelayOutgoing[]> {
  if (conversation.phase === 'closed') return [];
  const message = readMessage(deps, raw);
  if (message === null) return [];
  if (message.type === 'error') {
    deps.log.warn(
      { call_id: conversation.callId, description: message.description },
      'ConversationRelay error',
    );
    return [];
  }
  if (conversation.phase === 'awaiting_setup') {
    if (message.type === 'setup') return openConversation(deps, conversation, message.callSid);
    return close(conversation, 'error');
  }
  switch (message.type) {
    case 'setup':
      return [];
    case 'prompt':
      return onPrompt(deps, conversation, message.voicePrompt, message.last);
    case 'interrupt':
      return onInterrupt(deps, conversation, message.utteranceUntilInterrupt);
    case 'dtmf':
      return onDigit(deps, conversation, message.digit);
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

function close(conversation: RelayConversation, reason: 'error' | 'ended'): RelayOutgoing[] {
  conversation.phase = 'closed';
  return [endMessage({ reason })];
}

async function openConversation(deps: RelayDeps, conversation: RelayConversation, callSid: string) {
  const row = await findCall(deps.db, conversation.workspaceId, conversation.callId);
  if (!row || (conversation.callSid !== null && callSid !== conversation.callSid))
    return close(conversation, 'error');
  if (row.ended_at !== null) return close(conversation, 'ended');
  conversation.phase = 'open';
  // The greeting was spoken by Twilio (welcomeGreeting): nothing to send yet.
  return [];
}

async function onPrompt(deps: RelayDeps, conversation: RelayConversation, text: string, last: boolean) {
  // Parts sent with last: false are joined, but only as far as the agent will read: past the cap
  // the rest is dropped here, so a stream of parts cannot grow without end (docs/agent.md, "Long turns").
  if (conversation.heard.length <= MAX_UTTERANCE_CHARS)
    conversation.heard = `${conversation.heard} ${text}`.trim().slice(0, MAX_UTTERANCE_CHARS + 1);
  if (!last) return [];
  const heard = conversation.heard;
  conversation.heard = '';
  return takeTurn(deps, conversation, heard === '' ? { kind: 'silence' } : { kind: 'speech', text: heard });
}

async function onInterrupt(deps: RelayDeps, conversation: RelayConversation, utterance: string) {
  conversation.interruptions += 1;
  const spoken = utterance.trim();
  const text =
    spoken === ''
      ? 'The caller interrupted the agent.'
      : `The caller interrupted the agent after: "${spoken.slice(0, 500)}".`;
  await deps.db.transaction((tx) =>
    appendTurns(tx, conversation.workspaceId, conversation.callId, [
      { speaker: 'system', text, at: deps.clock.now() },
    ]),
  );
  return [];
}

async function onDigit(deps: RelayDeps, conversation: RelayConversation, digit: string) {
  if (digit !== '#') {
    if (/^[0-9*]$/.test(digit) && conversation.digits.length < MAX_KEYPAD_DIGITS)
      conversation.digits += digit;
    return [];
  }
  const digits = conversation.digits;
  conversation.digits = '';
  return digits === '' ? [] : takeTurn(deps, conversation, { kind: 'dtmf', digits });
}

async function takeTurn(deps: RelayDeps, conversation: RelayConversation, input: CallerInput) {
  const outcome = await takeCallTurn(deps, conversation.workspaceId, conversation.callId, input);
  return replyMessages(conversation, outcome);
}

/**
 * A reply the caller should hear goes out as sentence tokens. A turn that ends the agent's part
 * sends only `end`: the <Connect> action then speaks the last line with <Say> before hanging up
 * or dialling, so the closing or transfer line is heard in full rather than cut off by the end
 * of the conversation.
 */
function replyMessages(conversation: RelayConversation, outcome: TurnOutcome): RelayOutgoing[] {
  if (outcome.transfer) {
    conversation.phase = 'closed';
    return [endMessage({ reason: 'transfer', transferTo: outcome.transfer.to })];
  }
  if (outcome.ended) return close(conversation, 'ended');
  const tokens = splitSentences(outcome.reply);
  return tokens.map((token, i) => ({ type: 'text', token, last: i === tokens.length - 1 }));
}
