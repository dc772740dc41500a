import type { Queryable } from '../../db/client.js';
import type { PhoneNumberRow } from '../../modules/phone-numbers/phone-numbers.repo.js';

/** A call of a Twilio webhook, with the number whose token must have signed it. */
export interface CallRoute {
  phone: PhoneNumberRow;
  callId: string;
  /** Twilio's CallSid of the caller's leg. */
  callSid: string | null;
  callerNumber: string;
  transferredTo: string | null;
  transferResult: string | null;
  ended: boolean;
}

interface RouteRow extends PhoneNumberRow {
  call_id: string;
  call_sid: string | null;
  caller_number: string;
  transferred_to: string | null;
  transfer_result: string | null;
  ended_at: Date | null;
}

/**
 * The call named in a callback URL, joined to the number it was made to in its own workspace.
 * The join is the tenancy check: a call id is only ever routed with the token of the number
 * the caller dialled, so a request signed for one workspace cannot reach another's call.
 */
export async function findCallRoute(db: Queryable, callId: string): Promise<CallRoute | null> {
  const rows = await db.query<RouteRow>(
    `SELECT p.*, c.id AS call_id, c.provider_call_id AS call_sid, c.from_number AS caller_number,
            c.transferred_to, c.transfer_result, c.ended_at
       FROM calls c
       JOIN phone_numbers p ON p.workspace_id = c.workspace_id AND p.number = c.to_number
      WHERE c.id = $1 AND c.channel = 'twilio'`,
    [callId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    phone: {
      workspace_id: row.workspace_id,
      id: row.id,
      number: row.number,
      provider: row.provider,
      auth_token_ciphertext: row.auth_token_ciphertext,
      account_sid_ciphertext: row.account_sid_ciphertext,
      created_at: row.created_at,
    },
    callId: row.call_id,
    callSid: row.call_sid,
    callerNumber: row.caller_number,
    transferredTo: row.transferred_to,
    transferResult: row.transfer_result,
    ended: row.ended_at !== null,
  };
}
