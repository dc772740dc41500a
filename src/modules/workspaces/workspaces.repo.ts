import type { Role } from '../../auth/permissions.js';
import type { Queryable } from '../../db/client.js';
import { afterId } from '../../db/list-page.js';
import { optional } from '../../db/optional-filter.js';
import { notifyLive } from '../../events/outbox.js';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  /** False while the name is one the service made up (the first owner's email local part). */
  name_chosen?: boolean;
  password_hash: string;
  created_at: Date;
}

export interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: Role;
  joined_at: Date;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0] ?? null;
}

export async function findUser(db: Queryable, userId: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [userId]);
  return rows[0] ?? null;
}

export async function insertUser(db: Queryable, user: UserRow): Promise<void> {
  await db.query(
    'INSERT INTO users (id, email, name, name_chosen, password_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [user.id, user.email, user.name, user.name_chosen ?? true, user.password_hash, user.created_at],
  );
}

/** A person's own name, as they chose it. */
export async function setUserName(db: Queryable, userId: string, name: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    'UPDATE users SET name = $2, name_chosen = true WHERE id = $1 RETURNING *',
    [userId, name],
  );
  return rows[0] ?? null;
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

/** `operatorManaged`: made by the service's operator, whose invitations may create accounts. */
export async function insertWorkspace(
  db: Queryable,
  id: string,
  name: string,
  createdAt: Date,
  operatorManaged = false,
): Promise<void> {
  await db.query('INSERT INTO workspaces (id, name, created_at, operator_managed) VALUES ($1, $2, $3, $4)', [
    id,
    name,
    createdAt,
    operatorManaged,
  ]);
}

export interface WorkspaceRow {
  id: string;
  name: string;
  /** IANA zone the console reads its times in. */
  time_zone: string;
  /** Made at the first start or by `callagent workspace create` (docs/api.md, invitations). */
  operator_managed: boolean;
  /** Calls that start while this is on are recorded (docs/privacy.md, "Call recordings"). */
  call_recording: boolean;
  created_at: Date;
}

export async function updateWorkspace(
  db: Queryable,
  workspaceId: string,
  patch: { name?: string | undefined; time_zone?: string | undefined; call_recording?: boolean | undefined },
): Promise<WorkspaceRow | null> {
  const rows = await db.query<WorkspaceRow>(
    `UPDATE workspaces SET name = coalesce($2, name), time_zone = coalesce($3, time_zone),
            call_recording = coalesce($4, call_recording)
      WHERE id = $1 RETURNING *`,
    [workspaceId, patch.name ?? null, patch.time_zone ?? null, patch.call_recording ?? null],
  );
  return rows[0] ?? null;
}

/** The workspace row locked, so a change and its audit entry see the value they replace. */
export async function lockWorkspace(db: Queryable, workspaceId: string): Promise<WorkspaceRow | null> {
  const rows = await db.query<WorkspaceRow>('SELECT * FROM workspaces WHERE id = $1 FOR UPDATE', [
    workspaceId,
  ]);
  return rows[0] ?? null;
}

export async function findWorkspace(db: Queryable, workspaceId: string): Promise<WorkspaceRow | null> {
  const rows = await db.query<WorkspaceRow>('SELECT * FROM workspaces WHERE id = $1', [workspaceId]);
  return rows[0] ?? null;
}

export async function insertMembership(
  db: Queryable,
  workspaceId: string,
  userId: string,
  role: Role,
  at: Date,
): Promise<void> {
  await db.query('INSERT INTO memberships (workspace_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)', [
    workspaceId,
    userId,
    role,
    at,
  ]);
}

export async function findMember(
  db: Queryable,
  workspaceId: string,
  userId: string,
): Promise<MemberRow | null> {
  const rows = await db.query<MemberRow>(
    `SELECT m.user_id, u.email, u.name, m.role, m.joined_at
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.workspace_id = $1 AND m.user_id = $2`,
    [workspaceId, userId],
  );
  return rows[0] ?? null;
}

/** Members in the order they joined (newest first unless asc); the cursor is (joined_at, user_id). */
export async function listMembers(
  db: Queryable,
  workspaceId: string,
  page: { after: { joinedAt: Date; userId: string } | null; order: 'asc' | 'desc'; limit: number },
): Promise<MemberRow[]> {
  const cmp = page.order === 'desc' ? '<' : '>';
  const pastCursor = `(m.joined_at, m.user_id) ${cmp} ($2::timestamptz, $3::text)`;
  return db.query<MemberRow>(
    `SELECT m.user_id, u.email, u.name, m.role, m.joined_at
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.workspace_id = $1
        AND ${optional(page.after, 2, 'timestamptz', pastCursor, [3, 'text'])}
      ORDER BY m.joined_at ${page.order}, m.user_id ${page.order} LIMIT $4`,
    [workspaceId, page.after?.joinedAt ?? null, page.after?.userId ?? null, page.limit + 1],
  );
}

export interface UserWorkspaceRow {
  id: string;
  name: string;
  role: Role;
  created_at: Date;
  joined_at: Date;
}

export async function listUserWorkspaces(
  db: Queryable,
  userId: string,
  page: { after: string | null; order: 'asc' | 'desc'; limit: number },
): Promise<UserWorkspaceRow[]> {
  return db.query<UserWorkspaceRow>(
    `SELECT w.id, w.name, w.created_at, m.role, m.joined_at
       FROM memberships m JOIN workspaces w ON w.id = m.workspace_id
      WHERE m.user_id = $1 AND ${afterId(page.order, 2, 'w.id', page.after)}
      ORDER BY w.id ${page.order} LIMIT $3`,
    [userId, page.after, page.limit + 1],
  );
}

/** The workspace a sign-in without workspace_id lands in: the one joined first. */
export async function firstWorkspaceOf(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db.query<{ workspace_id: string }>(
    'SELECT workspace_id FROM memberships WHERE user_id = $1 ORDER BY joined_at, workspace_id LIMIT 1',
    [userId],
  );
  return rows[0]?.workspace_id ?? null;
}

export async function setRole(db: Queryable, workspaceId: string, userId: string, role: Role): Promise<void> {
  await db.query('UPDATE memberships SET role = $3 WHERE workspace_id = $1 AND user_id = $2', [
    workspaceId,
    userId,
    role,
  ]);
  // Open streams of theirs narrow (or widen) what flows at once.
  await notifyLive(db, { w: workspaceId, t: 'access', id: userId });
}

export async function deleteMembership(
  db: Queryable,
  workspaceId: string,
  userId: string,
  at: Date,
): Promise<void> {
  await db.query('DELETE FROM memberships WHERE workspace_id = $1 AND user_id = $2', [workspaceId, userId]);
  // Their sessions in this workspace end now, and their keys are revoked, so that adding the
  // same person back later does not bring old credentials back to life.
  await db.query('DELETE FROM sessions WHERE workspace_id = $1 AND user_id = $2', [workspaceId, userId]);
  await db.query(
    'UPDATE api_keys SET revoked_at = $3 WHERE workspace_id = $1 AND created_by = $2 AND revoked_at IS NULL',
    [workspaceId, userId, at],
  );
  await notifyLive(db, { w: workspaceId, t: 'access', id: userId });
}

/** The oldest workspace, for tools that act on "the" workspace of a single-business install. */
export async function findFirstWorkspaceId(db: Queryable): Promise<string | null> {
  const rows = await db.query<{ id: string }>('SELECT id FROM workspaces ORDER BY created_at, id LIMIT 1');
  return rows[0]?.id ?? null;
}

export async function countUsers(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return rows[0]?.n ?? 0;
}
