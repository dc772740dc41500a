import { listSilentCalls } from '../modules/calls/calls.repo.js';
import { endLiveCall } from './live-call.service.js';
import type { LiveCallDeps } from './types.js';

/** With the agent on the line, a caller is heard at least every few seconds; half an hour of nothing is a lost call. */
export const SILENT_CALL_MS = 30 * 60 * 1000;
/** A caller handed to a person may talk for hours; the status callback usually closes those. */
export const SILENT_HANDED_OVER_MS = 6 * 60 * 60 * 1000;
/** A test of the draft has nobody on a line: five quiet minutes means its tester has gone. */
export const SILENT_TEST_CALL_MS = 5 * 60 * 1000;

/**
 * Closes calls that have been silent too long, whatever their channel: a carrier whose status
 * callback never came, a ConversationRelay socket that dropped while this process was stopping,
 * an abandoned test call (a test of the draft after five minutes). Each is closed as a hang-up would be (summary, lead, call.completed,
 * once), with end reason `silent_too_long`. Answers how many it closed.
 */
export async function closeSilentCalls(deps: LiveCallDeps, batch = 100): Promise<number> {
  const now = deps.clock.now().getTime();
  const silent = await listSilentCalls(
    deps.db,
    {
      quiet: new Date(now - SILENT_CALL_MS),
      handedOver: new Date(now - SILENT_HANDED_OVER_MS),
      test: new Date(now - SILENT_TEST_CALL_MS),
    },
    batch,
  );
  for (const call of silent) {
    await endLiveCall(deps, call.workspace_id, call.id, { endReason: 'silent_too_long' });
  }
  return silent.length;
}
