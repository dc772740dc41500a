import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import type { AgentConfig } from '../../modules/agent/agent-config.js';

/** How the agent sounds: the configuration's carrier voice and language. */
export interface Speech {
  voice: string;
  language: string;
  /** Recogniser hints, comma-separated (hints.ts). */
  hints: string;
}

export function speechOf(config: AgentConfig, hints: string): Speech {
  return { voice: config.voice, language: config.language, hints };
}

// Twilio's typings list the voices and languages it knew when the library was built; the
// configuration accepts any name so a newer voice needs no upgrade here.
function sayAttributes(speech: Speech): VoiceResponse.SayAttributes {
  return {
    voice: speech.voice as NonNullable<VoiceResponse.SayAttributes['voice']>,
    language: speech.language as NonNullable<VoiceResponse.SayAttributes['language']>,
  };
}

function say(parent: VoiceResponse | VoiceResponse.Gather, speech: Speech, text: string): void {
  if (text.trim() !== '') parent.say(sayAttributes(speech), text);
}

/**
 * Speaks the prompt inside a <Gather> that hears speech and the keypad (a number keyed in,
 * ended with #): bargeIn lets the caller answer over it,
 * speechTimeout auto ends the turn when they stop talking, and actionOnEmptyResult sends
 * silence to the action URL too, so the engine decides what silence means.
 */
export function gatherTwiml(speech: Speech, text: string, actionUrl: string): string {
  const response = new VoiceResponse();
  const gather = response.gather({
    input: ['speech', 'dtmf'],
    finishOnKey: '#',
    action: actionUrl,
    method: 'POST',
    language: speech.language as NonNullable<VoiceResponse.GatherAttributes['language']>,
    hints: speech.hints,
    speechTimeout: 'auto',
    bargeIn: true,
    actionOnEmptyResult: true,
  });
  say(gather, speech, text);
  return response.toString();
}

export function goodbyeTwiml(speech: Speech, text: string): string {
  const response = new VoiceResponse();
  say(response, speech, text);
  response.hangup();
  return response.toString();
}

export interface DialPlan {
  to: string;
  /** The caller's number, so the desk sees who is calling; null when withheld. */
  callerId: string | null;
  actionUrl: string;
  whisperUrl: string;
}

/** The transfer line, then the desk rings for 20 s; the whisper URL runs on the desk's side once answered. */
export function transferTwiml(speech: Speech, text: string, plan: DialPlan): string {
  const response = new VoiceResponse();
  say(response, speech, text);
  const dial = response.dial({
    action: plan.actionUrl,
    method: 'POST',
    timeout: 20,
    ...(plan.callerId === null ? {} : { callerId: plan.callerId }),
  });
  dial.number({ url: plan.whisperUrl, method: 'POST' }, plan.to);
  return response.toString();
}

/** Said to the desk member before the caller is connected. */
export function whisperTwiml(speech: Speech, text: string): string {
  const response = new VoiceResponse();
  say(response, speech, text);
  return response.toString();
}

export function notInServiceTwiml(): string {
  const response = new VoiceResponse();
  response.say({ language: 'en-GB' }, 'Sorry, this number is not in service. Goodbye.');
  response.hangup();
  return response.toString();
}

export function hangupTwiml(): string {
  const response = new VoiceResponse();
  response.hangup();
  return response.toString();
}

/** An empty document: Twilio carries on with nothing more to do. */
export function emptyTwiml(): string {
  return new VoiceResponse().toString();
}
