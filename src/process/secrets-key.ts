import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { findSealedSecret } from '../db/preflight.repo.js';
import {
  createSecretBox,
  loadOrCreateKeyFile,
  openSecretBox,
  parseSecretsKey,
  SECRETS_KEY_FILE,
  type SecretBox,
} from '../lib/encryption.js';
import { describeFault, StartError } from './start-error.js';

function opensStored(box: SecretBox, stored: { id: string; sealed: string } | null): boolean {
  if (stored === null) return true;
  try {
    box.open(stored.sealed, stored.id);
    return true;
  } catch {
    return false;
  }
}

function readKey(file: string): Buffer {
  try {
    return parseSecretsKey(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StartError(`the secrets key file ${file} cannot be used: ${describeFault(error)}`);
  }
}

/**
 * Makes sure the key for stored secrets is the one they were sealed with, before the service
 * takes a request that would need it: a changed SECRETS_KEY would otherwise start cleanly and
 * fail every webhook delivery and Twilio call later. A new key file is written only once the
 * database has been reached, and only when the database holds no secret sealed with another key.
 */
export async function prepareSecretsKey(
  config: Config,
  db: Database,
  logger: Logger,
  onCreated: (file: string) => void,
): Promise<SecretBox> {
  const stored = await findSealedSecret(db);
  if (config.SECRETS_KEY !== undefined) {
    if (!opensStored(createSecretBox(parseSecretsKey(config.SECRETS_KEY)), stored)) {
      throw new StartError(
        'SECRETS_KEY does not open the secrets stored in the database: it is not the key they were sealed with',
      );
    }
    return openSecretBox(config, logger);
  }
  const file = join(resolve(config.DATA_DIR), SECRETS_KEY_FILE);
  if (existsSync(file)) {
    if (!opensStored(createSecretBox(readKey(file)), stored)) {
      throw new StartError(
        `${file} does not open the secrets stored in the database: set SECRETS_KEY to the key that sealed them`,
      );
    }
    return openSecretBox(config, logger);
  }
  if (stored !== null) {
    throw new StartError(
      `the database holds secrets sealed with a key this instance does not have (no SECRETS_KEY, no ${file}): set SECRETS_KEY to the other instances' key`,
    );
  }
  try {
    if (loadOrCreateKeyFile(config.DATA_DIR).created) onCreated(file);
  } catch (error) {
    throw new StartError(`the secrets key file ${file} cannot be written: ${describeFault(error)}`);
  }
  return openSecretBox(config, logger);
}
