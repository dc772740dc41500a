import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { ApiError } from '../../http/errors.js';
import type { SecretBox } from '../../lib/encryption.js';
import { normalisePhone } from '../../lib/phone.js';
import {
  findPhoneNumberByNumber,
  type PhoneNumberRow,
} from '../../modules/phone-numbers/phone-numbers.repo.js';
import { openAuthToken } from '../../modules/phone-numbers/phone-numbers.service.js';
import { type CallRoute, findCallRoute } from './call-route.repo.js';
import { type FormBody, singleValued } from './form-body.js';
import { isSignedByTwilio, signedUrl } from './signature.js';

export interface TwilioAuthDeps {
  db: Database;
  publicUrl: string;
  secrets: () => SecretBox;
}

/** What a verified Twilio request is about. */
export interface TwilioRequest {
  /** The number dialled; null only on number-keyed routes, when no workspace has registered it. */
  phone: PhoneNumberRow | null;
  /** The call named by ?call=, on call-keyed routes. */
  call: CallRoute | null;
  /** The single-valued form fields. */
  fields: Record<string, string>;
}

const verified = new WeakMap<FastifyRequest, TwilioRequest>();

/** The request's verified context; the route's hook must have run (a wiring fault otherwise). */
export function twilioRequest(request: FastifyRequest): TwilioRequest {
  const found = verified.get(request);
  if (!found) throw new Error(`${request.url} has no Twilio verification hook`);
  return found;
}

function formOf(request: FastifyRequest): FormBody {
  const body = request.body;
  if (body === null || typeof body !== 'object') {
    throw new ApiError('validation_failed', 'Twilio posts a form body (application/x-www-form-urlencoded).');
  }
  return body as FormBody;
}

function rejectSignature(request: FastifyRequest): ApiError {
  request.log.warn({ path: request.url.split('?')[0] }, 'Twilio signature rejected');
  return new ApiError(
    'forbidden',
    'The X-Twilio-Signature header is missing or does not match this request.',
  );
}

/** Throws 403 unless the request is signed with the number's auth token over PUBLIC_URL + path. */
export function checkSignature(
  deps: TwilioAuthDeps,
  request: FastifyRequest,
  phone: PhoneNumberRow,
  form: FormBody,
) {
  const token = openAuthToken(deps.secrets(), phone);
  const url = signedUrl(deps.publicUrl, request.url);
  if (!isSignedByTwilio(token, request.headers['x-twilio-signature'], url, form)) {
    throw rejectSignature(request);
  }
}

/**
 * For webhooks about the number dialled (voice, relay, status): the workspace is the one that
 * registered `To`, and the signature must verify with its token. An unregistered number has no
 * token to verify with; the route answers "not in service" and changes nothing.
 */
export function verifyByNumber(deps: TwilioAuthDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const form = formOf(request);
    const fields = singleValued(form);
    const number = normalisePhone(fields.To ?? '');
    const phone = number === null ? null : await findPhoneNumberByNumber(deps.db, number);
    if (phone) checkSignature(deps, request, phone, form);
    verified.set(request, { phone, call: null, fields });
  };
}

/**
 * For callbacks about one call (gather, dial-action, whisper, relay-action): the call named in
 * the query, verified with the token of the number it was made to, and only that call. `sid`
 * names the field that must carry the call's CallSid: the whisper runs on the desk's leg, whose
 * own CallSid differs and whose ParentCallSid is the caller's.
 */
export function verifyByCall(deps: TwilioAuthDeps, sid: 'CallSid' | 'ParentCallSid' = 'CallSid') {
  return async (request: FastifyRequest): Promise<void> => {
    const form = formOf(request);
    const callId = (request.query as Record<string, unknown> | undefined)?.call;
    const call =
      typeof callId === 'string' && callId.length <= 40 ? await findCallRoute(deps.db, callId) : null;
    if (!call) throw rejectSignature(request);
    checkSignature(deps, request, call.phone, form);
    const fields = singleValued(form);
    const carried = fields[sid];
    // Fail closed only on a contradiction: a signed request about another carrier call.
    if (carried !== undefined && call.callSid !== null && carried !== call.callSid)
      throw rejectSignature(request);
    verified.set(request, { phone: call.phone, call, fields });
  };
}
