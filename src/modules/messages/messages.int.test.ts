import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  aCallerNumber,
  aTenantWithPublishedAgent,
  aTwilioLine,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
} from '../../../test/support/twilio.js';
import { queueDeskAlert } from '../../notifications/alerts/queue-alert.js';
import { DEFAULT_AGENT_CONFIG } from '../agent/agent-config.js';
import { queueMessages } from './outbox.repo.js';

let t: TestContext;
let tenant: Tenant;

const TEXTS_ON = { texts: { ...DEFAULT_AGENT_CONFIG.texts, enabled: true } };

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

type Page = { data: Record<string, unknown>[]; next_cursor: string | null };

describe('the message log', () => {
  it('lists the workspace’s messages newest first, a page at a time, with links to the console made whole', async () => {
    const at = t.clock.now();
    await t.db.transaction(async (tx) => {
      await queueDeskAlert(
        tx,
        {
          workspaceId: tenant.workspaceId,
          kind: 'hot_lead',
          about: 'opp_log_1',
          ownerId: tenant.users.member.id,
          leadId: 'lead_log_1',
          subject: 'Hot seller: Jane Smith',
          text: 'Jane Smith scored 90.',
          path: '/leads/lead_log_1',
        },
        at,
      );
      // An account's own mail belongs to no workspace and is never listed; a sealed body never shown.
      await queueMessages(
        tx,
        [
          {
            workspaceId: null,
            channel: 'email',
            purpose: 'password_reset',
            key: `reset:${at.getTime()}`,
            recipient: 'someone@example.com',
            body: 'Reset your password',
            quietHours: false,
          },
        ],
        at,
      );
    });
    t.clock.advance(1_000);
    await t.db.transaction((tx) =>
      queueMessages(
        tx,
        [
          {
            workspaceId: tenant.workspaceId,
            channel: 'email',
            purpose: 'invitation',
            key: `invite:${at.getTime()}`,
            recipient: 'new@example.com',
            userId: tenant.users.admin.id,
            subject: 'Join the desk',
            body: 'You are invited: the link is in the email itself.',
            sealed: { id: `msg_sealed_${at.getTime()}`, body: 'secret link here' },
            quietHours: false,
          },
        ],
        t.clock.now(),
      ),
    );

    const first = json<Page>(await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/messages?limit=1'));
    expect(first.data).toHaveLength(1);
    expect(first.data[0]).toMatchObject({
      purpose: 'invitation',
      direction: 'outbound',
      to: 'new@example.com',
      from: null,
      body: 'You are invited: the link is in the email itself.',
      status: 'pending',
      attempts: 0,
      sent_at: null,
    });
    expect(JSON.stringify(first)).not.toContain('secret link');
    const second = json<Page>(
      await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/messages?limit=1&cursor=${first.next_cursor}`),
    );
    expect(second.data[0]).toMatchObject({
      purpose: 'alert_hot_lead',
      channel: 'email',
      user_id: tenant.users.member.id,
      lead_id: 'lead_log_1',
      subject: 'Hot seller: Jane Smith',
    });
    expect(String(second.data[0]?.body)).toContain(`${t.config.PUBLIC_URL}/leads/lead_log_1`);
    expect(String(second.data[0]?.body)).not.toContain('{console}');
    expect(second.next_cursor).toBeNull();

    const all = json<Page>(await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/messages'));
    expect(all.data.map((m) => m.purpose)).toEqual(['invitation', 'alert_hot_lead']);
    const byLead = json<Page>(
      await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/messages?lead_id=lead_log_1'),
    );
    expect(byLead.data.map((m) => m.purpose)).toEqual(['alert_hot_lead']);
    const filtered = json<Page>(
      await call(
        t.app,
        tenant.callers.viewer,
        'GET',
        '/api/v1/messages?channel=sms&direction=outbound&status=pending',
      ),
    );
    expect(filtered.data).toEqual([]);
    const asc = json<Page>(await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/messages?order=asc'));
    expect(asc.data.map((m) => m.purpose)).toEqual(['alert_hot_lead', 'invitation']);
    const bad = await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/messages?channel=pigeon');
    expect(bad.statusCode).toBe(400);
  });

  it('reads one message; another workspace’s is 404 like a missing one', async () => {
    const [one] = json<Page>(await call(t.app, tenant.callers.viewer, 'GET', '/api/v1/messages')).data;
    const read = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/messages/${one?.id}`);
    expect(read.statusCode).toBe(200);
    expect(json(read)).toEqual(one);
    const other = await createTenant(t.db, t.clock);
    expect((await call(t.app, other.callers.owner, 'GET', `/api/v1/messages/${one?.id}`)).statusCode).toBe(
      404,
    );
    expect((await call(t.app, other.callers.owner, 'GET', '/api/v1/messages/msg_nope')).statusCode).toBe(404);
    expect(json<Page>(await call(t.app, other.callers.owner, 'GET', '/api/v1/messages')).data).toEqual([]);
  });

  it('says when a message held for quiet hours will go, not when it first fell due', async () => {
    const own = await createTenant(t.db, t.clock);
    const at = t.clock.now();
    await t.db.transaction((tx) =>
      queueMessages(
        tx,
        [
          {
            workspaceId: own.workspaceId,
            channel: 'sms',
            purpose: 'booking_confirmed',
            key: `held:${at.getTime()}`,
            recipient: '+447700900123',
            sender: '+441612345678',
            body: 'Booked',
            quietHours: true,
          },
        ],
        at,
      ),
    );
    const morning = new Date(at.getTime() + 9 * 3_600_000);
    // What the sender writes when it holds a text until 08:00.
    await t.db.query('UPDATE messages SET next_attempt_at = $2 WHERE workspace_id = $1', [
      own.workspaceId,
      morning,
    ]);
    const [held] = json<Page>(await call(t.app, own.callers.viewer, 'GET', '/api/v1/messages')).data;
    expect(held?.send_after).toBe(morning.toISOString());
  });
});

describe('whether a lead can be texted', () => {
  async function texting(owner: Tenant, phone: string) {
    const lead = json(
      await call(t.app, owner.callers.member, 'POST', '/api/v1/leads', { name: 'Jo', phone }),
    );
    return json(await call(t.app, owner.callers.viewer, 'GET', `/api/v1/leads/${lead.id}/texting`));
  }

  it('says why not, in words, until every condition holds', async () => {
    expect(await texting(tenant, aCallerNumber())).toEqual({
      can_text: false,
      reason: 'Texts are off in the agent configuration',
      opted_out_at: null,
    });
    const numberless = await aTenantWithPublishedAgent(t, TEXTS_ON);
    expect((await texting(numberless, aCallerNumber())).reason).toBe(
      'The workspace has no Twilio number with its account SID',
    );
    const line = await aTwilioLine(t, TEXTS_ON);
    expect((await texting(line.tenant, '+441612345670')).reason).toBe('Not a mobile number');
    expect(await texting(line.tenant, aCallerNumber())).toEqual({
      can_text: true,
      reason: null,
      opted_out_at: null,
    });
  });
});
