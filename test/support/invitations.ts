import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Caller, call } from './factories.js';

export interface CreatedInvitationBody {
  id: string;
  email: string;
  role: string;
  invited_by: string;
  token: string;
}

/** Invites through the API, as an admin in the console would; fails the test unless 201. */
export async function invite(
  app: FastifyInstance,
  caller: Caller,
  email: string,
  role: 'admin' | 'member' | 'viewer',
): Promise<CreatedInvitationBody> {
  const res = await call(app, caller, 'POST', '/api/v1/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  return JSON.parse(res.body) as CreatedInvitationBody;
}

/** POST /api/v1/invitations/accept, without a session unless `headers` carry one. */
export function acceptInvitation(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/v1/invitations/accept', payload, headers });
}

/** The caller a successful accept or sign-in answers: its cookie and the CSRF token of the ping body. */
export function callerFrom(res: LightMyRequestResponse, userId: string, workspaceId: string): Caller {
  const header = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('callagent_session='));
  if (header === undefined) throw new Error('no session cookie was set');
  const cookie = String(header).split(';')[0] ?? '';
  const csrf = (JSON.parse(res.body) as { csrf_token: string }).csrf_token;
  return { headers: { cookie }, unsafeHeaders: { cookie, 'x-csrf-token': csrf }, userId, workspaceId };
}

/** An error body without its request id, to compare two answers byte for byte otherwise. */
export function errorWithoutRequestId(res: LightMyRequestResponse): unknown {
  const body = JSON.parse(res.body) as { error: Record<string, unknown> };
  const { request_id: _id, ...rest } = body.error;
  return { status: res.statusCode, error: rest };
}
