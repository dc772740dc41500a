import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import {
  claimReplay,
  type ReplayKey,
  readReplayAnswer,
  releaseReplay,
  storeReplayAnswer,
} from './replays.repo.js';

/** How long a re-sent request waits for the first one's answer before acting itself. */
const WAIT_FOR_FIRST_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Twilio's retry token of this request, or null (a request without one is always acted on). */
export function idempotencyToken(request: FastifyRequest): string | null {
  const token = request.headers['i-twilio-idempotency-token'];
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : null;
}

/**
 * Answers a Twilio webhook once per I-Twilio-Idempotency-Token. Twilio re-sends a request it
 * timed out on with the same token; the first request claims it and keeps its TwiML, and a
 * re-sent one (even one arriving while the first is still at work) gets that TwiML instead of
 * acting again: for a <Gather> turn, the caller's words are heard once and answered the same.
 * Fail-open: a first request that never finished (its process died) is taken over after 10 s.
 */
export async function answerOnce(
  deps: { db: Database; clock: Clock },
  key: Omit<ReplayKey, 'token'>,
  token: string | null,
  act: () => Promise<string>,
): Promise<string> {
  if (token === null) return act();
  const replay: ReplayKey = { ...key, token };
  if (!(await claimReplay(deps.db, replay, deps.clock.now()))) {
    const until = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const answer = await readReplayAnswer(deps.db, replay);
      if (typeof answer === 'string') return answer;
      if (answer === undefined || Date.now() > until) break;
      await sleep(100);
    }
  }
  try {
    const answer = await act();
    await storeReplayAnswer(deps.db, replay, answer);
    return answer;
  } catch (error) {
    await releaseReplay(deps.db, replay).catch(() => {});
    throw error;
  }
}
