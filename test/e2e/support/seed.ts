import { type CallagentClient, createClient } from '../../../sdk/src/index.js';
import { HOT_SELLER, type SellerAnswers, sellerSteps } from '../../support/dialog/sellers.js';
import { OWNER } from './service.js';

export const PASSWORD = 'correct horse battery staple';
/** The name the owner gives themselves at their first sign-in. */
export const OWNER_NAME = 'Olivia Grant';

/** A signed-in session of a Node process: the cookie and CSRF token a browser would hold. */
export interface NodeSession {
  cookie: string;
  csrf: string;
}

export async function signInNode(baseUrl: string, email: string, password: string): Promise<NodeSession> {
  const res = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const body = (await res.json()) as { csrf_token: string };
  return { cookie, csrf: body.csrf_token };
}

export async function asSession<T>(
  baseUrl: string,
  s: NodeSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      cookie: s.cookie,
      'x-csrf-token': s.csrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Invites someone with a role and accepts for them, as the invitation link would. */
export async function addPerson(baseUrl: string, owner: NodeSession, role: 'admin' | 'member' | 'viewer') {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@desk.test`;
  const invitation = await asSession<{ token: string }>(baseUrl, owner, 'POST', '/api/v1/invitations', {
    email,
    role,
  });
  const res = await fetch(`${baseUrl}/api/v1/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: invitation.token,
      name: `${role[0]?.toUpperCase()}${role.slice(1)} Person`,
      password: PASSWORD,
    }),
  });
  if (res.status !== 200) throw new Error(`accept failed: ${res.status}`);
  const ping = (await res.json()) as { user: { id: string } };
  return {
    email,
    password: PASSWORD,
    id: ping.user.id,
    name: `${role[0]?.toUpperCase()}${role.slice(1)} Person`,
  };
}

/** The owner's session, and an API key with every scope for seeding through the SDK. */
export async function ownerSetup(
  baseUrl: string,
): Promise<{ session: NodeSession; client: CallagentClient }> {
  const session = await signInNode(baseUrl, OWNER.email, OWNER.password);
  const key = await asSession<{ key: string }>(baseUrl, session, 'POST', '/api/v1/api-keys', {
    name: 'e2e seed',
    scopes: [
      'calls:read',
      'opportunities:read',
      'opportunities:write',
      'leads:read',
      'leads:write',
      'agent:read',
      'agent:write',
      'webhooks:manage',
    ],
  });
  // The first start named the owner after their email; a desk's owner has a name.
  await asSession(baseUrl, session, 'PATCH', '/api/v1/account', { name: OWNER_NAME });
  return { session, client: createClient({ baseUrl, apiKey: key.key }) };
}

/** Opens the agent all week, so calls qualify sellers whatever the hour the tests run at. */
export async function publishAllHours(client: CallagentClient): Promise<void> {
  const draft = await client.agent.getDraft();
  const open = [{ start: '00:00', end: '23:59' }];
  const week = { mon: open, tue: open, wed: open, thu: open, fri: open, sat: open, sun: open };
  await client.agent.putDraft({ config: { ...draft.config, hours: { ...draft.config.hours, week } } });
  await client.agent.publish();
}

/** A test call of the published agent, answered with a seller's script, then hung up. */
export async function sellerCall(
  client: CallagentClient,
  from: string,
  answers: SellerAnswers = HOT_SELLER,
): Promise<string> {
  const started = await client.testCalls.start({ from, agent: 'published' });
  for (const text of sellerSteps(answers)) {
    const turn = await client.testCalls.say(started.call_id, { text });
    if (turn.ended) break;
  }
  await client.testCalls.hangup(started.call_id);
  return started.call_id;
}
