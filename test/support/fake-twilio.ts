import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

// Tests only: Twilio's REST API as Twilio documents it, on loopback over real TLS, for the
// check a number registration makes (GET /2010-04-01/Accounts/{sid}/IncomingPhoneNumbers.json).
// Accounts and their numbers are what a test says; every request is kept for assertions.

export interface FakeTwilioTls {
  /** The CA that signed `cert`: the app trusts it for this server. */
  ca: string;
  key: string;
  cert: string;
}

export interface FakeTwilioAccount {
  sid: string;
  token: string;
}

export interface FakeTwilioRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The account SID of the Basic credentials, or null when there were none. */
  user: string | null;
}

export interface FakeTwilioApi {
  /** https://127.0.0.1:port, for TWILIO_API_URL. */
  url: string;
  ca: string;
  /** A new account that owns `numbers` (E.164). */
  addAccount(numbers?: readonly string[]): FakeTwilioAccount;
  requests: FakeTwilioRequest[];
  /** Answer every request with this HTTP status (an outage) until called with null. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

const LIST_PATH = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/IncomingPhoneNumbers\.json$/;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function twilioError(res: ServerResponse, status: number, code: number, message: string): void {
  send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
}

function basicUser(req: IncomingMessage): { user: string; password: string } | null {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return null;
  const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return user === undefined ? null : { user, password: rest.join(':') };
}

/** An IncomingPhoneNumber resource as Twilio answers it (the fields a reader may look at). */
function numberResource(accountSid: string, phoneNumber: string) {
  const sid = `PN${randomBytes(16).toString('hex')}`;
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    capabilities: { voice: true, sms: true, mms: false, fax: false },
    date_created: 'Mon, 16 Nov 2026 09:00:00 +0000',
    date_updated: 'Mon, 16 Nov 2026 09:00:00 +0000',
    friendly_name: phoneNumber,
    phone_number: phoneNumber,
    sid,
    status: 'in-use',
    uri: `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${sid}.json`,
    voice_method: 'POST',
    voice_url: 'https://callagent.test/telephony/twilio/voice',
  };
}

export async function startFakeTwilioApi(tls: FakeTwilioTls): Promise<FakeTwilioApi> {
  const accounts = new Map<string, { token: string; numbers: Set<string> }>();
  const requests: FakeTwilioRequest[] = [];
  let outage: number | null = null;

  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://api.twilio.com');
    const credentials = basicUser(req);
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      user: credentials?.user ?? null,
    });
    if (outage !== null) return twilioError(res, outage, 20500, 'Internal Server Error');
    const account = credentials ? accounts.get(credentials.user) : undefined;
    if (!credentials || !account || account.token !== credentials.password) {
      return twilioError(res, 401, 20003, 'Authenticate');
    }
    const listed = LIST_PATH.exec(url.pathname);
    // Another account's resources are not found, as Twilio answers for an account the credentials do not open.
    if (req.method !== 'GET' || !listed || listed[1] !== credentials.user) {
      return twilioError(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
    }
    const filter = url.searchParams.get('PhoneNumber') ?? '';
    const pageSize = Number(url.searchParams.get('PageSize') ?? '50');
    const found = [...account.numbers].filter((n) => n.includes(filter)).slice(0, pageSize);
    const uri = `${url.pathname}${url.search}`;
    send(res, 200, {
      end: Math.max(found.length - 1, 0),
      first_page_uri: uri,
      incoming_phone_numbers: found.map((n) => numberResource(credentials.user, n)),
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    ca: tls.ca,
    addAccount(numbers = []) {
      const account = { sid: `AC${randomBytes(16).toString('hex')}`, token: randomBytes(16).toString('hex') };
      accounts.set(account.sid, { token: account.token, numbers: new Set(numbers) });
      return account;
    },
    requests,
    failWith(status) {
      outage = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
