import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mp3Seconds, silentMp3, toneWav } from './audio.js';

// Tests only: Twilio's REST API as Twilio documents it, on loopback over real TLS, for the
// check a number registration makes (GET /2010-04-01/Accounts/{sid}/IncomingPhoneNumbers.json),
// for texts (POST and GET /2010-04-01/Accounts/{sid}/Messages.json) and for call recordings
// (POST .../Calls/{CA}/Recordings.json, GET .../Recordings/{RE}.mp3 and .wav with range
// requests, DELETE .../Recordings/{RE}.json), serving real MP3 and WAV bytes. Accounts and their
// numbers are what a test says; every request is kept for assertions.

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
  /** The form body of a POST (empty otherwise). */
  form: URLSearchParams;
}

/** A text Twilio accepted. */
export interface FakeTwilioMessage {
  sid: string;
  accountSid: string;
  from: string;
  to: string;
  body: string;
  statusCallback: string | null;
  dateCreated: Date;
}

/** An answer a test makes Twilio give to the next text: an HTTP status and Twilio's error code. */
export interface FakeTwilioFailure {
  status: number;
  code: number;
  message?: string;
}

/** A recording Twilio started on request (POST Calls/{CA}/Recordings.json). */
export interface FakeTwilioRecording {
  sid: string;
  accountSid: string;
  callSid: string;
  /** The form the request carried: RecordingChannels, RecordingStatusCallback, ... */
  form: URLSearchParams;
  startTime: Date;
  /** The audio served as .mp3 (real MPEG-1 Layer III frames) and .wav (RIFF PCM). */
  mp3: Buffer;
  wav: Buffer;
  /** Whole seconds of the MP3, as RecordingDuration reports it. */
  durationSeconds: number;
  deleted: boolean;
}

/**
 * How the media endpoint answers: honouring Range (206/416), ignoring it (200 and the whole
 * file), failing with a 500, or never answering.
 */
export type FakeMediaMode = 'normal' | 'ignore-range' | 'fail' | 'hang';

export interface FakeTwilioApi {
  /** https://127.0.0.1:port, for TWILIO_API_URL. */
  url: string;
  ca: string;
  /** A new account that owns `numbers` (E.164). */
  addAccount(numbers?: readonly string[]): FakeTwilioAccount;
  requests: FakeTwilioRequest[];
  /** Answer every request with this HTTP status (an outage) until called with null. */
  failWith(status: number | null): void;
  /** Texts accepted (POST Messages.json answered 201), in order. */
  messages: FakeTwilioMessage[];
  /** The next texts sent are answered with these, one each, instead of being accepted. */
  failNextMessages(...failures: FakeTwilioFailure[]): void;
  /** Texts to this number are refused with 21610, as after the recipient texted STOP. */
  unsubscribe(number: string): void;
  /** Recordings started, in order (deleted ones stay, marked). */
  recordings: FakeTwilioRecording[];
  /** The next requests to start a recording are answered with these, one each. */
  failNextRecordings(...failures: FakeTwilioFailure[]): void;
  /** How recording media is served from now on. */
  setMediaMode(mode: FakeMediaMode): void;
  close(): Promise<void>;
}

const LIST_PATH = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/IncomingPhoneNumbers\.json$/;
const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/;
const CALL_RECORDINGS_PATH =
  /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Calls\/(CA[0-9a-f]{32})\/Recordings\.json$/;
const RECORDING_PATH =
  /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Recordings\/(RE[0-9a-f]{32})\.(json|mp3|wav)$/;
/** Seconds of audio each recording holds: long enough to play and seek. */
const RECORDING_SECONDS = 4;

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

/** RFC 2822, as Twilio writes its dates. */
const rfc2822 = (d: Date) => d.toUTCString().replace('GMT', '+0000');

/** A Message resource as Twilio answers it. */
function messageResource(m: FakeTwilioMessage, status: string) {
  return {
    account_sid: m.accountSid,
    api_version: '2010-04-01',
    body: m.body,
    date_created: rfc2822(m.dateCreated),
    date_sent: status === 'queued' ? null : rfc2822(m.dateCreated),
    date_updated: rfc2822(m.dateCreated),
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: m.from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid: m.sid,
    status,
    subresource_uris: { media: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}/Media.json` },
    to: m.to,
    uri: `/2010-04-01/Accounts/${m.accountSid}/Messages/${m.sid}.json`,
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

export async function startFakeTwilioApi(tls: FakeTwilioTls): Promise<FakeTwilioApi> {
  const accounts = new Map<string, { token: string; numbers: Set<string> }>();
  const requests: FakeTwilioRequest[] = [];
  const messages: FakeTwilioMessage[] = [];
  const failures: FakeTwilioFailure[] = [];
  const unsubscribed = new Set<string>();
  let outage: number | null = null;

  /** POST Messages.json: a text accepted (201, queued), or refused as Twilio refuses it. */
  function createMessage(
    res: ServerResponse,
    accountSid: string,
    numbers: Set<string>,
    form: URLSearchParams,
  ) {
    const failure = failures.shift();
    if (failure) return twilioError(res, failure.status, failure.code, failure.message ?? 'Failure');
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9][0-9]{6,14}$/.test(to)) {
      return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (!numbers.has(from)) {
      return twilioError(
        res,
        400,
        21606,
        `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    if (unsubscribed.has(to)) {
      return twilioError(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
    }
    if (body === '') return twilioError(res, 400, 21602, 'Message body is required.');
    const message: FakeTwilioMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      accountSid,
      from,
      to,
      body,
      statusCallback: form.get('StatusCallback'),
      dateCreated: new Date(),
    };
    messages.push(message);
    send(res, 201, messageResource(message, 'queued'));
  }

  /** GET Messages.json, with Twilio's filters To, From and DateSent (=, <, >, >=, <=: by day or time). */
  function listMessages(res: ServerResponse, accountSid: string, url: URL) {
    const q = url.searchParams;
    const day = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v).getTime();
    const after = q.get('DateSent>') ?? q.get('DateSent>=');
    const before = q.get('DateSent<') ?? q.get('DateSent<=');
    const found = messages
      .filter((m) => m.accountSid === accountSid)
      .filter((m) => !q.has('To') || m.to === q.get('To'))
      .filter((m) => !q.has('From') || m.from === q.get('From'))
      .filter((m) => after === null || m.dateCreated.getTime() >= day(after))
      .filter((m) => before === null || m.dateCreated.getTime() <= day(before))
      .reverse();
    const pageSize = Number(q.get('PageSize') ?? '50');
    const uri = `${url.pathname}${url.search}`;
    send(res, 200, {
      end: Math.max(Math.min(found.length, pageSize) - 1, 0),
      first_page_uri: uri,
      messages: found.slice(0, pageSize).map((m) => messageResource(m, 'sent')),
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri,
    });
  }

  const recordings: FakeTwilioRecording[] = [];
  const recordingFailures: FakeTwilioFailure[] = [];
  let mediaMode: FakeMediaMode = 'normal';

  /** POST Calls/{CA}/Recordings.json: a recording started (201), or refused as asked. */
  function createRecording(res: ServerResponse, accountSid: string, callSid: string, form: URLSearchParams) {
    const failure = recordingFailures.shift();
    if (failure) return twilioError(res, failure.status, failure.code, failure.message ?? 'Failure');
    const mp3 = silentMp3(RECORDING_SECONDS);
    const r: FakeTwilioRecording = {
      sid: `RE${randomBytes(16).toString('hex')}`,
      accountSid,
      callSid,
      form,
      startTime: new Date(Math.floor(Date.now() / 1000) * 1000),
      mp3,
      wav: toneWav(RECORDING_SECONDS),
      durationSeconds: mp3Seconds(mp3),
      deleted: false,
    };
    recordings.push(r);
    send(res, 201, {
      account_sid: accountSid,
      api_version: '2010-04-01',
      call_sid: callSid,
      conference_sid: null,
      channels: form.get('RecordingChannels') === 'dual' ? 2 : 1,
      date_created: rfc2822(r.startTime),
      date_updated: rfc2822(r.startTime),
      start_time: rfc2822(r.startTime),
      duration: '-1',
      price: null,
      price_unit: null,
      sid: r.sid,
      source: 'StartCallRecordingAPI',
      status: 'in-progress',
      error_code: null,
      encryption_details: null,
      track: 'both',
      uri: `/2010-04-01/Accounts/${accountSid}/Calls/${callSid}/Recordings/${r.sid}.json`,
    });
  }

  /** GET Recordings/{RE}.mp3 or .wav: the bytes, honouring a single Range unless told not to. */
  function serveMedia(req: IncomingMessage, res: ServerResponse, audio: Buffer, kind: string) {
    if (mediaMode === 'hang') return;
    if (mediaMode === 'fail') return twilioError(res, 500, 20500, 'Internal Server Error');
    const type = kind === 'mp3' ? 'audio/mpeg' : 'audio/x-wav';
    const m = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (mediaMode === 'ignore-range' || !m || (m[1] === '' && m[2] === '')) {
      res.writeHead(200, { 'content-type': type, 'content-length': audio.length, 'accept-ranges': 'bytes' });
      return res.end(audio);
    }
    const size = audio.length;
    const start = m[1] === '' ? Math.max(size - Number(m[2]), 0) : Number(m[1]);
    const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (start >= size || end < start) {
      res.writeHead(416, { 'content-range': `bytes */${size}` });
      return res.end();
    }
    res.writeHead(206, {
      'content-type': type,
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`,
      'accept-ranges': 'bytes',
    });
    res.end(audio.subarray(start, end + 1));
  }

  const server = createServer({ key: tls.key, cert: tls.cert }, async (req, res) => {
    const url = new URL(req.url ?? '/', 'https://api.twilio.com');
    const credentials = basicUser(req);
    const form = new URLSearchParams(req.method === 'POST' ? await readBody(req) : '');
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      user: credentials?.user ?? null,
      form,
    });
    if (outage !== null) return twilioError(res, outage, 20500, 'Internal Server Error');
    const account = credentials ? accounts.get(credentials.user) : undefined;
    if (!credentials || !account || account.token !== credentials.password) {
      return twilioError(res, 401, 20003, 'Authenticate');
    }
    const started = CALL_RECORDINGS_PATH.exec(url.pathname);
    if (started && started[1] === credentials.user && req.method === 'POST') {
      return createRecording(res, credentials.user, started[2] ?? '', form);
    }
    const recording = RECORDING_PATH.exec(url.pathname);
    if (recording && recording[1] === credentials.user) {
      const found = recordings.find(
        (r) => r.sid === recording[2] && r.accountSid === credentials.user && !r.deleted,
      );
      if (found && req.method === 'DELETE' && recording[3] === 'json') {
        found.deleted = true;
        res.writeHead(204);
        return res.end();
      }
      if (found && req.method === 'GET' && recording[3] !== 'json') {
        return serveMedia(req, res, recording[3] === 'mp3' ? found.mp3 : found.wav, recording[3] ?? '');
      }
    }
    const texts = MESSAGES_PATH.exec(url.pathname);
    if (texts && texts[1] === credentials.user) {
      if (req.method === 'POST') return createMessage(res, credentials.user, account.numbers, form);
      if (req.method === 'GET') return listMessages(res, credentials.user, url);
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
    messages,
    failNextMessages(...next) {
      failures.push(...next);
    },
    unsubscribe(number) {
      unsubscribed.add(number);
    },
    recordings,
    failNextRecordings(...next) {
      recordingFailures.push(...next);
    },
    setMediaMode(mode) {
      mediaMode = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
