import type { Queryable } from './client.js';

/** The server's version as a number: 150004 for 15.4, 180001 for 18.1. */
export async function readServerVersion(db: Queryable): Promise<number> {
  const rows = await db.query<{ server_version_num: string }>('SHOW server_version_num');
  return Number.parseInt(rows[0]?.server_version_num ?? '0', 10);
}

/** One stored secret of any workspace, with the record id it is sealed to; null when none is stored. */
export async function findSealedSecret(db: Queryable): Promise<{ id: string; sealed: string } | null> {
  const rows = await db.query<{ id: string; sealed: string }>(
    `(SELECT id, secret_ciphertext AS sealed FROM webhook_endpoints LIMIT 1)
     UNION ALL
     (SELECT id, auth_token_ciphertext AS sealed FROM phone_numbers LIMIT 1)
     LIMIT 1`,
  );
  return rows[0] ?? null;
}
