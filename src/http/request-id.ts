import type { IncomingMessage } from 'node:http';
import { newId } from '../lib/ids.js';

const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A client-supplied X-Request-Id is used when it is a sane token; otherwise a `req_` id is made. */
export function pickRequestId(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  if (typeof sent === 'string' && CLIENT_ID.test(sent)) return sent;
  return newId('req');
}

export function isClientRequestId(req: IncomingMessage, id: string): boolean {
  return req.headers['x-request-id'] === id;
}
