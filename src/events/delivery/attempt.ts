import type { SecretBox } from '../../lib/encryption.js';
import type { DeliveryResult, GuardedClient } from '../outbound/guarded-client.js';
import { buildSignatureHeaders } from '../outbound/signature.js';
import type { ClaimedDelivery, DeliveryOutcome } from './delivery.repo.js';
import { honoursRetryAfter, planRetry } from './schedule.js';

/**
 * Sends one claimed delivery, signed afresh with this attempt's own timestamp so a retry hours
 * later still verifies within the receiver's 300 s tolerance. The guarded client re-resolves
 * and re-vets the host at every attempt.
 */
export async function sendDelivery(
  client: GuardedClient,
  secrets: SecretBox,
  claim: ClaimedDelivery,
  nowMs: number,
): Promise<DeliveryResult> {
  let secret: string;
  try {
    secret = secrets.open(claim.secret_ciphertext, claim.endpoint_id);
  } catch {
    // Fail closed: an unsigned or wrongly signed delivery is never sent. It is retried on the
    // schedule, so restoring the right SECRETS_KEY within the window still delivers it.
    return {
      ok: false,
      status: null,
      durationMs: 0,
      error: 'signing secret could not be decrypted (is SECRETS_KEY the one it was created with?)',
      responseBodyStart: '',
      retryAfterSeconds: null,
    };
  }
  return client.post(claim.url, claim.body, {
    'Content-Type': 'application/json',
    ...buildSignatureHeaders(secret, claim.body, nowMs),
  });
}

/** Only a 2xx succeeds; 410 Gone disables the endpoint; anything else follows the schedule. */
export function decideOutcome(
  claim: ClaimedDelivery,
  result: DeliveryResult,
  finishedAt: Date,
  random: number,
): DeliveryOutcome {
  if (result.ok) return { kind: 'succeeded' };
  if (result.status === 410) return { kind: 'gone', reason: 'endpoint disabled: receiver answered 410 Gone' };
  const plan = planRetry({
    attempt: claim.attempts,
    firstAttemptAt: claim.first_attempt_at,
    failedAt: finishedAt,
    retryAfterSeconds: honoursRetryAfter(result.status) ? result.retryAfterSeconds : null,
    random,
  });
  return plan.kind === 'retry' ? { kind: 'retry', at: plan.at } : { kind: 'failed' };
}
