import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, sessionCaller } from '../../../test/support/factories.js';
import { type Json, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { recordCallWithRecording } from '../../../test/support/recordings.js';
import { TEST_SECRETS_KEY, TUESDAY_11AM } from '../../../test/support/twilio.js';
import { applyRetention } from './privacy.service.js';

// Call recordings and the person's rights (docs/privacy.md, "Call recordings"): the export links
// them through the service, an erasure deletes them here and at Twilio, and the retention job
// deletes those past recording_days.

const DAY = 24 * 60 * 60 * 1000;
let t: TestContext;

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
});
afterAll(() => t.close());

async function recordingRow(callId: string) {
  const rows = await t.db.query<{ recording_status: string; recording_purged_at: Date | null }>(
    'SELECT recording_status, recording_purged_at FROM calls WHERE id = $1',
    [callId],
  );
  return rows[0];
}

describe('a person’s recordings', () => {
  it('are in their export as links through the service, and go with an erasure, here and at Twilio', async () => {
    const r = await recordCallWithRecording(t);
    const admin = r.line.tenant.callers.admin;
    // The call made a lead of its caller's number.
    const found = json<{ data: Json[] }>(
      await call(t.app, admin, 'GET', `/api/v1/leads?phone=${encodeURIComponent(r.phoneCall.from)}`),
    ).data;
    expect(found).toHaveLength(1);
    const leadId = String(found[0]?.id);

    const exported = json<{ calls: Json[] }>(
      await call(t.app, admin, 'GET', `/api/v1/leads/${leadId}/export`),
    );
    const theCall = exported.calls.find((c) => c.id === r.callId);
    expect(theCall?.recording).toEqual({
      status: 'completed',
      channels: 2,
      duration_seconds: r.recording.durationSeconds,
      started_at: r.recording.startTime.toISOString(),
      url: `/api/v1/calls/${r.callId}/recording`,
      deleted_at: null,
    });
    // Nothing of Twilio's: no recording id, no address.
    expect(JSON.stringify(exported)).not.toContain(r.recording.sid);
    expect(JSON.stringify(exported)).not.toMatch(/twilio\.com/);

    const erased = await call(t.app, admin, 'POST', `/api/v1/leads/${leadId}/erase`, {
      confirm: r.phoneCall.from,
    });
    expect(erased.statusCode).toBe(200);
    await t.recordings.drain();
    expect(r.recording.deleted).toBe(true);
    expect(await recordingRow(r.callId)).toMatchObject({ recording_status: 'deleted' });
    expect((await recordingRow(r.callId))?.recording_purged_at).not.toBeNull();
    const play = await call(t.app, admin, 'GET', `/api/v1/calls/${r.callId}/recording`);
    expect(play.statusCode).toBe(404);
    const [entry] = await t.db.query<{ details: { counts: { recordings: number } } }>(
      "SELECT details FROM audit_log WHERE workspace_id = $1 AND action = 'lead.erased'",
      [r.line.tenant.workspaceId],
    );
    expect(entry?.details.counts.recordings).toBe(1);
  });

  it('past recording_days are deleted by the retention job, here and at Twilio; younger ones stay; a second run changes nothing', async () => {
    t.clock.set(TUESDAY_11AM + 10 * DAY);
    const old = await recordCallWithRecording(t);
    const tenant = old.line.tenant;
    const changed = await call(t.app, tenant.callers.admin, 'PATCH', '/api/v1/privacy/retention', {
      recording_days: 3,
    });
    expect(changed.statusCode).toBe(200);
    t.clock.advance(2 * DAY);
    for (const role of ['admin', 'owner'] as const) {
      tenant.callers[role] = await sessionCaller(t.db, t.clock, tenant.users[role], tenant.workspaceId);
    }
    const young = await recordCallWithRecording(t, { line: old.line });
    t.clock.advance(2 * DAY);

    const run = await applyRetention(t.db, t.clock.now(), t.recordings);
    expect(run.recordings).toBe(1);
    expect(old.recording.deleted).toBe(true);
    expect(await recordingRow(old.callId)).toMatchObject({ recording_status: 'deleted' });
    expect(young.recording.deleted).toBe(false);
    expect(await recordingRow(young.callId)).toMatchObject({ recording_status: 'completed' });
    const [entry] = await t.db.query<{ details: Json }>(
      "SELECT details FROM audit_log WHERE workspace_id = $1 AND action = 'retention.applied'",
      [tenant.workspaceId],
    );
    expect(entry?.details).toMatchObject({
      recordings_deleted: 1,
      recording_call_ids: [old.callId],
      recording_days: 3,
    });

    const snapshot = async () =>
      JSON.stringify(
        await t.db.query('SELECT * FROM calls WHERE workspace_id = $1 ORDER BY id', [tenant.workspaceId]),
      ) +
      JSON.stringify(
        await t.db.query('SELECT id FROM audit_log WHERE workspace_id = $1', [tenant.workspaceId]),
      );
    const before = await snapshot();
    const deletesAtTwilio = t.twilio.requests.filter((q) => q.method === 'DELETE').length;
    t.clock.advance(10 * 60 * 1000);
    const again = await applyRetention(t.db, t.clock.now(), t.recordings);
    expect(again.recordings).toBe(0);
    expect(await snapshot()).toBe(before);
    expect(t.twilio.requests.filter((q) => q.method === 'DELETE')).toHaveLength(deletesAtTwilio);
  });
});
