import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/database.js';
import { createTenant, type Tenant } from '../../../test/support/factories.js';
import type { Database } from '../../db/client.js';
import { ManualClock } from '../../lib/clock.js';
import { insertPhoneNumber } from '../../modules/phone-numbers/phone-numbers.repo.js';
import { type DeskAlert, queueDeskAlert } from './queue-alert.js';

let db: Database;
let tenant: Tenant;
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));

beforeAll(async () => {
  db = await openTestDatabase();
  tenant = await createTenant(db, clock);
});
afterAll(() => db.close());

function alert(about: string, ownerId: string | null): DeskAlert {
  return {
    workspaceId: tenant.workspaceId,
    kind: 'hot_lead',
    about,
    ownerId,
    leadId: 'lead_1',
    subject: 'Hot seller: Jane Smith',
    text: 'Jane Smith, 14 Church Lane, scored 90.',
    path: '/calls/call_1',
  };
}

async function queued(about: string) {
  return db.query<{ recipient: string; channel: string; user_id: string; body: string }>(
    `SELECT recipient, channel, user_id, body FROM messages WHERE idempotency_key LIKE $1 ORDER BY channel, recipient`,
    [`alert:hot_lead:${about}:%`],
  );
}

describe('desk alerts', () => {
  it('go by email to every member who can act when nobody owns the record, once per reason', async () => {
    const at = clock.now();
    expect(await db.transaction((tx) => queueDeskAlert(tx, alert('opp_1', null), at))).toBe(3);
    expect(await db.transaction((tx) => queueDeskAlert(tx, alert('opp_1', null), at))).toBe(0);
    const rows = await queued('opp_1');
    expect(rows.map((r) => r.user_id).sort()).toEqual(
      [tenant.users.owner.id, tenant.users.admin.id, tenant.users.member.id].sort(),
    );
    expect(rows.every((r) => r.channel === 'email' && r.body.includes('{console}/calls/call_1'))).toBe(true);
  });

  it('go to the owner alone, and by text too once they gave a mobile and the workspace can text', async () => {
    const at = clock.now();
    const member = tenant.users.member;
    await db.query(
      `INSERT INTO member_notifications (workspace_id, user_id, mobile, alerts, updated_at)
       VALUES ($1, $2, '+447700900001', '{"hot_lead": {"email": false, "sms": true}}', $3)`,
      [tenant.workspaceId, member.id, at],
    );
    // No number that can text yet: nothing pretends to go.
    expect(await db.transaction((tx) => queueDeskAlert(tx, alert('opp_2', member.id), at))).toBe(0);
    await insertPhoneNumber(db, {
      workspace_id: tenant.workspaceId,
      id: 'pn_alerts',
      number: '+441610000001',
      provider: 'twilio',
      auth_token_ciphertext: 'sealed',
      account_sid_ciphertext: 'sealed',
      created_at: at,
    });
    expect(await db.transaction((tx) => queueDeskAlert(tx, alert('opp_3', member.id), at))).toBe(1);
    const [text] = await queued('opp_3');
    expect(text).toMatchObject({ channel: 'sms', recipient: '+447700900001', user_id: member.id });
  });

  it('go to everyone who asked when the owner is no longer a member', async () => {
    const at = clock.now();
    expect(await db.transaction((tx) => queueDeskAlert(tx, alert('opp_4', 'usr_gone'), at))).toBe(3);
    // The owner and the admin by email (the defaults), the member by text alone (their choice).
    const got = (await queued('opp_4')).map((r) => `${r.channel} ${r.user_id}`).sort();
    expect(got).toEqual(
      [
        `email ${tenant.users.owner.id}`,
        `email ${tenant.users.admin.id}`,
        `sms ${tenant.users.member.id}`,
      ].sort(),
    );
  });
});
