import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, randomEmail, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { createLogger } from '../../http/logger.js';
import { openSecretBox } from '../../lib/encryption.js';
import { openMessageBody } from '../messages/sealed-body.js';
import { findUser, findWorkspace } from '../workspaces/workspaces.repo.js';

// Invitations by email (docs/notifications.md, "Email for the team").

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp({ SMTP_URL: 'smtp://mail.callagent.test:2525' });
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

interface Created {
  id: string;
  token: string;
  link: string;
  email_queued: boolean;
}
interface MailRow {
  id: string;
  workspace_id: string;
  purpose: string;
  recipient: string;
  subject: string;
  body: string;
  body_sealed: string;
  status: string;
}

const mailsOf = (invitationId: string) =>
  t.db.query<MailRow>('SELECT * FROM messages WHERE idempotency_key = $1', [`invitation:${invitationId}`]);

describe('an invitation by email', () => {
  it('is queued with the invitation: the subject names the inviter and the workspace, the link is sealed', async () => {
    const email = randomEmail();
    const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/invitations', {
      email,
      role: 'member',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = json<Created>(res);
    expect(created.email_queued).toBe(true);
    expect(created.link).toBe(`https://callagent.test/invitations/accept?token=${created.token}`);

    const [mail] = await mailsOf(created.id);
    const workspace = await findWorkspace(t.db, tenant.workspaceId);
    const inviter = await findUser(t.db, tenant.users.admin.id);
    expect(mail).toMatchObject({
      workspace_id: tenant.workspaceId,
      purpose: 'invitation',
      recipient: email,
      status: 'pending',
      subject: `${inviter?.name} invited you to ${workspace?.name} on callagent`,
    });
    // What the message log shows leaves the token out; the mail itself carries the whole link.
    expect(mail?.body).not.toContain(created.token);
    expect(mail?.body).toContain('Accept: {console}/invitations/accept (the link is in the email)');
    const sealed = openMessageBody(
      openSecretBox(t.config, createLogger('silent')),
      mail?.id ?? '',
      mail?.body_sealed ?? '',
    );
    expect(sealed).toContain(`Accept: {console}/invitations/accept?token=${created.token}`);
    expect(sealed).toContain(`as a member`);
    // Bound to its message: the sealed body does not open as another's.
    expect(() =>
      openMessageBody(openSecretBox(t.config, createLogger('silent')), 'msg_other', mail?.body_sealed ?? ''),
    ).toThrow();
  });

  it('is not sent once the invitation is withdrawn', async () => {
    const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/invitations', {
      email: randomEmail(),
      role: 'viewer',
    });
    const created = json<Created>(res);
    const gone = await call(t.app, tenant.callers.admin, 'DELETE', `/api/v1/invitations/${created.id}`);
    expect(gone.statusCode).toBe(204);
    const [mail] = await mailsOf(created.id);
    expect(mail).toMatchObject({ status: 'cancelled', body_sealed: null });
  });

  it('is not sent once its inviter leaves, or can no longer grant the role', async () => {
    const tn = await createTenant(t.db, t.clock);
    const invited = async (role: 'admin' | 'viewer') =>
      json<Created>(
        await call(t.app, tn.callers.admin, 'POST', '/api/v1/invitations', { email: randomEmail(), role }),
      );
    const admin = await invited('admin');
    const viewer = await invited('viewer');
    await call(t.app, tn.callers.owner, 'PATCH', `/api/v1/members/${tn.users.admin.id}`, { role: 'member' });
    expect((await mailsOf(admin.id))[0]?.status).toBe('cancelled');
    expect((await mailsOf(viewer.id))[0]?.status).toBe('cancelled');
  });

  it('is not queued when the invitation is refused, nor when the service sends no email', async () => {
    const member = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/invitations', {
      email: tenant.users.member.email,
      role: 'viewer',
    });
    expect([member.statusCode, errorCode(member)]).toEqual([409, 'conflict']);
    expect(
      await t.db.query("SELECT 1 FROM messages WHERE purpose = 'invitation' AND recipient = $1", [
        tenant.users.member.email,
      ]),
    ).toEqual([]);

    const off = await startTestApp();
    try {
      const tn = await createTenant(off.db, off.clock);
      const res = await call(off.app, tn.callers.owner, 'POST', '/api/v1/invitations', {
        email: randomEmail(),
        role: 'viewer',
      });
      expect(res.statusCode).toBe(201);
      const created = json<Created>(res);
      expect(created.email_queued).toBe(false);
      expect(created.link).toContain(created.token);
      expect(await off.db.query('SELECT 1 FROM messages')).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
