import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import type { Speech } from './twiml.js';

/**
 * <Say> names a voice as Provider.Name (Polly.Amy-Neural); ConversationRelay takes the provider
 * and the name apart (ttsProvider Amazon, voice Amy-Neural). Unknown prefixes pass through.
 */
export function relayVoice(voice: string): { ttsProvider?: string; voice: string } {
  const [prefix, ...rest] = voice.split('.');
  const name = rest.join('.');
  if (prefix === 'Polly' && name !== '') return { ttsProvider: 'Amazon', voice: name };
  if (prefix === 'Google' && name !== '') return { ttsProvider: 'Google', voice: name };
  return { voice };
}

export interface RelayPlan {
  greeting: string;
  socketUrl: string;
  actionUrl: string;
}

/**
 * Hands the call to ConversationRelay: Twilio speaks the greeting, then streams the caller's
 * speech to our WebSocket and our text back as speech. Callers may interrupt speech and key
 * digits; when the relay ends Twilio posts to the action URL, which decides what comes next.
 */
export function relayTwiml(speech: Speech, plan: RelayPlan): string {
  const response = new VoiceResponse();
  const connect = response.connect({ action: plan.actionUrl, method: 'POST' });
  connect.conversationRelay({
    url: plan.socketUrl,
    welcomeGreeting: plan.greeting,
    welcomeGreetingInterruptible: 'any',
    language: speech.language,
    ...relayVoice(speech.voice),
    hints: speech.hints,
    interruptible: 'any',
    dtmfDetection: true,
  });
  return response.toString();
}
