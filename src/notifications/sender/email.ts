import nodemailer from 'nodemailer';

// Email for the team over SMTP_URL (docs/notifications.md, Sending). Each mail's Message-ID is
// made from the message's id, so a mail sent again after a crash between the server's acceptance
// and the record is recognisably the same mail.

/** How long the SMTP server gets to connect, greet and answer each command. */
const SMTP_TIMEOUT_MS = 15_000;

export interface MailToSend {
  messageId: string;
  to: string;
  subject: string;
  text: string;
}

export type MailResult =
  | { kind: 'sent'; messageId: string; reply: string }
  | { kind: 'retry'; error: string; reply: string | null }
  | { kind: 'failed'; reason: string; error: string; reply: string };

export interface Mailer {
  send(mail: MailToSend): Promise<MailResult>;
  close(): void;
}

/** `callagent <no-reply@{host of PUBLIC_URL}>` unless SMTP_FROM says otherwise. */
export function defaultFrom(publicUrl: string): string {
  return `callagent <no-reply@${new URL(publicUrl).hostname}>`;
}

/** `<msg_...@{host of PUBLIC_URL}>`: the same for every attempt at one message. */
export function mailMessageId(messageId: string, publicUrl: string): string {
  return `<${messageId}@${new URL(publicUrl).hostname}>`;
}

interface SmtpFailure {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
}

/**
 * A 5xx answer to the recipient or to the mail itself is the server saying never; anything else
 * (unreachable, a 4xx, a failed sign-in an admin can fix) is tried again.
 */
export function classifySmtpError(error: unknown): Exclude<MailResult, { kind: 'sent' }> {
  const e = (error ?? {}) as SmtpFailure;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const response = typeof e.response === 'string' ? e.response.slice(0, 500) : null;
  const permanent =
    typeof e.responseCode === 'number' &&
    e.responseCode >= 500 &&
    (e.code === 'EENVELOPE' || e.code === 'EMESSAGE');
  if (permanent) {
    return {
      kind: 'failed',
      reason: `The mail server refused it: ${response ?? message}`.slice(0, 500),
      error: message.slice(0, 500),
      reply: response ?? message.slice(0, 500),
    };
  }
  const code = typeof e.code === 'string' ? `${e.code}: ` : '';
  return { kind: 'retry', error: `${code}${message}`.slice(0, 500), reply: response };
}

export function createMailer(options: { smtpUrl: string; from: string; publicUrl: string }): Mailer {
  const transport = nodemailer.createTransport(
    {
      url: options.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    },
    { from: options.from },
  );
  return {
    async send(mail) {
      const messageId = mailMessageId(mail.messageId, options.publicUrl);
      try {
        const info = await transport.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId,
        });
        return { kind: 'sent', messageId, reply: String(info.response ?? '').slice(0, 500) };
      } catch (error) {
        return classifySmtpError(error);
      }
    },
    close: () => transport.close(),
  };
}
