import type { Queryable } from '../../db/client.js';
import { type IdPage, listPageById } from '../../db/list-page.js';

export const PROVIDERS = ['twilio'] as const;
export type Provider = (typeof PROVIDERS)[number];

export interface PhoneNumberRow {
  workspace_id: string;
  id: string;
  number: string;
  provider: Provider;
  auth_token_ciphertext: string;
  /** Null only for a number registered before Twilio confirmed each registration. */
  account_sid_ciphertext: string | null;
  created_at: Date;
}

/** Answers false when the number is already registered (in this or any other workspace). */
export async function insertPhoneNumber(db: Queryable, row: PhoneNumberRow): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO phone_numbers (workspace_id, id, number, provider, auth_token_ciphertext, account_sid_ciphertext, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (number) DO NOTHING RETURNING id`,
    [
      row.workspace_id,
      row.id,
      row.number,
      row.provider,
      row.auth_token_ciphertext,
      row.account_sid_ciphertext,
      row.created_at,
    ],
  );
  return rows.length > 0;
}

/**
 * Frees a number whose registration Twilio never confirmed (one made before the check existed),
 * for a registration Twilio has just confirmed. Answers whether one was removed.
 */
export async function releaseUnconfirmedNumber(db: Queryable, number: string): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM phone_numbers WHERE number = $1 AND account_sid_ciphertext IS NULL RETURNING id',
    [number],
  );
  return rows.length > 0;
}

export function listPhoneNumbers(
  db: Queryable,
  workspaceId: string,
  page: IdPage,
): Promise<PhoneNumberRow[]> {
  return listPageById<PhoneNumberRow>(db, 'phone_numbers', workspaceId, page);
}

export async function findPhoneNumber(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<PhoneNumberRow | null> {
  const rows = await db.query<PhoneNumberRow>(
    'SELECT * FROM phone_numbers WHERE workspace_id = $1 AND id = $2',
    [workspaceId, id],
  );
  return rows[0] ?? null;
}

export async function deletePhoneNumber(db: Queryable, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM phone_numbers WHERE workspace_id = $1 AND id = $2 RETURNING id', [
    workspaceId,
    id,
  ]);
  return rows.length > 0;
}

/**
 * The one lookup not scoped by a workspace: a carrier's webhook names the number it called,
 * and the number is what decides the workspace (and the token its signature must verify with).
 */
export async function findPhoneNumberByNumber(db: Queryable, number: string): Promise<PhoneNumberRow | null> {
  const rows = await db.query<PhoneNumberRow>('SELECT * FROM phone_numbers WHERE number = $1', [number]);
  return rows[0] ?? null;
}
