import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Secrets the service must use again later (webhook signing secrets, Twilio tokens) are kept
// with AES-256-GCM under SECRETS_KEY. GCM authenticates: a changed byte, a wrong key, or a
// ciphertext moved to another record (the context is bound in as associated data) fails
// closed with an error instead of yielding a wrong secret.

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_FILE = 'secrets.key';

export interface SecretBox {
  /** Encrypts `plaintext` for the record named by `context` (e.g. the endpoint id). */
  seal(plaintext: string, context: string): string;
  /** Throws when the ciphertext was altered, the key differs, or `context` is not the sealing one. */
  open(sealed: string, context: string): string;
  /**
   * A keyed digest of `value` for `context` (HMAC-SHA256): the same for the same inputs while the
   * key stays, and no way back to a value drawn from a small space (an address) without the key.
   */
  digest(value: string, context: string): string;
}

export class SecretsKeyError extends Error {}

export function parseSecretsKey(text: string): Buffer {
  // Node's base64 decoder reads both alphabets, so base64 and base64url keys both work.
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new SecretsKeyError(
      `must be ${KEY_BYTES} random bytes in base64 or base64url (this decodes to ${key.length} bytes)`,
    );
  }
  return key;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new SecretsKeyError(`the key must be ${KEY_BYTES} bytes`);
  // A key of its own for digests, so the encryption key serves one algorithm only.
  const digestKey = createHmac('sha256', key).update('callagent digest v1').digest();
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined || rest.length) {
        throw new SecretsKeyError('not a sealed secret of this service');
      }
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
        throw new SecretsKeyError('not a sealed secret of this service');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tagBytes);
      try {
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretsKeyError('sealed secret failed authentication (wrong SECRETS_KEY or tampered)');
      }
    },
    digest(value, context) {
      return createHmac('sha256', digestKey).update(`${context}\0${value}`, 'utf8').digest('base64url');
    },
  };
}

/**
 * Reads DATA_DIR/secrets.key, creating it (mode 0600) on first use. The file is written
 * beside its final name and hard-linked into place, so processes starting together agree on
 * one key: the link fails for all but the first, and they read the winner's file.
 */
export function loadOrCreateKeyFile(dataDir: string): { key: Buffer; created: boolean } {
  const path = join(dataDir, SECRETS_KEY_FILE);
  try {
    return { key: parseSecretsKey(readFileSync(path, 'utf8')), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(temp, path);
    return { key: parseSecretsKey(readFileSync(path, 'utf8')), created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: parseSecretsKey(readFileSync(path, 'utf8')), created: false };
  } finally {
    rmSync(temp, { force: true });
  }
}

export interface SecretsKeySource {
  SECRETS_KEY?: string | undefined;
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}

export interface KeyWarning {
  warn(obj: object, message: string): void;
}

const boxes = new Map<string, SecretBox>();

/**
 * The process's SecretBox: SECRETS_KEY when set, otherwise the key file in DATA_DIR. With
 * PostgreSQL a generated key is only right for one instance, hence the warning.
 */
export function openSecretBox(config: SecretsKeySource, log: KeyWarning): SecretBox {
  const cacheKey = config.SECRETS_KEY === undefined ? `file:${config.DATA_DIR}` : `env:${config.SECRETS_KEY}`;
  const cached = boxes.get(cacheKey);
  if (cached) return cached;
  let key: Buffer;
  if (config.SECRETS_KEY !== undefined) {
    key = parseSecretsKey(config.SECRETS_KEY);
  } else {
    const loaded = loadOrCreateKeyFile(config.DATA_DIR);
    key = loaded.key;
    if (config.DATABASE_URL !== undefined) {
      log.warn(
        { file: join(config.DATA_DIR, SECRETS_KEY_FILE), generated: loaded.created },
        'SECRETS_KEY is not set: using a key file in DATA_DIR. Every instance sharing this database needs the same key: set SECRETS_KEY to its contents on all of them.',
      );
    }
  }
  const box = createSecretBox(key);
  boxes.set(cacheKey, box);
  return box;
}
