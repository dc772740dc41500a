import { API_KEY_PREFIX } from '../../auth/api-key-auth.js';
import { type ApiKeyRow, insertApiKey } from '../../auth/api-keys.repo.js';
import { ROLE_SCOPE_CEILING, SCOPES, type Scope } from '../../auth/permissions.js';
import type { SessionPrincipal } from '../../auth/principal.js';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { randomToken, sha256Hex } from '../../lib/secrets.js';

/**
 * Creates a key of `cak_live_` + 32 random bytes (base64url). The secret is returned once;
 * only its SHA-256 is stored (a hash is enough: the secret has 256 bits of entropy).
 */
export async function createApiKey(
  db: Database,
  clock: Clock,
  actor: SessionPrincipal,
  input: { name: string; scopes: Scope[] },
): Promise<{ row: ApiKeyRow; key: string }> {
  const ceiling = ROLE_SCOPE_CEILING[actor.role];
  const above = input.scopes.filter((s) => !ceiling.includes(s));
  if (above.length > 0) {
    throw new ApiError('forbidden', `Your role (${actor.role}) cannot grant ${above.join(', ')}.`);
  }
  const scopes = SCOPES.filter((s) => input.scopes.includes(s));
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const now = clock.now();
  const row: ApiKeyRow = {
    workspace_id: actor.workspaceId,
    id: newId('key', now.getTime()),
    name: input.name,
    scopes,
    prefix: key.slice(0, API_KEY_PREFIX.length + 6),
    key_hash: sha256Hex(key),
    created_by: actor.userId,
    created_at: now,
    last_used_at: null,
    revoked_at: null,
  };
  await insertApiKey(db, row);
  return { row, key };
}
