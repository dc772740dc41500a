import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { isKnownAddress, rememberAddress } from '../../auth/known-addresses.js';
import { verifyPassword } from '../../auth/passwords.js';
import { ROLES } from '../../auth/permissions.js';
import {
  createSession,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  sessionCookieOptions,
} from '../../auth/sessions.js';
import { clearSignInFailures, countSignInAttempt } from '../../auth/throttle.js';
import type { Database } from '../../db/client.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import { clientNetwork } from '../../lib/network.js';
import {
  findMember,
  findUser,
  findUserByEmail,
  findWorkspace,
  firstWorkspaceOf,
} from '../workspaces/workspaces.repo.js';

export const PingBody = z
  .object({
    ok: z.literal(true),
    csrf_token: z.string(),
    user: z.object({
      id: z.string(),
      role: z.enum(ROLES),
      email: z.string(),
      name: z.string(),
      needs_name: z
        .boolean()
        .describe(
          'The name is one the service made up (the first owner is named after their email): ask them for theirs (PATCH /api/v1/account).',
        ),
    }),
    workspace: z.object({
      id: z.string(),
      name: z.string(),
      time_zone: z.string().describe('IANA time zone the workspace reads its times in, e.g. Europe/London.'),
      operator_managed: z
        .boolean()
        .describe(
          "Set up by the service's operator (first start, `callagent workspace create`): only such a workspace's invitations may create new accounts.",
        ),
      call_recording: z
        .boolean()
        .describe('Calls that start now are recorded (PATCH /api/v1/workspace; docs/privacy.md).'),
    }),
  })
  .meta({ id: 'Ping' });
export type PingBody = z.infer<typeof PingBody>;

const BAD_CREDENTIALS = 'The email or password is not correct.';

export async function buildPing(
  db: Database,
  userId: string,
  workspaceId: string,
  csrfToken: string,
): Promise<PingBody> {
  const [user, member, workspace] = await Promise.all([
    findUser(db, userId),
    findMember(db, workspaceId, userId),
    findWorkspace(db, workspaceId),
  ]);
  if (!user || !member || !workspace) throw new ApiError('unauthenticated', 'The session has ended.');
  return {
    ok: true,
    csrf_token: csrfToken,
    user: {
      id: user.id,
      role: member.role,
      email: user.email,
      name: user.name,
      needs_name: user.name_chosen === false,
    },
    workspace: {
      id: workspace.id,
      name: workspace.name,
      time_zone: workspace.time_zone,
      operator_managed: workspace.operator_managed,
      call_recording: workspace.call_recording,
    },
  };
}

/** Starts a session in a workspace the user belongs to and sets the cookie. */
export async function startSession(
  db: Database,
  clock: Clock,
  reply: FastifyReply,
  userId: string,
  workspaceId: string,
): Promise<PingBody> {
  const session = await createSession(db, clock, userId, workspaceId);
  reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(SESSION_ABSOLUTE_MS / 1000));
  return buildPing(db, userId, workspaceId, session.csrfToken);
}

/**
 * Checks the credentials under the sign-in throttles (src/auth/throttle.ts): the attempt is
 * counted first and refused unchecked past a limit. A wrong email and a wrong password get the
 * same answer after the same work (the same statements, and a password hash always verified).
 */
export async function authenticateUser(
  db: Database,
  clock: Clock,
  secrets: SecretBox,
  input: { email: string; password: string; address: string },
): Promise<string> {
  const network = clientNetwork(input.address);
  const user = await findUserByEmail(db, input.email);
  // Keyed by the user too, so one network's digests differ from one user to the next.
  const digest = secrets.digest(network, `known-address:${user?.id ?? ''}`);
  const knownNetwork = await isKnownAddress(db, user?.id ?? null, digest);
  const counted = await countSignInAttempt(db, clock, { email: input.email, network, knownNetwork });
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !ok) throw new ApiError('unauthenticated', BAD_CREDENTIALS);
  await clearSignInFailures(db, counted);
  await rememberAddress(db, user.id, digest, clock.now());
  return user.id;
}

export async function chooseWorkspace(
  db: Database,
  userId: string,
  requested: string | undefined,
): Promise<string> {
  if (requested !== undefined) {
    if (!(await findMember(db, requested, userId))) throw notFound('workspace', requested);
    return requested;
  }
  const first = await firstWorkspaceOf(db, userId);
  if (!first)
    throw new ApiError(
      'forbidden',
      'You are not a member of any workspace; ask an admin for an invitation and accept it with your password.',
    );
  return first;
}
