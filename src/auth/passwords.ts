import { hash, verify } from '@node-rs/argon2';

// OWASP's minimum for Argon2id: 19 MiB of memory, 2 iterations, 1 lane.
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password; with no stored hash (unknown email) it verifies against a dummy so a
 * wrong email costs the same time as a wrong password and reveals nothing.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hashPassword('not-a-real-password-just-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
