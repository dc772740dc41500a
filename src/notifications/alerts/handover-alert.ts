import type { Queryable } from '../../db/client.js';
import { UNKNOWN_CALLER } from '../../modules/leads/lead-name.js';
import { findLead } from '../../modules/leads/leads.repo.js';
import { queueDeskAlert } from './queue-alert.js';

/** Twilio's answer for the desk's leg, in words. */
const WHY: Record<string, string> = {
  'no-answer': 'nobody answered',
  busy: 'the line was busy',
  failed: 'the call could not be put through',
  canceled: 'the call could not be put through',
};

/**
 * Hand-over nobody answered (docs/notifications.md): the caller asked for a person and the desk's
 * phone did not take the call. The lead's owner is alerted, or everyone who asked, once per call,
 * in the transaction that records Twilio's answer.
 */
export async function queueHandoverMissedAlert(
  tx: Queryable,
  workspaceId: string,
  call: { id: string; from_number: string; lead_id: string | null },
  result: string,
  at: Date,
): Promise<number> {
  const lead = call.lead_id === null ? null : await findLead(tx, workspaceId, call.lead_id);
  // A lead made before the caller gave a name is named UNKNOWN_CALLER: their number says more.
  const name = lead === null || lead.name === UNKNOWN_CALLER ? '' : lead.name.trim();
  const caller = name === '' ? call.from_number : `${name} (${call.from_number})`;
  const why = WHY[result] ?? `Twilio reported ${result.slice(0, 32)}`;
  return queueDeskAlert(
    tx,
    {
      workspaceId,
      kind: 'handover_missed',
      about: call.id,
      ownerId: lead?.owner_id ?? null,
      leadId: call.lead_id,
      subject: `Missed hand-over: ${caller}`,
      text: `Missed hand-over: ${caller} asked to speak to someone and ${why}. The agent went back to the caller; call them back.`,
      path: `/calls/${call.id}`,
    },
    at,
  );
}
