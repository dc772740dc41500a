import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CallagentError, type ClientOptions, createClient, type FetchLike, type Lead } from './index.js';

// The client against a fake fetch: every request it makes is recorded, every answer scripted.

const KEY = 'cak_live_SECRETsecretSECRETsecretSECRETsecret0';
const BASE = 'https://api.callagent.test';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Answer = Response | Error | ((init: RequestInit) => Promise<Response>);

function fakeFetch(answers: Answer[]): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    const answer = answers.shift();
    if (answer === undefined) throw new Error('no scripted answer left');
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer(init);
    return answer;
  };
  return { fetch, sent };
}

const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

const apiError = (
  status: number,
  code: string,
  message = `an error ${code}`,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => jsonAnswer(status, { error: { code, message, request_id: 'req_server', ...extra } }, headers);

const lead = (n: number): Lead => ({
  id: `lead_${n}`,
  name: `Lead ${n}`,
  phone: `+4477009000${String(n).padStart(2, '0')}`,
  email: null,
  status: 'new',
  owner_id: null,
  note: null,
  source: 'api',
  owner_pinned: false,
  merged_into: null,
  created_at: '2026-11-23T09:30:00.000Z',
  updated_at: '2026-11-23T09:30:00.000Z',
});

function client(answers: Answer[], options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(answers);
  const sleeps: number[] = [];
  const c = createClient({
    baseUrl: `${BASE}/`,
    apiKey: KEY,
    fetch: fake.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  return { c, sent: fake.sent, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<CallagentError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof CallagentError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('requests', () => {
  it('sends the key as a bearer token, JSON headers, and a request id; Content-Type only with a body', async () => {
    const { c, sent } = client([jsonAnswer(200, lead(1)), jsonAnswer(201, lead(2))]);
    await c.leads.get('lead_1');
    await c.leads.create({ name: 'Sam Smith', phone: '07700 900123' });

    const [get, post] = sent;
    expect(get?.url).toBe(`${BASE}/api/v1/leads/lead_1`);
    expect(get?.method).toBe('GET');
    expect(get?.headers.Authorization).toBe(`Bearer ${KEY}`);
    expect(get?.headers.Accept).toBe('application/json');
    expect(get?.headers['User-Agent']).toMatch(/^callagent-sdk-node\/\d+\.\d+\.\d+ node\/v\d+/);
    expect(get?.headers['X-Request-Id']).toMatch(/^sdk_[0-9a-f]{32}$/);
    expect(get?.headers).not.toHaveProperty('Content-Type');
    expect(get?.body).toBeUndefined();

    expect(post?.method).toBe('POST');
    expect(post?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(post?.body ?? '')).toEqual({ name: 'Sam Smith', phone: '07700 900123' });
    expect(post?.headers['X-Request-Id']).not.toBe(get?.headers['X-Request-Id']);
  });

  it('uses the caller’s requestId, and refuses one the server would not honour before sending', async () => {
    const { c, sent } = client([jsonAnswer(201, lead(1))]);
    await c.leads.create({ name: 'A', phone: '07700900123' }, { requestId: 'crm-sync:lead:42' });
    expect(sent[0]?.headers['X-Request-Id']).toBe('crm-sync:lead:42');

    await expect(c.leads.create({ name: 'A', phone: '1' }, { requestId: 'has spaces' })).rejects.toThrow(
      TypeError,
    );
    await expect(c.leads.create({ name: 'A', phone: '1' }, { requestId: 'x'.repeat(129) })).rejects.toThrow(
      TypeError,
    );
    expect(sent).toHaveLength(1);
  });

  it('builds query strings from filters, skipping undefined and sending Dates as ISO', async () => {
    const page = { data: [], next_cursor: null };
    const { c, sent } = client([jsonAnswer(200, page), jsonAnswer(200, page)]);
    await c.calls.list({
      status: 'completed',
      from: '07700 900123',
      since: new Date('2026-11-01T00:00:00Z'),
      until: undefined,
      limit: 10,
    });
    await c.opportunities.list({ min_score: 0, order: 'asc' });
    const url = new URL(sent[0]?.url ?? '');
    expect(url.pathname).toBe('/api/v1/calls');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'completed',
      from: '07700 900123',
      since: '2026-11-01T00:00:00.000Z',
      limit: '10',
    });
    expect(sent[1]?.url).toBe(`${BASE}/api/v1/opportunities?min_score=0&order=asc`);
  });

  it('encodes ids into the path, and mirrors each route', async () => {
    const ok = () => jsonAnswer(200, {});
    const { c, sent } = client([
      ok(),
      ok(),
      ok(),
      ok(),
      ok(),
      ok(),
      ok(),
      ok(),
      new Response(null, { status: 204 }),
      ok(),
      ok(),
    ]);
    await c.leads.get('a/b?c');
    await c.opportunities.addNote('opp_1', { body: 'Rang back' });
    await c.calls.transcript('call_1');
    await c.bookings.freeSlots({ kind: 'viewing', limit: 3 });
    await c.webhooks.redeliver('wh_1', 'dlv_1');
    await c.agent.restore(3);
    await c.agent.putDraft({ config: {} as never });
    await c.testCalls.say('call_9', { text: 'hello' });
    await c.webhooks.delete('wh_1');
    await c.events.list({ type: 'lead.created' });
    await c.calls.modelUsage('call_1');
    expect(sent.map((s) => `${s.method} ${s.url.slice(BASE.length)}`)).toEqual([
      'GET /api/v1/leads/a%2Fb%3Fc',
      'POST /api/v1/opportunities/opp_1/notes',
      'GET /api/v1/calls/call_1/transcript',
      'GET /api/v1/bookings/free-slots?kind=viewing&limit=3',
      'POST /api/v1/webhooks/wh_1/deliveries/dlv_1/redeliver',
      'POST /api/v1/agent/versions/3/restore',
      'PUT /api/v1/agent/draft',
      'POST /api/v1/test-calls/call_9/turns',
      'DELETE /api/v1/webhooks/wh_1',
      'GET /api/v1/events?type=lead.created',
      'GET /api/v1/calls/call_1/model-usage',
    ]);
    // A bodiless POST sends no Content-Type.
    expect(sent[4]?.headers).not.toHaveProperty('Content-Type');
    expect(sent[4]?.body).toBeUndefined();
    await expect(c.leads.get('')).rejects.toThrow(TypeError);
    await expect(c.agent.getVersion(0)).rejects.toThrow(TypeError);
  });

  it('reads every insight with its range', async () => {
    const { c, sent } = client(Array.from({ length: 6 }, () => jsonAnswer(200, {})));
    const range = { from: '2026-11-01', to: '2026-11-30', bucket: 'week' as const };
    await c.insights.calls(range);
    await c.insights.funnel();
    await c.insights.speedToLead(range);
    await c.insights.bookings(range);
    await c.insights.agent({ from: '2026-11-01' });
    await c.insights.enquiries(range);
    const q = '?from=2026-11-01&to=2026-11-30&bucket=week';
    expect(sent.map((s) => `${s.method} ${s.url.slice(BASE.length)}`)).toEqual([
      `GET /api/v1/insights/calls${q}`,
      'GET /api/v1/insights/funnel',
      `GET /api/v1/insights/speed-to-lead${q}`,
      `GET /api/v1/insights/bookings${q}`,
      'GET /api/v1/insights/agent?from=2026-11-01',
      `GET /api/v1/insights/enquiries${q}`,
    ]);
  });

  it('reads the calendar feed as text and a 204 as undefined', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const { c, sent } = client([
      new Response(ics, { status: 200, headers: { 'content-type': 'text/calendar; charset=utf-8' } }),
      new Response(null, { status: 204 }),
    ]);
    expect(await c.bookings.calendar({ from: '2026-11-01T00:00:00Z' })).toBe(ics);
    expect(sent[0]?.headers.Accept).toMatch(/^text\/calendar/);
    expect(await c.webhooks.delete('wh_1')).toBeUndefined();
  });

  it('answers signing_secret null when a replayed create comes back without it', async () => {
    const endpoint = {
      id: 'wh_1',
      url: 'https://crm.example.com/in',
      events: ['lead.created'],
      description: null,
      status: 'enabled',
      disabled_reason: null,
      created_at: '2026-11-21T09:30:00.000Z',
      updated_at: '2026-11-21T09:30:00.000Z',
    };
    const { c } = client([
      jsonAnswer(201, { ...endpoint, signing_secret: 'whsec_abc' }),
      jsonAnswer(201, endpoint, { 'idempotent-replayed': 'true' }),
    ]);
    const params = { url: endpoint.url, events: ['lead.created' as const] };
    expect((await c.webhooks.create(params)).signing_secret).toBe('whsec_abc');
    expect((await c.webhooks.create(params)).signing_secret).toBeNull();
  });
});

describe('retries', () => {
  it('retries a 429 after its Retry-After, with the same X-Request-Id and body', async () => {
    const { c, sent, sleeps } = client([
      apiError(429, 'rate_limited', 'Too many requests', {}, { 'retry-after': '2' }),
      jsonAnswer(201, lead(1)),
    ]);
    const created = await c.leads.create({ name: 'Sam', phone: '07700900123' });
    expect(created.id).toBe('lead_1');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers['X-Request-Id']).toBe(sent[0]?.headers['X-Request-Id']);
    expect(sent[1]?.body).toBe(sent[0]?.body);
    expect(sleeps).toEqual([2000]);
  });

  it('reads Retry-After given as an HTTP date', async () => {
    const at = new Date(Date.now() + 3_000).toUTCString();
    const { c, sleeps } = client([
      apiError(429, 'rate_limited', 'slow down', {}, { 'retry-after': at }),
      jsonAnswer(200, lead(1)),
    ]);
    await c.leads.get('lead_1');
    expect(sleeps[0]).toBeGreaterThanOrEqual(2000);
    expect(sleeps[0]).toBeLessThanOrEqual(4000);
  });

  it('does not wait for a Retry-After above the cap: the 429 is thrown with retryAfterSeconds', async () => {
    const { c, sent, sleeps } = client(
      [apiError(429, 'rate_limited', 'slow down', {}, { 'retry-after': '900' })],
      { maxRetryAfterSeconds: 60 },
    );
    const err = await failure(c.leads.list());
    expect(err).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 900 });
    expect(sent).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries a 503 and a network error on a POST with the same X-Request-Id', async () => {
    const { c, sent } = client([
      apiError(503, 'unavailable'),
      new TypeError('fetch failed'),
      jsonAnswer(201, { call_id: 'call_1', reply: 'Hello', ended: false }),
    ]);
    const started = await c.testCalls.start({ from: '+447700900123' }, { requestId: 'start-1' });
    expect(started.call_id).toBe('call_1');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.headers['X-Request-Id']))).toEqual(new Set(['start-1']));
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);
  });

  it('retries GET, PUT, PATCH and DELETE the same way', async () => {
    const { c, sent } = client([
      apiError(500, 'internal'),
      jsonAnswer(200, lead(1)),
      apiError(502, 'internal'),
      jsonAnswer(200, lead(1)),
      new TypeError('fetch failed'),
      jsonAnswer(200, {}),
      apiError(503, 'unavailable'),
      new Response(null, { status: 204 }),
    ]);
    await c.leads.get('lead_1');
    await c.leads.update('lead_1', { status: 'working' });
    await c.agent.putDraft({ config: {} as never });
    await c.webhooks.delete('wh_1');
    expect(sent.map((s) => s.method)).toEqual([
      'GET',
      'GET',
      'PATCH',
      'PATCH',
      'PUT',
      'PUT',
      'DELETE',
      'DELETE',
    ]);
  });

  it('backs off exponentially with jitter between half and all of the delay', async () => {
    const failures = () => [apiError(500, 'internal'), apiError(500, 'internal'), apiError(500, 'internal')];
    const low = client([...failures(), jsonAnswer(200, lead(1))], { maxRetries: 3, random: () => 0 });
    await low.c.leads.get('lead_1');
    expect(low.sleeps).toEqual([250, 500, 1000]);
    const high = client([...failures(), jsonAnswer(200, lead(1))], {
      maxRetries: 3,
      random: () => 0.999999,
      retryMaxDelayMs: 1500,
    });
    await high.c.leads.get('lead_1');
    expect(high.sleeps.map(Math.round)).toEqual([500, 1000, 1500]);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const { c, sent } = client([
      apiError(503, 'unavailable'),
      apiError(503, 'unavailable'),
      apiError(500, 'internal'),
    ]);
    const err = await failure(c.leads.list());
    expect(err).toMatchObject({ status: 500, code: 'internal' });
    expect(sent).toHaveLength(3);

    const none = client([apiError(503, 'unavailable')], { maxRetries: 0 });
    expect((await failure(none.c.leads.list())).code).toBe('unavailable');
    expect(none.sent).toHaveLength(1);
  });

  it.each([
    [400, 'validation_failed'],
    [401, 'unauthenticated'],
    [403, 'insufficient_scope'],
    [404, 'not_found'],
    [409, 'conflict'],
    [409, 'idempotency_conflict'],
    [413, 'payload_too_large'],
  ])('never retries a %i %s', async (status, code) => {
    const { c, sent, sleeps } = client([apiError(status, code), jsonAnswer(201, lead(1))]);
    const err = await failure(c.leads.create({ name: 'Sam', phone: '07700900123' }));
    expect(err).toMatchObject({ status, code });
    expect(sent).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('asks again when a retry after a lost answer finds the first attempt still in progress', async () => {
    const { c, sent } = client([
      new TypeError('fetch failed'),
      apiError(409, 'idempotency_conflict', 'A request with this X-Request-Id is still in progress.'),
      jsonAnswer(201, lead(1), { 'idempotent-replayed': 'true' }),
    ]);
    expect((await c.leads.create({ name: 'Sam', phone: '07700900123' })).id).toBe('lead_1');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.headers['X-Request-Id'])).size).toBe(1);
  });

  it('treats a 404 on a retried DELETE whose first attempt may have landed as done', async () => {
    const landed = client([new TypeError('fetch failed'), apiError(404, 'not_found')]);
    expect(await landed.c.webhooks.delete('wh_1')).toBeUndefined();
    expect(landed.sent).toHaveLength(2);

    // After a 429 nothing was deleted: a 404 then means there was nothing to delete.
    const limited = client([
      apiError(429, 'rate_limited', 'slow', {}, { 'retry-after': '1' }),
      apiError(404, 'not_found'),
    ]);
    expect((await failure(limited.c.webhooks.delete('wh_1'))).code).toBe('not_found');
    const first = client([apiError(404, 'not_found')]);
    expect((await failure(first.c.webhooks.delete('wh_1'))).code).toBe('not_found');
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    const controller = new AbortController();
    const { c, sent } = client([
      (init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          controller.abort(new Error('caller gave up'));
        }),
    ]);
    await expect(c.leads.list({}, { signal: controller.signal })).rejects.toThrow('caller gave up');
    expect(sent).toHaveLength(1);
  });
});

describe('errors', () => {
  it('maps the contract’s error body: status, code, message, request id, details', async () => {
    const { c } = client([
      apiError(400, 'validation_failed', 'Invalid body: phone: must be a phone number', {
        details: [{ path: 'phone', message: 'must be a phone number' }],
      }),
    ]);
    const err = await failure(c.leads.create({ name: 'Sam', phone: 'abc' }));
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('CallagentError');
    expect(err).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid body: phone: must be a phone number',
      requestId: 'req_server',
      details: [{ path: 'phone', message: 'must be a phone number' }],
      retryAfterSeconds: null,
    });
  });

  it('gives retryAfterSeconds on a 429 once retries are spent', async () => {
    const limited = () => apiError(429, 'rate_limited', 'slow down', {}, { 'retry-after': '1' });
    const { c, sent } = client([limited(), limited(), limited()]);
    const err = await failure(c.leads.list());
    expect(err).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 1, details: [] });
    expect(sent).toHaveLength(3);
  });

  it('reports network failures as network_error and timeouts as timeout, with the request id sent', async () => {
    const down = client([new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })], {
      maxRetries: 0,
    });
    const err = await failure(down.c.leads.list({}, { requestId: 'mine-1' }));
    expect(err).toMatchObject({ status: 0, code: 'network_error', requestId: 'mine-1' });
    expect(err.message).toContain('ECONNREFUSED');

    const hangs = (init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const slow = client([hangs, hangs], { timeoutMs: 20, maxRetries: 1 });
    const timedOut = await failure(slow.c.leads.get('lead_1'));
    expect(timedOut).toMatchObject({ status: 0, code: 'timeout' });
    expect(slow.sent).toHaveLength(2);
  });

  it('says invalid_response for answers that are not the API’s', async () => {
    const html = () => new Response('<html>Bad gateway</html>', { status: 502 });
    const proxy = client([html(), html(), html()]);
    const err = await failure(proxy.c.leads.list());
    expect(err).toMatchObject({ status: 502, code: 'invalid_response' });
    expect(proxy.sent).toHaveLength(3);

    const garbled = client([new Response('not json', { status: 200, headers: { 'x-request-id': 'req_x' } })]);
    expect(await failure(garbled.c.leads.get('lead_1'))).toMatchObject({
      status: 200,
      code: 'invalid_response',
      requestId: 'req_x',
    });

    const moved = client([
      new Response(null, { status: 301, headers: { location: 'https://elsewhere.test/' } }),
    ]);
    const redirect = await failure(moved.c.leads.list());
    expect(redirect).toMatchObject({ status: 301, code: 'invalid_response' });
    expect(redirect.message).toContain('redirect');
  });
});

describe('pagination', () => {
  const pages = () => [
    jsonAnswer(200, { data: [lead(1), lead(2)], next_cursor: 'c1' }),
    jsonAnswer(200, { data: [lead(3), lead(4)], next_cursor: 'c2' }),
    jsonAnswer(200, { data: [lead(5)], next_cursor: null }),
  ];

  it('list answers one page', async () => {
    const { c, sent } = client(pages());
    const page = await c.leads.list({ status: 'new', limit: 2 });
    expect(page.data.map((l) => l.id)).toEqual(['lead_1', 'lead_2']);
    expect(page.next_cursor).toBe('c1');
    expect(sent).toHaveLength(1);
  });

  it('iterate follows next_cursor to the end, keeping the filters on every page', async () => {
    const { c, sent } = client(pages());
    const ids: string[] = [];
    for await (const l of c.leads.iterate({ status: 'new', limit: 2 })) ids.push(l.id);
    expect(ids).toEqual(['lead_1', 'lead_2', 'lead_3', 'lead_4', 'lead_5']);
    expect(sent.map((s) => s.url.slice(BASE.length))).toEqual([
      '/api/v1/leads?status=new&limit=2',
      '/api/v1/leads?status=new&limit=2&cursor=c1',
      '/api/v1/leads?status=new&limit=2&cursor=c2',
    ]);
  });

  it('iterate fetches pages only as the loop needs them', async () => {
    const { c, sent } = client(pages());
    for await (const l of c.leads.iterate()) {
      expect(l.id).toBe('lead_1');
      break;
    }
    expect(sent).toHaveLength(1);
  });

  it('listAll collects every page; a starting cursor is honoured', async () => {
    const { c } = client(pages());
    expect((await c.leads.listAll()).map((l) => l.id)).toHaveLength(5);
    const from = client(pages().slice(1));
    const rest = await from.c.leads.listAll({ cursor: 'c1' });
    expect(rest.map((l) => l.id)).toEqual(['lead_3', 'lead_4', 'lead_5']);
    expect(from.sent[0]?.url).toContain('cursor=c1');
  });

  it('retries a failed page in the middle of an iteration', async () => {
    const [p1, p2, p3] = pages();
    const { c, sent } = client([
      p1 as Response,
      apiError(503, 'unavailable'),
      p2 as Response,
      p3 as Response,
    ]);
    expect(await c.leads.listAll()).toHaveLength(5);
    expect(sent[2]?.url).toContain('cursor=c1');
  });

  it('iterates deliveries and agent versions too, and stops on a cursor that repeats', async () => {
    const { c, sent } = client([
      jsonAnswer(200, { data: [{ id: 'dlv_1' }], next_cursor: 'd1' }),
      jsonAnswer(200, { data: [{ id: 'dlv_2' }], next_cursor: null }),
      jsonAnswer(200, { data: [], next_cursor: null }),
      jsonAnswer(200, { data: [lead(1)], next_cursor: 'same' }),
      jsonAnswer(200, { data: [lead(2)], next_cursor: 'same' }),
    ]);
    const ids: string[] = [];
    for await (const d of c.webhooks.iterateDeliveries('wh_1', { status: 'failed' })) ids.push(d.id);
    expect(ids).toEqual(['dlv_1', 'dlv_2']);
    expect(sent[1]?.url).toBe(`${BASE}/api/v1/webhooks/wh_1/deliveries?status=failed&cursor=d1`);
    expect(await c.agent.versions()).toEqual({ data: [], next_cursor: null });
    expect((await failure(c.leads.listAll())).code).toBe('invalid_response');
  });
});

describe('the API key stays secret', () => {
  it('is not in the client’s properties, JSON, string or inspect output', () => {
    const { c } = client([]);
    expect(Object.keys(c)).not.toContain('apiKey');
    expect(JSON.stringify(c)).not.toContain(KEY);
    expect(String(c)).toBe(`CallagentClient { baseUrl: "${BASE}" }`);
    expect(`${c}`).not.toContain(KEY);
    expect(inspect(c)).not.toContain(KEY);
    expect(
      inspect(c, { showHidden: true, depth: Number.POSITIVE_INFINITY, customInspect: false }),
    ).not.toContain(KEY);
    for (const resource of Object.values(c)) {
      expect(inspect(resource, { showHidden: true, depth: Number.POSITIVE_INFINITY })).not.toContain(KEY);
    }
    expect(c.baseUrl).toBe(BASE);
  });

  it('is not in errors, whatever failed', async () => {
    const { c } = client(
      [
        apiError(401, 'unauthenticated', 'Missing or invalid credentials.'),
        new TypeError('fetch failed'),
        new Response('<html>oops</html>', { status: 500 }),
      ],
      { maxRetries: 0 },
    );
    const errors = [
      await failure(c.leads.list()),
      await failure(c.leads.list()),
      await failure(c.leads.list()),
    ];
    for (const err of errors) {
      const shown = [
        err.message,
        String(err),
        err.stack ?? '',
        JSON.stringify(err),
        inspect(err, { depth: 10 }),
      ];
      for (const text of shown) expect(text).not.toContain(KEY);
    }
  });

  it('is required, and its absence or a malformed one is reported without echoing it', () => {
    expect(() => createClient({ baseUrl: BASE, apiKey: '' })).toThrow('apiKey is required');
    const bad = 'cak_live_with a space';
    try {
      createClient({ baseUrl: BASE, apiKey: bad });
      throw new Error('expected a TypeError');
    } catch (err) {
      expect(err).toBeInstanceOf(TypeError);
      expect(String(err)).not.toContain(bad);
    }
    expect(() => createClient({ baseUrl: 'callagent.example.com', apiKey: KEY })).toThrow(TypeError);
    expect(() => createClient({ baseUrl: 'https://u:p@callagent.example.com', apiKey: KEY })).toThrow(
      TypeError,
    );
  });
});
