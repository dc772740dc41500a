import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/auth/passwords.js';
import type { Role, Scope } from '../../src/auth/permissions.js';
import { createSession } from '../../src/auth/sessions.js';
import type { Database } from '../../src/db/client.js';
import type { Clock } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import {
  insertMembership,
  insertUser,
  insertWorkspace,
} from '../../src/modules/workspaces/workspaces.repo.js';

export function randomEmail(): string {
  return `user-${randomBytes(5).toString('hex')}@example.test`;
}

export function randomName(): string {
  const first = ['Sam', 'Priya', 'Tom', 'Aisha', 'Joe', 'Mei', 'Olu', 'Kate'][
    randomBytes(1).readUInt8(0) % 8
  ];
  return `${first} ${randomBytes(3).toString('hex')}`;
}

export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | null = null;

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** A user with a known password; hashed once per file because Argon2 is deliberately slow. */
export async function createUser(db: Database, clock: Clock): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const user = { id: newId('usr'), email: randomEmail(), password: TEST_PASSWORD };
  await insertUser(db, {
    id: user.id,
    email: user.email,
    name: randomName(),
    password_hash: await passwordHash,
    created_at: clock.now(),
  });
  return user;
}

/** A workspace made in the console unless `operatorManaged` (as the first start and the CLI make one). */
export async function createWorkspace(
  db: Database,
  clock: Clock,
  owner: TestUser,
  options: { operatorManaged?: boolean } = {},
): Promise<string> {
  const id = newId('ws');
  await insertWorkspace(
    db,
    id,
    `Workspace ${randomBytes(3).toString('hex')}`,
    clock.now(),
    options.operatorManaged ?? false,
  );
  await insertMembership(db, id, owner.id, 'owner', clock.now());
  return id;
}

export async function addMember(
  db: Database,
  clock: Clock,
  workspaceId: string,
  role: Role,
): Promise<TestUser> {
  const user = await createUser(db, clock);
  await insertMembership(db, workspaceId, user.id, role, clock.now());
  return user;
}

/** A caller of the API: a session (cookie + CSRF token) or a bearer key. */
export interface Caller {
  headers: Record<string, string>;
  /** Headers for unsafe methods: the CSRF token for sessions, nothing extra for keys. */
  unsafeHeaders: Record<string, string>;
  userId: string;
  workspaceId: string;
}

export async function sessionCaller(
  db: Database,
  clock: Clock,
  user: TestUser,
  workspaceId: string,
): Promise<Caller> {
  const s = await createSession(db, clock, user.id, workspaceId);
  const cookie = `callagent_session=${s.token}`;
  return {
    headers: { cookie },
    unsafeHeaders: { cookie, 'x-csrf-token': s.csrfToken },
    userId: user.id,
    workspaceId,
  };
}

/** Creates a key through the API, as a real admin would. */
export async function keyCaller(
  app: FastifyInstance,
  creator: Caller,
  scopes: readonly Scope[],
): Promise<Caller & { keyId: string; key: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: creator.unsafeHeaders,
    payload: { name: 'test key', scopes },
  });
  if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
  const body = JSON.parse(res.body) as { id: string; key: string };
  const auth = { authorization: `Bearer ${body.key}` };
  return {
    headers: auth,
    unsafeHeaders: auth,
    userId: creator.userId,
    workspaceId: creator.workspaceId,
    keyId: body.id,
    key: body.key,
  };
}

export interface Tenant {
  workspaceId: string;
  owner: TestUser;
  users: Record<Role, TestUser>;
  callers: Record<Role, Caller>;
}

/** A workspace with one member of every role, each signed in. */
export async function createTenant(
  db: Database,
  clock: Clock,
  options: { operatorManaged?: boolean } = {},
): Promise<Tenant> {
  const owner = await createUser(db, clock);
  const workspaceId = await createWorkspace(db, clock, owner, options);
  const users: Record<Role, TestUser> = {
    owner,
    admin: await addMember(db, clock, workspaceId, 'admin'),
    member: await addMember(db, clock, workspaceId, 'member'),
    viewer: await addMember(db, clock, workspaceId, 'viewer'),
  };
  const callers = {} as Record<Role, Caller>;
  for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
    callers[role] = await sessionCaller(db, clock, users[role], workspaceId);
  }
  return { workspaceId, owner, users, callers };
}

/** inject() with a caller's headers chosen by method. */
export function call(
  app: FastifyInstance,
  caller: Caller | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const unsafe = method !== 'GET' && method !== 'HEAD';
  const headers = { ...(caller ? (unsafe ? caller.unsafeHeaders : caller.headers) : {}), ...extraHeaders };
  return app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
}
