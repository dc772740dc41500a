import type { Queryable } from '../../db/client.js';

/** What a booking's texts need to know about the seller, the call and the house, in one read. */
export interface BookingTextFacts {
  lead_name: string;
  lead_phone: string;
  time_zone: string;
  /**
   * The call that made the booking, when there is one; a test of the draft, or a call with no
   * telephone in it (channel sim: a test call of the published agent, the terminal), is `test`.
   */
  call_test: boolean | null;
  call_to: string | null;
  call_ended_at: Date | null;
  /** The deal's address: the call's deal, else the lead's latest. */
  address: string | null;
  opted_out_at: Date | null;
}

/**
 * One statement: the lead, the workspace's time zone, the call the booking names, the address of
 * the deal (the call's, else the lead's latest live one; docs/notifications.md) and whether the
 * lead's phone has opted out. Null when the lead is not in the workspace.
 */
export async function bookingTextFacts(
  db: Queryable,
  workspaceId: string,
  leadId: string,
  callId: string | null,
): Promise<BookingTextFacts | null> {
  const rows = await db.query<BookingTextFacts>(
    `SELECT l.name AS lead_name, l.phone AS lead_phone, w.time_zone,
            (c.test OR c.channel = 'sim') AS call_test, c.to_number AS call_to, c.ended_at AS call_ended_at,
            coalesce(
              (SELECT o.address FROM opportunities o
                WHERE o.workspace_id = $1 AND o.id = c.opportunity_id AND o.address IS NOT NULL),
              (SELECT o.address FROM opportunities o
                WHERE o.workspace_id = $1 AND o.lead_id = l.id AND o.merged_into IS NULL AND o.address IS NOT NULL
                ORDER BY o.created_at DESC, o.id DESC LIMIT 1)
            ) AS address,
            (SELECT x.opted_out_at FROM text_opt_outs x WHERE x.workspace_id = $1 AND x.phone = l.phone) AS opted_out_at
       FROM leads l
       JOIN workspaces w ON w.id = l.workspace_id
       LEFT JOIN calls c ON c.workspace_id = $1 AND c.id = $3
      WHERE l.workspace_id = $1 AND l.id = $2`,
    [workspaceId, leadId, callId],
  );
  return rows[0] ?? null;
}

/** Whether this number of the workspace can send texts (a Twilio number with its account SID). */
export async function canTextFrom(db: Queryable, workspaceId: string, number: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM phone_numbers
      WHERE workspace_id = $1 AND number = $2 AND provider = 'twilio' AND account_sid_ciphertext IS NOT NULL`,
    [workspaceId, number],
  );
  return rows.length > 0;
}

/** When the phone texted STOP to the workspace, or null when it may be texted. */
export async function findOptOut(db: Queryable, workspaceId: string, phone: string): Promise<Date | null> {
  const rows = await db.query<{ opted_out_at: Date }>(
    'SELECT opted_out_at FROM text_opt_outs WHERE workspace_id = $1 AND phone = $2',
    [workspaceId, phone],
  );
  return rows[0]?.opted_out_at ?? null;
}

/** STOP: the first opt-out's time is kept when the seller sends it again. */
export async function insertOptOut(
  db: Queryable,
  workspaceId: string,
  phone: string,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO text_opt_outs (workspace_id, phone, opted_out_at) VALUES ($1, $2, $3)
     ON CONFLICT (workspace_id, phone) DO NOTHING`,
    [workspaceId, phone, at],
  );
}

/** START: the phone may be texted again. */
export async function deleteOptOut(db: Queryable, workspaceId: string, phone: string): Promise<void> {
  await db.query('DELETE FROM text_opt_outs WHERE workspace_id = $1 AND phone = $2', [workspaceId, phone]);
}
