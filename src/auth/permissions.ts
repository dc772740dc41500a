/**
 * The one place that decides whether a principal may perform an operation
 * (docs/api.md, Scopes and roles). Pure: routes declare an Operation, the auth hook asks `authorize`.
 */

export const ROLES = ['viewer', 'member', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export const SCOPES = [
  'calls:read',
  'opportunities:read',
  'opportunities:write',
  'leads:read',
  'leads:write',
  'agent:read',
  'agent:write',
  'webhooks:manage',
  'privacy:manage',
] as const;
export type Scope = (typeof SCOPES)[number];

/** The most a key created by a member of each role may hold; also what the role itself may do. */
export const ROLE_SCOPE_CEILING: Record<Role, readonly Scope[]> = {
  viewer: ['calls:read', 'opportunities:read', 'leads:read'],
  member: [
    'calls:read',
    'opportunities:read',
    'leads:read',
    'opportunities:write',
    'leads:write',
    'agent:read',
  ],
  admin: SCOPES,
  owner: SCOPES,
};

interface OperationRule {
  /** Lowest role allowed for a session (and for a key's creator). */
  minRole: Role;
  /** The scope a key needs; null means keys cannot perform it at all. */
  scope: Scope | null;
  /**
   * Instead of one scope, any of these will do: for an operation whose answer is cut to what the
   * key may read (the live event stream). `scope` is then the first of them.
   */
  anyScope?: readonly Scope[];
  /**
   * Instead of one scope, every one of these: for an operation that reads across resources
   * (the insights count calls and deals). `scope` is then the first of them.
   */
  allScopes?: readonly Scope[];
}

/** Operations on workspace data. Every route under /api/v1 names one of these or a public/user-level one. */
export const OPERATIONS = {
  'calls.read': { minRole: 'viewer', scope: 'calls:read' },
  'opportunities.read': { minRole: 'viewer', scope: 'opportunities:read' },
  'opportunities.write': { minRole: 'member', scope: 'opportunities:write' },
  'leads.read': { minRole: 'viewer', scope: 'leads:read' },
  'leads.write': { minRole: 'member', scope: 'leads:write' },
  'bookings.read': { minRole: 'viewer', scope: 'leads:read' },
  'bookings.write': { minRole: 'member', scope: 'leads:write' },
  'messages.read': { minRole: 'viewer', scope: 'leads:read' },
  'agent.read': { minRole: 'member', scope: 'agent:read' },
  'agent.write': { minRole: 'admin', scope: 'agent:write' },
  'test_calls.run': { minRole: 'admin', scope: 'agent:write' },
  'webhooks.manage': { minRole: 'admin', scope: 'webhooks:manage' },
  'events.read': { minRole: 'admin', scope: 'webhooks:manage' },
  // A person's data whole, or its erasure (docs/privacy.md): admins, and keys made for the purpose.
  'privacy.manage': { minRole: 'admin', scope: 'privacy:manage' },
  'privacy.settings': { minRole: 'admin', scope: null },
  'audit_log.read': { minRole: 'owner', scope: null },
  'events.stream': {
    minRole: 'viewer',
    scope: 'calls:read',
    anyScope: ['calls:read', 'opportunities:read', 'leads:read', 'agent:read'],
  },
  // The insights read calls and deals together (docs/desk-api.md, Insights).
  'insights.read': {
    minRole: 'viewer',
    scope: 'calls:read',
    allScopes: ['calls:read', 'opportunities:read'],
  },
  'calendar_feed.manage': { minRole: 'viewer', scope: null },
  /** A member's own alerts (docs/notifications.md): theirs alone, so a session's. */
  'notifications.settings': { minRole: 'viewer', scope: null },
  /** Whether email and texts can be sent at all, for the console to say so. */
  'notifications.status': { minRole: 'viewer', scope: null },
  'workspace.update': { minRole: 'admin', scope: null },
  'members.read': { minRole: 'viewer', scope: null },
  'members.manage': { minRole: 'admin', scope: null },
  'invitations.manage': { minRole: 'admin', scope: null },
  'api_keys.manage': { minRole: 'admin', scope: null },
  'phone_numbers.manage': { minRole: 'admin', scope: null },
  'workspace.transfer': { minRole: 'owner', scope: null },
  'workspace.delete': { minRole: 'owner', scope: null },
  'session.read': { minRole: 'viewer', scope: null },
  'session.end': { minRole: 'viewer', scope: null },
} as const satisfies Record<string, OperationRule>;

export type WorkspaceOperation = keyof typeof OPERATIONS;
/** `public`: no credential needed. `user`: a signed-in user, acting across their workspaces. */
export type Operation = WorkspaceOperation | 'public' | 'user';

export type Principal =
  | {
      kind: 'session';
      userId: string;
      workspaceId: string;
      role: Role;
      sessionHash: string;
      csrfToken: string;
    }
  | {
      kind: 'key';
      keyId: string;
      workspaceId: string;
      creatorId: string;
      creatorRole: Role;
      scopes: readonly Scope[];
    };

export type Decision =
  | { allowed: true }
  | { allowed: false; code: 'forbidden' | 'insufficient_scope'; message: string };

export function roleAtLeast(role: Role, min: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(min);
}

/** A key acts with its own scopes intersected with what its creator's current role allows. */
export function effectiveScopes(keyScopes: readonly Scope[], creatorRole: Role): Scope[] {
  const ceiling = ROLE_SCOPE_CEILING[creatorRole];
  return keyScopes.filter((s) => ceiling.includes(s));
}

export function authorize(principal: Principal, operation: WorkspaceOperation): Decision {
  const rule: OperationRule = OPERATIONS[operation];
  if (principal.kind === 'session') {
    if (roleAtLeast(principal.role, rule.minRole)) return { allowed: true };
    return {
      allowed: false,
      code: 'forbidden',
      message: `Your role (${principal.role}) does not allow this.`,
    };
  }
  if (rule.scope === null) {
    return {
      allowed: false,
      code: 'forbidden',
      message: 'API keys cannot perform this operation; sign in to the console.',
    };
  }
  const held = effectiveScopes(principal.scopes, principal.creatorRole);
  const missing = (rule.allScopes ?? []).find((s) => !held.includes(s));
  if (missing !== undefined) {
    return {
      allowed: false,
      code: 'insufficient_scope',
      message: `This API key lacks the ${missing} scope.`,
    };
  }
  const accepted = rule.anyScope ?? [rule.scope];
  if (!accepted.some((s) => held.includes(s))) {
    return {
      allowed: false,
      code: 'insufficient_scope',
      message:
        accepted.length === 1
          ? `This API key lacks the ${rule.scope} scope.`
          : `This API key needs one of the scopes ${accepted.join(', ')}.`,
    };
  }
  // Scopes are bounded by the ceiling, and every scope's ceiling matches the operation's
  // minimum role, but check the role too so a table edit cannot widen a key silently.
  if (!roleAtLeast(principal.creatorRole, rule.minRole)) {
    return {
      allowed: false,
      code: 'insufficient_scope',
      message: `This API key lacks the ${rule.scope} scope.`,
    };
  }
  return { allowed: true };
}

/** Roles a member of `role` may grant to others (invitations, role changes). Never owner. */
export function grantableRoles(role: Role): Role[] {
  if (role === 'owner') return ['admin', 'member', 'viewer'];
  if (role === 'admin') return ['admin', 'member', 'viewer'];
  return [];
}
