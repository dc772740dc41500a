import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import { newId } from '../../lib/ids.js';
import {
  insertPhoneNumber,
  type PhoneNumberRow,
  type Provider,
  releaseUnconfirmedNumber,
} from './phone-numbers.repo.js';
import type { TwilioNumberCheck } from './twilio-account.js';

export interface PhoneNumberDeps {
  db: Database;
  clock: Clock;
  /** Opened on first use, so an app that never touches phone numbers never creates a key file. */
  secrets: () => SecretBox;
  /** Asks Twilio whether the number belongs to the account (src/modules/phone-numbers/twilio-account.ts). */
  checkTwilioNumber: TwilioNumberCheck;
}

export interface RegisterPhoneNumberInput {
  number: string;
  provider: Provider;
  twilio_account_sid: string;
  twilio_auth_token: string;
}

/** The context the account SID is sealed to: its number's id and the field, so it never opens as the token. */
const accountSidContext = (id: string) => `${id}:account_sid`;

/**
 * Registers a number for the workspace, once Twilio has confirmed with the credentials given that
 * the number is on that account: anyone could otherwise claim a number with a made-up token and
 * keep its owner out (docs/telephony.md). The token and the account SID are sealed under
 * SECRETS_KEY, bound to the record's id, so a ciphertext copied onto another number does not open.
 */
export async function registerPhoneNumber(
  deps: PhoneNumberDeps,
  workspaceId: string,
  input: RegisterPhoneNumberInput,
): Promise<PhoneNumberRow> {
  await deps.checkTwilioNumber({
    accountSid: input.twilio_account_sid,
    authToken: input.twilio_auth_token,
    number: input.number,
  });
  const now = deps.clock.now();
  const id = newId('pn', now.getTime());
  const box = deps.secrets();
  const row: PhoneNumberRow = {
    workspace_id: workspaceId,
    id,
    number: input.number,
    provider: input.provider,
    auth_token_ciphertext: box.seal(input.twilio_auth_token, id),
    account_sid_ciphertext: box.seal(input.twilio_account_sid, accountSidContext(id)),
    created_at: now,
  };
  const inserted = await deps.db.transaction(async (tx) => {
    // A claim Twilio never confirmed gives way to one it has.
    await releaseUnconfirmedNumber(tx, input.number);
    return insertPhoneNumber(tx, row);
  });
  if (!inserted) {
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

/**
 * The Twilio account SID of a number, for sending texts from it; null for a number registered
 * before Twilio confirmed each registration (it cannot send texts until registered again).
 */
export function openAccountSid(box: SecretBox, row: PhoneNumberRow): string | null {
  return row.account_sid_ciphertext === null
    ? null
    : box.open(row.account_sid_ciphertext, accountSidContext(row.id));
}
