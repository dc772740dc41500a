/** Where Twilio is sent next. Absolute, from PUBLIC_URL, so a path prefix behind a proxy is kept. */
export interface TelephonyLinks {
  gather(callId: string): string;
  dialAction(callId: string, channel: TwilioChannel): string;
  whisper(callId: string): string;
  relayAction(callId: string): string;
  relaySocket(callId: string): string;
}

/** gather: <Gather> speech turns through webhooks; relay: ConversationRelay over a WebSocket. */
export type TwilioChannel = 'gather' | 'relay';

export function telephonyLinks(publicUrl: string): TelephonyLinks {
  const base = `${publicUrl}/telephony/twilio`;
  const q = (callId: string) => `call=${encodeURIComponent(callId)}`;
  return {
    gather: (callId) => `${base}/gather?${q(callId)}`,
    dialAction: (callId, channel) =>
      `${base}/dial-action?${q(callId)}${channel === 'relay' ? '&via=relay' : ''}`,
    whisper: (callId) => `${base}/whisper?${q(callId)}`,
    relayAction: (callId) => `${base}/relay-action?${q(callId)}`,
    relaySocket: (callId) => `${base.replace(/^http/, 'ws')}/relay-ws?${q(callId)}`,
  };
}
