/**
 * Handing the caller to a person. Only inside business hours, only with a transfer number, and
 * not again after a transfer failed on this call: nobody was free a moment ago.
 */

import { syncRecords, transferBrief } from './records.js';
import { line, say, type Turn } from './turn.js';
import type { Outcome } from './types.js';

function transferNumber(t: Turn): string | null {
  if (!t.ctx.withinBusinessHours || (t.state.transfer?.failed ?? null) !== null) return null;
  return t.config.transfer.number;
}

/** Where a caller who asks for a person goes, or null when the agent cannot put them through. */
export function requestTarget(t: Turn): string | null {
  return t.config.transfer.on_request ? transferNumber(t) : null;
}

/** Where a hot enquiry goes, or null. */
export function hotTarget(t: Turn, outcome: Outcome): string | null {
  return outcome === 'hot' && t.config.transfer.when_hot ? transferNumber(t) : null;
}

export function transferCall(t: Turn, to: string, why: 'request' | 'hot'): void {
  const s = t.state;
  // The desk member should find the lead and opportunity already there when they pick up.
  syncRecords(t, { final: true, needLead: true });
  t.actions.push({ type: 'transfer', to, brief: transferBrief(s, why) });
  s.transfer = { to, why, failed: null };
  s.phase = 'transferring';
  s.asking = null;
  s.confirming = null;
  s.offer = null;
  say(t, line(t, t.config.lines.transfer));
}
