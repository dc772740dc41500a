import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, keyCaller } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { type RecordedCall, recordCallWithRecording } from '../../../test/support/recordings.js';
import { TEST_SECRETS_KEY, TUESDAY_11AM } from '../../../test/support/twilio.js';

let t: TestContext;
let r: RecordedCall;

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
  r = await recordCallWithRecording(t);
});
afterAll(() => t.close());

const path = (callId: string) => `/api/v1/calls/${callId}/recording`;

function play(range?: string, caller = r.line.tenant.callers.viewer, callId = r.callId) {
  return call(t.app, caller, 'GET', path(callId), undefined, range === undefined ? {} : { range });
}

function errorOf(res: LightMyRequestResponse) {
  return json<{ error: { code: string; message: string } }>(res).error;
}

describe('GET /calls/{id}/recording', () => {
  it('streams the whole MP3 through the service, byte for byte', async () => {
    const res = await play();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(r.recording.mp3.length));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(r.recording.mp3)).toBe(true);
    // A real MPEG-1 Layer III stream, a few seconds long.
    expect([...res.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xfb]);
    expect(r.recording.durationSeconds).toBeGreaterThanOrEqual(3);
    // Fetched from Twilio with the account's own credentials.
    const fetched = t.twilio.requests.filter((q) => q.path.endsWith(`${r.recording.sid}.mp3`));
    expect(fetched.at(-1)?.user).toBe(r.recording.accountSid);
    expect(res.body).not.toContain('twilio');
  });

  const size = () => r.recording.mp3.length;
  const cases: [string, string, () => [number, number]][] = [
    ['the first bytes', 'bytes=0-99', () => [0, 99]],
    ['a middle range', 'bytes=1000-5432', () => [1000, 5432]],
    ['a suffix', 'bytes=-500', () => [size() - 500, size() - 1]],
    ['open-ended', 'bytes=20000-', () => [20000, size() - 1]],
    ['an end past the file', 'bytes=100-99999999', () => [100, size() - 1]],
  ];
  for (const mode of ['normal', 'ignore-range'] as const) {
    describe(mode === 'normal' ? 'Twilio honouring Range' : 'Twilio ignoring Range (sliced here)', () => {
      for (const [name, range, expected] of cases) {
        it(`${name}: 206 with exactly those bytes`, async () => {
          t.twilio.setMediaMode(mode);
          try {
            const res = await play(range);
            const [start, end] = expected();
            expect(res.statusCode).toBe(206);
            expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size()}`);
            expect(res.headers['content-length']).toBe(String(end - start + 1));
            expect(res.rawPayload.equals(r.recording.mp3.subarray(start, end + 1))).toBe(true);
          } finally {
            t.twilio.setMediaMode('normal');
          }
        });
      }
      it('a range past the end: 416 with the size', async () => {
        t.twilio.setMediaMode(mode);
        try {
          const res = await play(`bytes=${size()}-`);
          expect(res.statusCode).toBe(416);
          expect(res.headers['content-range']).toBe(`bytes */${size()}`);
          expect(errorOf(res).code).toBe('range_not_satisfiable');
        } finally {
          t.twilio.setMediaMode('normal');
        }
      });
    });
  }

  it('forwards the Range to Twilio', async () => {
    await play('bytes=10-19');
    const fetched = t.twilio.requests.filter((q) => q.path.endsWith(`${r.recording.sid}.mp3`));
    expect(fetched.length).toBeGreaterThan(0);
  });

  it('a malformed or multiple Range is ignored: 200 and the whole file', async () => {
    for (const range of ['bytes=abc', 'bytes=5-1', 'items=0-5', 'bytes=0-1,5-9']) {
      const res = await play(range);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(r.recording.mp3)).toBe(true);
    }
  });

  it('Twilio failing is 502, and Twilio hanging is 502 within its timeout, never a hang', async () => {
    t.twilio.setMediaMode('fail');
    try {
      const failed = await play();
      expect([failed.statusCode, errorOf(failed).code]).toEqual([502, 'upstream_failed']);
      t.twilio.setMediaMode('hang');
      const hung = await play('bytes=0-9');
      expect([hung.statusCode, errorOf(hung).code]).toEqual([502, 'upstream_failed']);
    } finally {
      t.twilio.setMediaMode('normal');
    }
  }, 30_000);

  it('is 404 for a call not recorded, an unknown call, and another workspace’s recording', async () => {
    const other = await createTenant(t.db, t.clock);
    const foreign = await play(undefined, other.callers.owner);
    expect([foreign.statusCode, errorOf(foreign).code]).toEqual([404, 'not_found']);
    const unknown = await play(undefined, r.line.tenant.callers.viewer, 'call_nosuchcall');
    expect(unknown.statusCode).toBe(404);
    const started = await call(t.app, r.line.tenant.callers.admin, 'POST', '/api/v1/test-calls', {
      from: '+447700900123',
    });
    const notRecorded = await play(
      undefined,
      r.line.tenant.callers.viewer,
      json<{ call_id: string }>(started).call_id,
    );
    expect([notRecorded.statusCode, errorOf(notRecorded).code]).toEqual([404, 'not_found']);
  });

  it('is 404 while the recording is still being made', async () => {
    const line = r.line;
    const { aPhoneCall, ring } = await import('../../../test/support/twilio.js');
    const { callIdOf } = await import('../../../test/support/recordings.js');
    const c = aPhoneCall(line);
    await ring(t, c);
    await t.recordings.drain();
    const res = await play(undefined, line.tenant.callers.viewer, await callIdOf(t, c));
    expect(res.statusCode).toBe(404);
  });

  it('an API key needs calls:read', async () => {
    const reader = await keyCaller(t.app, r.line.tenant.callers.admin, ['calls:read']);
    expect((await play('bytes=0-9', reader)).statusCode).toBe(206);
    const other = await keyCaller(t.app, r.line.tenant.callers.admin, ['leads:read']);
    const denied = await play(undefined, other);
    expect([denied.statusCode, errorOf(denied).code]).toEqual([403, 'insufficient_scope']);
  });

  it('plays are audited once per member per call per half hour', async () => {
    const auditOf = () =>
      t.db.query<{ actor_id: string }>(
        "SELECT actor_id FROM audit_log WHERE workspace_id = $1 AND action = 'recording.read' AND subject_id = $2 ORDER BY id",
        [r.line.tenant.workspaceId, r.callId],
      );
    const before = (await auditOf()).filter((a) => a.actor_id === r.line.tenant.users.member.id).length;
    expect(before).toBe(0);
    await play('bytes=0-9', r.line.tenant.callers.member);
    await play('bytes=10-19', r.line.tenant.callers.member);
    await play(undefined, r.line.tenant.callers.member);
    const once = (await auditOf()).filter((a) => a.actor_id === r.line.tenant.users.member.id);
    expect(once).toHaveLength(1);
    t.clock.advance(31 * 60 * 1000);
    await play('bytes=0-9', r.line.tenant.callers.member);
    expect((await auditOf()).filter((a) => a.actor_id === r.line.tenant.users.member.id)).toHaveLength(2);
  });
});

describe('DELETE /calls/{id}/recording', () => {
  it('a viewer or a member cannot (403); a key without privacy:manage cannot (403)', async () => {
    for (const role of ['viewer', 'member'] as const) {
      const res = await call(t.app, r.line.tenant.callers[role], 'DELETE', path(r.callId));
      expect([res.statusCode, errorOf(res).code]).toEqual([403, 'forbidden']);
    }
    const key = await keyCaller(t.app, r.line.tenant.callers.admin, ['calls:read']);
    const res = await call(t.app, key, 'DELETE', path(r.callId));
    expect([res.statusCode, errorOf(res).code]).toEqual([403, 'insufficient_scope']);
    expect((await play()).statusCode).toBe(200);
  });

  it('another workspace’s recording is 404, and stays', async () => {
    const other = await createTenant(t.db, t.clock);
    const res = await call(t.app, other.callers.owner, 'DELETE', path(r.callId));
    expect(res.statusCode).toBe(404);
    expect((await play()).statusCode).toBe(200);
  });

  it('deletes it at Twilio and here, audited and announced; a second DELETE is 404', async () => {
    const d = await recordCallWithRecording(t, { line: r.line });
    const key = await keyCaller(t.app, r.line.tenant.callers.admin, ['privacy:manage']);
    t.clock.advance(1_000);
    const res = await call(t.app, key, 'DELETE', path(d.callId));
    expect(res.statusCode).toBe(204);
    expect(d.recording.deleted).toBe(true);
    const after = json(await call(t.app, r.line.tenant.callers.viewer, 'GET', `/api/v1/calls/${d.callId}`));
    expect(after.recording).toMatchObject({
      status: 'deleted',
      url: null,
      deleted_at: t.clock.now().toISOString(),
    });
    expect((await play(undefined, r.line.tenant.callers.viewer, d.callId)).statusCode).toBe(404);
    const audit = await t.db.query<{ actor_type: string; actor_id: string }>(
      "SELECT actor_type, actor_id FROM audit_log WHERE action = 'recording.deleted' AND subject_id = $1",
      [d.callId],
    );
    expect(audit).toEqual([{ actor_type: 'api_key', actor_id: key.keyId }]);
    const events = await t.db.query<{ data: { recording: { status: string } } }>(
      "SELECT data FROM events WHERE workspace_id = $1 AND type = 'call.updated' AND data->>'id' = $2 ORDER BY id",
      [r.line.tenant.workspaceId, d.callId],
    );
    expect(events.map((e) => e.data.recording.status)).toEqual(['completed', 'deleted']);
    const again = await call(t.app, r.line.tenant.callers.admin, 'DELETE', path(d.callId));
    expect([again.statusCode, errorOf(again).code]).toEqual([404, 'not_found']);
  });

  it('Twilio unreachable: deleted here at once, and at Twilio by the housekeeping sweep', async () => {
    const d = await recordCallWithRecording(t, { line: r.line });
    t.twilio.failWith(500);
    try {
      const res = await call(t.app, r.line.tenant.callers.owner, 'DELETE', path(d.callId));
      expect(res.statusCode).toBe(204);
      expect(d.recording.deleted).toBe(false);
    } finally {
      t.twilio.failWith(null);
    }
    expect((await play(undefined, r.line.tenant.callers.viewer, d.callId)).statusCode).toBe(404);
    const swept = await t.recordings.sweep();
    expect(swept.purged).toBeGreaterThanOrEqual(1);
    expect(d.recording.deleted).toBe(true);
    expect((await t.recordings.sweep()).purged).toBe(0);
  });
});
