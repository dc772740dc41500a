/** NOTIFY channel of the live stream: every committed change the desk may want to see at once. */
export const LIVE_CHANNEL = 'callagent_live';

/**
 * What a notification names; the stream reads the record itself, so payloads stay far below
 * NOTIFY's 8,000-byte limit. `event`: an outbox event; `call.started`: a call row;
 * `call.turn`: transcript lines `from`..`to` of a call; `access`: a credential of the workspace was
 * revoked or a member's role changed or ended (`id` names the key or user), so open streams check
 * theirs again before anything else flows.
 */
export type LiveNotice =
  | { w: string; t: 'event'; id: string }
  | { w: string; t: 'call.started'; id: string }
  | { w: string; t: 'call.turn'; id: string; from: number; to: number }
  | { w: string; t: 'access'; id: string };
