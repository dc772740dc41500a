import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSecretBox,
  loadOrCreateKeyFile,
  openSecretBox,
  parseSecretsKey,
  SECRETS_KEY_FILE,
  SecretsKeyError,
} from './encryption.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'callagent-enc-'));
  dirs.push(d);
  return d;
}

const box = createSecretBox(randomBytes(32));
const SECRET = `whsec_${randomBytes(32).toString('base64url')}`;

function flipChar(text: string, index: number): string {
  const c = text[index] === 'A' ? 'B' : 'A';
  return `${text.slice(0, index)}${c}${text.slice(index + 1)}`;
}

describe('SecretBox (AES-256-GCM)', () => {
  it('round-trips, and never contains the plaintext', () => {
    const sealed = box.seal(SECRET, 'wh_1');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(SECRET.slice(6));
    expect(box.open(sealed, 'wh_1')).toBe(SECRET);
    expect(box.open(box.seal('', 'x'), 'x')).toBe('');
    expect(box.open(box.seal('žluťoučký 🐎', 'x'), 'x')).toBe('žluťoučký 🐎');
  });

  it('uses a fresh IV each time: the same secret seals differently', () => {
    expect(box.seal(SECRET, 'wh_1')).not.toBe(box.seal(SECRET, 'wh_1'));
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const sealed = box.seal(SECRET, 'wh_1');
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const variants = [
      [version, iv, tag, flipChar(body, 3)],
      [version, iv, flipChar(tag, 2), body],
      [version, flipChar(iv, 1), tag, body],
      [version, iv, tag, body.slice(0, -2)],
    ].map((parts) => parts.join('.'));
    for (const altered of variants) {
      expect(() => box.open(altered, 'wh_1')).toThrow(SecretsKeyError);
    }
  });

  it('refuses a ciphertext moved to another record (context is authenticated)', () => {
    const sealed = box.seal(SECRET, 'wh_1');
    expect(() => box.open(sealed, 'wh_2')).toThrow(/failed authentication/);
  });

  it('refuses another key', () => {
    const sealed = box.seal(SECRET, 'wh_1');
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'wh_1')).toThrow(/failed authentication/);
  });

  it('refuses malformed input without guessing', () => {
    for (const bad of ['', 'v1', 'v2.a.b.c', 'v1.a.b.c.d', 'v1.AAAA.AAAA.AAAA', SECRET]) {
      expect(() => box.open(bad, 'wh_1')).toThrow(SecretsKeyError);
    }
  });
});

describe('SecretBox digests', () => {
  it('are stable for one key and value, and differ by context, value and key', () => {
    const digest = box.digest('203.0.113.9', 'usr_1');
    expect(box.digest('203.0.113.9', 'usr_1')).toBe(digest);
    expect(box.digest('203.0.113.9', 'usr_2')).not.toBe(digest);
    expect(box.digest('203.0.113.10', 'usr_1')).not.toBe(digest);
    expect(createSecretBox(randomBytes(32)).digest('203.0.113.9', 'usr_1')).not.toBe(digest);
    expect(digest).not.toContain('203.0.113');
  });
});

describe('the key', () => {
  it('parses 32 bytes in base64 or base64url, and refuses other lengths', () => {
    const raw = randomBytes(32);
    expect(parseSecretsKey(raw.toString('base64')).equals(raw)).toBe(true);
    expect(parseSecretsKey(raw.toString('base64url')).equals(raw)).toBe(true);
    expect(() => parseSecretsKey(randomBytes(48).toString('base64'))).toThrow(/32 random bytes/);
    expect(() => createSecretBox(randomBytes(16))).toThrow(SecretsKeyError);
  });

  it('is generated once into DATA_DIR with mode 0600, and read back afterwards', () => {
    const dir = join(tempDir(), 'nested');
    const first = loadOrCreateKeyFile(dir);
    expect(first.created).toBe(true);
    const path = join(dir, SECRETS_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = loadOrCreateKeyFile(dir);
    expect(second.created).toBe(false);
    expect(second.key.equals(first.key)).toBe(true);
    expect(parseSecretsKey(readFileSync(path, 'utf8')).equals(first.key)).toBe(true);
  });

  it('warns when PostgreSQL is used without SECRETS_KEY, and not otherwise', () => {
    const warnings: string[] = [];
    const log = { warn: (_o: object, m: string) => warnings.push(m) };
    openSecretBox({ DATA_DIR: tempDir() }, log);
    expect(warnings).toHaveLength(0);
    openSecretBox({ SECRETS_KEY: randomBytes(32).toString('base64'), DATA_DIR: tempDir() }, log);
    expect(warnings).toHaveLength(0);
    const dir = tempDir();
    const shared = openSecretBox({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/x' }, log);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/same key/);
    // The generated key is the file's: a sealed secret opens with a box built from it.
    const sealed = shared.seal(SECRET, 'wh_9');
    expect(createSecretBox(loadOrCreateKeyFile(dir).key).open(sealed, 'wh_9')).toBe(SECRET);
  });
});
