import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import { newId } from '../../lib/ids.js';
import { insertPhoneNumber, type PhoneNumberRow, type Provider } from './phone-numbers.repo.js';

export interface PhoneNumberDeps {
  db: Database;
  clock: Clock;
  /** Opened on first use, so an app that never touches phone numbers never creates a key file. */
  secrets: () => SecretBox;
}

export interface RegisterPhoneNumberInput {
  number: string;
  provider: Provider;
  twilio_auth_token: string;
}

/**
 * Registers a number for the workspace. The token is sealed under SECRETS_KEY, bound to the
 * record's id, so a ciphertext copied onto another number does not open.
 */
export async function registerPhoneNumber(
  deps: PhoneNumberDeps,
  workspaceId: string,
  input: RegisterPhoneNumberInput,
): Promise<PhoneNumberRow> {
  const now = deps.clock.now();
  const id = newId('pn', now.getTime());
  const row: PhoneNumberRow = {
    workspace_id: workspaceId,
    id,
    number: input.number,
    provider: input.provider,
    auth_token_ciphertext: deps.secrets().seal(input.twilio_auth_token, id),
    created_at: now,
  };
  if (!(await insertPhoneNumber(deps.db, row))) {
    // The same answer whichever workspace holds it: nothing says who that is.
    throw new ApiError(
      'conflict',
      `The number ${input.number} is already registered; delete it there before registering it here.`,
    );
  }
  return row;
}

/** The Twilio auth token of a number, for verifying the signatures of its webhooks. */
export function openAuthToken(box: SecretBox, row: PhoneNumberRow): string {
  return box.open(row.auth_token_ciphertext, row.id);
}
