import { randomInt } from 'node:crypto';
import type { MatrixRoute, MatrixSeed } from './types.js';

/** A Manchester number no other case registers, since a number belongs to one workspace. */
function aNumber(): string {
  return `+44161${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/** A number and the credentials of a Twilio account that owns it, as Twilio will confirm. */
function registration(seed: MatrixSeed) {
  const number = aNumber();
  const account = seed.twilio.addAccount([number]);
  return { number, provider: 'twilio', twilio_account_sid: account.sid, twilio_auth_token: account.token };
}

async function aPhoneNumber(seed: MatrixSeed) {
  const res = await seed.app.inject({
    method: 'POST',
    url: '/api/v1/phone-numbers',
    headers: seed.tenant.callers.owner.unsafeHeaders,
    payload: registration(seed),
  });
  if (res.statusCode !== 201) throw new Error(`phone number not created: ${res.statusCode} ${res.body}`);
  return { phone_number_id: String((JSON.parse(res.body) as { id: string }).id) };
}

export const phoneNumberRoutes: MatrixRoute[] = [
  {
    method: 'POST',
    url: '/api/v1/phone-numbers',
    body: (_params: Record<string, string>, seed: MatrixSeed) => registration(seed),
  },
  { method: 'GET', url: '/api/v1/phone-numbers' },
  { method: 'DELETE', url: '/api/v1/phone-numbers/:phone_number_id', record: aPhoneNumber },
];
