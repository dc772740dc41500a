import { z } from 'zod';

/**
 * ConversationRelay's messages (Twilio's "Getting and sending WebSocket messages"). Loose
 * objects: Twilio adds fields over time, and an unknown field must not end a call.
 */
export const RelayIncoming = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('setup'),
    callSid: z.string().max(64),
    sessionId: z.string().max(64).optional(),
    from: z.string().max(64).optional(),
    to: z.string().max(64).optional(),
  }),
  z.looseObject({
    type: z.literal('prompt'),
    voicePrompt: z.string().max(4000),
    lang: z.string().max(20).optional(),
    last: z.boolean().default(true),
  }),
  z.looseObject({
    type: z.literal('interrupt'),
    utteranceUntilInterrupt: z.string().max(4000).default(''),
    // Sent as a number in some of Twilio's examples and as a string in others.
    durationUntilInterruptMs: z.union([z.number(), z.string()]).optional(),
  }),
  z.looseObject({ type: z.literal('dtmf'), digit: z.string().max(4) }),
  z.looseObject({ type: z.literal('error'), description: z.string().max(2000).default('') }),
]);
export type RelayIncoming = z.infer<typeof RelayIncoming>;

export type RelayOutgoing =
  | { type: 'text'; token: string; last: boolean }
  | { type: 'end'; handoffData: string };

/** Why the relay ended, as the <Connect> action URL reads it from HandoffData. */
export interface Handoff {
  /** moved: this process is stopping; the action URL reconnects the call to another one. */
  reason: 'transfer' | 'ended' | 'error' | 'moved';
  transferTo?: string;
}

export const HandoffData = z.object({
  reason: z.enum(['transfer', 'ended', 'error', 'moved']),
  transferTo: z.string().max(40).optional(),
});

export function endMessage(handoff: Handoff): RelayOutgoing {
  return { type: 'end', handoffData: JSON.stringify(handoff) };
}

/** The HandoffData Twilio posts back, or null when the relay ended without one (a hang-up). */
export function readHandoff(raw: string | undefined): Handoff | null {
  if (raw === undefined || raw === '') return null;
  try {
    const parsed = HandoffData.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
