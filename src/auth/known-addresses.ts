import type { Queryable } from '../db/client.js';

/** A known network is forgotten once its user has not signed in from it for this long. */
export const KNOWN_ADDRESS_KEEP_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Whether the user has signed in from the network with this digest before. Asked for an unknown
 * email too (with no user, it matches nothing), so a wrong email costs what a wrong password does.
 */
export async function isKnownAddress(db: Queryable, userId: string | null, digest: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM known_addresses WHERE user_id = $1 AND address_digest = $2', [
    userId ?? '',
    digest,
  ]);
  return rows.length > 0;
}

export async function rememberAddress(
  db: Queryable,
  userId: string,
  digest: string,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO known_addresses (user_id, address_digest, last_seen_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, address_digest) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
    [userId, digest, now],
  );
}

/** Deletes networks unused for KNOWN_ADDRESS_KEEP_MS; answers how many. */
export async function pruneKnownAddresses(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query('DELETE FROM known_addresses WHERE last_seen_at < $1 RETURNING 1', [
    new Date(now.getTime() - KNOWN_ADDRESS_KEEP_MS),
  ]);
  return rows.length;
}
