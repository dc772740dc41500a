import { inviteMember } from '../../src/modules/invitations/invitations.service.js';
import { addMember, randomEmail, TEST_PASSWORD } from '../support/factories.js';
import type { MatrixRoute, MatrixSeed } from './types.js';

async function aMember(seed: MatrixSeed) {
  const user = await addMember(seed.db, seed.clock, seed.tenant.workspaceId, 'member');
  return { user_id: user.id };
}

async function anInvitation(seed: MatrixSeed) {
  const owner = seed.tenant.callers.owner;
  const actor = {
    kind: 'session' as const,
    userId: owner.userId,
    workspaceId: seed.tenant.workspaceId,
    role: 'owner' as const,
    sessionHash: 'matrix',
    csrfToken: 'matrix',
  };
  const { invitation } = await inviteMember(seed.db, seed.clock, actor, {
    email: randomEmail(),
    role: 'viewer',
  });
  return { invitation_id: invitation.id };
}

async function aKey(seed: MatrixSeed) {
  const res = await seed.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: seed.tenant.callers.owner.unsafeHeaders,
    payload: { name: 'matrix', scopes: ['calls:read'] },
  });
  return { key_id: String((JSON.parse(res.body) as { id: string }).id) };
}

export const platformRoutes: MatrixRoute[] = [
  { method: 'GET', url: '/api/v1/ping' },
  { method: 'POST', url: '/api/v1/auth/sign-out' },
  { method: 'POST', url: '/api/v1/auth/sign-out-everywhere' },
  { method: 'PATCH', url: '/api/v1/account', body: { name: 'Matrix Person' } },
  {
    method: 'POST',
    url: '/api/v1/account/password',
    body: { current_password: TEST_PASSWORD, new_password: 'a new long matrix password' },
  },
  {
    method: 'POST',
    url: '/api/v1/auth/switch-workspace',
    record: async (seed) => ({ workspace_id: seed.tenant.workspaceId }),
    body: (p: Record<string, string>) => ({ workspace_id: p.workspace_id }),
  },
  { method: 'GET', url: '/api/v1/workspaces' },
  { method: 'POST', url: '/api/v1/workspaces', body: { name: 'Matrix' } },
  { method: 'GET', url: '/api/v1/members' },
  { method: 'PATCH', url: '/api/v1/members/:user_id', record: aMember, body: { role: 'viewer' } },
  { method: 'DELETE', url: '/api/v1/members/:user_id', record: aMember },
  {
    method: 'POST',
    url: '/api/v1/workspace/transfer-ownership',
    record: aMember,
    body: (p: Record<string, string>) => ({ user_id: p.user_id }),
  },
  { method: 'POST', url: '/api/v1/invitations', body: { email: 'invitee@example.test', role: 'member' } },
  { method: 'GET', url: '/api/v1/invitations' },
  { method: 'DELETE', url: '/api/v1/invitations/:invitation_id', record: anInvitation },
  { method: 'POST', url: '/api/v1/api-keys', body: { name: 'k', scopes: ['calls:read'] } },
  { method: 'GET', url: '/api/v1/api-keys' },
  { method: 'DELETE', url: '/api/v1/api-keys/:key_id', record: aKey },
];
