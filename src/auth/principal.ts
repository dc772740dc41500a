import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.js';
import type { Principal } from './permissions.js';

export type SessionPrincipal = Extract<Principal, { kind: 'session' }>;

/** The principal the auth hook attached; routes with a workspace operation always have one. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiError('unauthenticated', 'Sign in, or send an API key.');
  return request.principal;
}

export function requireSession(request: FastifyRequest): SessionPrincipal {
  const p = requirePrincipal(request);
  if (p.kind !== 'session')
    throw new ApiError('forbidden', 'API keys cannot perform this operation; sign in to the console.');
  return p;
}

/** Who acted, as stored in created_by / author columns: the user, or the key's creator. */
export function actorId(p: Principal): string {
  return p.kind === 'session' ? p.userId : p.creatorId;
}
