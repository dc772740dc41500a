import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// Tests only: a real SMTP server on loopback (smtp-server), which parses each mail it accepts
// with mailparser and keeps it. It can be stopped and started again on the same port, to stand
// for a mail server that is down for a while.

export interface ReceivedMail {
  /** The envelope, as the client gave it in MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Recipients refused at RCPT TO with 550, as a server refuses an address it does not know. */
  refuse(address: string): void;
  /** Closes the listener: connections are refused until `start`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const refused = new Set<string>();
  let port = 0;
  let server: SMTPServer | null = null;

  function create(): SMTPServer {
    return new SMTPServer({
      // Plain SMTP on loopback, with no sign-in: what the client does with TLS is not under test.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address)) {
          const error = Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 });
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
            mails.push({ envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) }, parsed });
            callback(null, 'Message queued as test');
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
  }

  async function start(): Promise<void> {
    const s = create();
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.server.address() as AddressInfo).port;
    server = s;
  }

  async function stop(): Promise<void> {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse: (address) => refused.add(address),
    stop,
    start,
    close: stop,
  };
}
