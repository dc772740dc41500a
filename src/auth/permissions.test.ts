import { describe, expect, it } from 'vitest';
import {
  authorize,
  effectiveScopes,
  OPERATIONS,
  type Principal,
  ROLE_SCOPE_CEILING,
  ROLES,
  type Role,
  SCOPES,
  type Scope,
  type WorkspaceOperation,
} from './permissions.js';

const session = (role: Role): Principal => ({
  kind: 'session',
  userId: 'usr_1',
  workspaceId: 'ws_1',
  role,
  sessionHash: 'h',
  csrfToken: 'c',
});
const key = (creatorRole: Role, scopes: readonly Scope[] = SCOPES): Principal => ({
  kind: 'key',
  keyId: 'key_1',
  workspaceId: 'ws_1',
  creatorId: 'usr_1',
  creatorRole,
  scopes: effectiveScopes(scopes, creatorRole),
});

// The role table of docs/api.md (Scopes and roles), written out by hand so a change to the table must change this test too.
const EXPECTED: Record<WorkspaceOperation, Record<Role, boolean>> = {
  'calls.read': { viewer: true, member: true, admin: true, owner: true },
  'opportunities.read': { viewer: true, member: true, admin: true, owner: true },
  'leads.read': { viewer: true, member: true, admin: true, owner: true },
  'bookings.read': { viewer: true, member: true, admin: true, owner: true },
  'opportunities.write': { viewer: false, member: true, admin: true, owner: true },
  'leads.write': { viewer: false, member: true, admin: true, owner: true },
  'bookings.write': { viewer: false, member: true, admin: true, owner: true },
  'messages.read': { viewer: true, member: true, admin: true, owner: true },
  'agent.read': { viewer: false, member: true, admin: true, owner: true },
  'agent.write': { viewer: false, member: false, admin: true, owner: true },
  'test_calls.run': { viewer: false, member: false, admin: true, owner: true },
  'webhooks.manage': { viewer: false, member: false, admin: true, owner: true },
  'events.read': { viewer: false, member: false, admin: true, owner: true },
  'privacy.manage': { viewer: false, member: false, admin: true, owner: true },
  'privacy.settings': { viewer: false, member: false, admin: true, owner: true },
  'audit_log.read': { viewer: false, member: false, admin: false, owner: true },
  'events.stream': { viewer: true, member: true, admin: true, owner: true },
  'insights.read': { viewer: true, member: true, admin: true, owner: true },
  'calendar_feed.manage': { viewer: true, member: true, admin: true, owner: true },
  'notifications.settings': { viewer: true, member: true, admin: true, owner: true },
  'notifications.status': { viewer: true, member: true, admin: true, owner: true },
  'workspace.update': { viewer: false, member: false, admin: true, owner: true },
  'members.read': { viewer: true, member: true, admin: true, owner: true },
  'members.manage': { viewer: false, member: false, admin: true, owner: true },
  'invitations.manage': { viewer: false, member: false, admin: true, owner: true },
  'api_keys.manage': { viewer: false, member: false, admin: true, owner: true },
  'phone_numbers.manage': { viewer: false, member: false, admin: true, owner: true },
  'workspace.transfer': { viewer: false, member: false, admin: false, owner: true },
  'workspace.delete': { viewer: false, member: false, admin: false, owner: true },
  'session.read': { viewer: true, member: true, admin: true, owner: true },
  'session.end': { viewer: true, member: true, admin: true, owner: true },
};

describe('sessions act within their role', () => {
  for (const op of Object.keys(OPERATIONS) as WorkspaceOperation[]) {
    for (const role of ROLES) {
      it(`${role} ${EXPECTED[op][role] ? 'may' : 'may not'} ${op}`, () => {
        const decision = authorize(session(role), op);
        expect(decision.allowed).toBe(EXPECTED[op][role]);
        if (!decision.allowed) expect(decision.code).toBe('forbidden');
      });
    }
  }
});

describe('keys act with their scopes cut to the creator’s current role', () => {
  it('has the contract’s scope ceilings', () => {
    expect(ROLE_SCOPE_CEILING.viewer).toEqual(['calls:read', 'opportunities:read', 'leads:read']);
    expect([...ROLE_SCOPE_CEILING.member].sort()).toEqual(
      [
        'calls:read',
        'opportunities:read',
        'leads:read',
        'opportunities:write',
        'leads:write',
        'agent:read',
      ].sort(),
    );
    expect(ROLE_SCOPE_CEILING.admin).toEqual(SCOPES);
    expect(ROLE_SCOPE_CEILING.owner).toEqual(SCOPES);
  });

  it('a key whose creator was demoted loses the scopes above the new role', () => {
    expect(authorize(key('admin'), 'webhooks.manage').allowed).toBe(true);
    const demoted = authorize(key('member'), 'webhooks.manage');
    expect(demoted).toEqual({
      allowed: false,
      code: 'insufficient_scope',
      message: expect.stringContaining('webhooks:manage'),
    });
    expect(authorize(key('viewer'), 'leads.write').allowed).toBe(false);
    expect(authorize(key('viewer'), 'leads.read').allowed).toBe(true);
  });

  it('only keys with privacy:manage, made by an admin or owner, export or erase a person', () => {
    expect(authorize(key('admin', ['privacy:manage']), 'privacy.manage').allowed).toBe(true);
    expect(authorize(key('owner', ['leads:read', 'leads:write']), 'privacy.manage')).toMatchObject({
      allowed: false,
      code: 'insufficient_scope',
      message: expect.stringContaining('privacy:manage'),
    });
    expect(authorize(key('member', ['privacy:manage']), 'privacy.manage').allowed).toBe(false);
  });

  it('a key without the scope is refused with insufficient_scope naming it', () => {
    const d = authorize(key('owner', ['calls:read']), 'leads.read');
    expect(d).toEqual({
      allowed: false,
      code: 'insufficient_scope',
      message: expect.stringContaining('leads:read'),
    });
  });

  it('the live stream takes a key with any read scope, and refuses one with none', () => {
    for (const scope of ['calls:read', 'opportunities:read', 'leads:read', 'agent:read'] as const) {
      expect(authorize(key('owner', [scope]), 'events.stream').allowed).toBe(true);
    }
    expect(authorize(key('owner', ['webhooks:manage', 'leads:write']), 'events.stream')).toEqual({
      allowed: false,
      code: 'insufficient_scope',
      message: expect.stringContaining('calls:read, opportunities:read, leads:read, agent:read'),
    });
  });

  it('the insights take a key with both calls:read and opportunities:read, naming the one missing', () => {
    expect(authorize(key('viewer', ['calls:read', 'opportunities:read']), 'insights.read').allowed).toBe(
      true,
    );
    expect(authorize(key('owner', ['calls:read']), 'insights.read')).toEqual({
      allowed: false,
      code: 'insufficient_scope',
      message: expect.stringContaining('opportunities:read'),
    });
    expect(authorize(key('owner', ['opportunities:read']), 'insights.read')).toMatchObject({
      allowed: false,
      message: expect.stringContaining('calls:read'),
    });
  });

  it('keys can never manage members, invitations, keys, phone numbers or ownership', () => {
    for (const op of [
      'members.manage',
      'invitations.manage',
      'api_keys.manage',
      'phone_numbers.manage',
      'workspace.transfer',
      'members.read',
      'calendar_feed.manage',
      'workspace.update',
      'notifications.settings',
      'notifications.status',
      'privacy.settings',
      'audit_log.read',
    ] as const) {
      expect(authorize(key('owner'), op)).toMatchObject({ allowed: false, code: 'forbidden' });
    }
  });

  it('every scope-governed operation needs exactly the role its scope is granted to', () => {
    for (const [op, rule] of Object.entries(OPERATIONS)) {
      if (rule.scope === null) continue;
      for (const role of ROLES) {
        const scopeAllowed = ROLE_SCOPE_CEILING[role].includes(rule.scope);
        expect([op, role, authorize(key(role), op as WorkspaceOperation).allowed]).toEqual([
          op,
          role,
          scopeAllowed,
        ]);
      }
    }
  });
});
