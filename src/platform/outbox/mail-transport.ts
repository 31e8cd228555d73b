// How a composed message leaves the service: through an SMTP server (TC_SMTP_URL), or, when none is
// configured, into an .eml file in the data folder, so nothing leaves the machine and a developer can open
// the mail (and its links) in any mail reader.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mail-message.js';

export interface MailTransport {
  /** Resolves once the message is accepted (by the server, or on disk); rejects when it was not. */
  send(message: MailMessage): Promise<void>;
}

export interface SmtpMailTransportOptions {
  /** smtp://host:port or smtps://user:pass@host:port */
  url: string;
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
}

// Nodemailer waits minutes by default; a dead server should fail the attempt quickly, so the mail is
// rescheduled and the worker moves on instead of holding its claim.
const CONNECTION_TIMEOUT_MS = 5_000;
const GREETING_TIMEOUT_MS = 5_000;
const SOCKET_TIMEOUT_MS = 20_000;

export function createSmtpMailTransport(options: SmtpMailTransportOptions): MailTransport {
  const transporter = createTransport({
    url: options.url,
    connectionTimeout: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
    greetingTimeout: options.greetingTimeoutMs ?? GREETING_TIMEOUT_MS,
    socketTimeout: options.socketTimeoutMs ?? SOCKET_TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transporter.sendMail(nodemailerMessage(message));
    },
  };
}

/** Writes every message to <dataDir>/mail/<tenantCode>/<yyyy-mm-dd>-<outbox id>.eml and logs where. */
export function createFileMailTransport(options: { dataDir: string; log: FastifyBaseLogger }): MailTransport {
  // Windows line endings: the file is byte for byte what an SMTP server would have received.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await composer.sendMail(nodemailerMessage(message));
      if (!Buffer.isBuffer(info.message)) throw new Error('the mail composer did not return the message as a buffer');
      const folder = path.join(options.dataDir, 'mail', safePathSegment(message.tenantCode));
      // The name comes from the row alone, so a resend after a crash replaces the file instead of adding one.
      const file = path.join(
        folder,
        `${message.date.toISOString().slice(0, 10)}-${safePathSegment(message.outboxId)}.eml`,
      );
      await mkdir(folder, { recursive: true });
      // Written aside and renamed, so a reader never sees half a message; 0600 because bodies carry tokens.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message, { mode: 0o600 });
      await rename(partial, file);
      // Never the body: it carries activation and reset tokens.
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to a file (no TC_SMTP_URL)');
    },
  };
}

/** SMTP when a server is configured; otherwise files in the data folder. */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  dataDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  return options.smtpUrl
    ? createSmtpMailTransport({ url: options.smtpUrl })
    : createFileMailTransport({ dataDir: options.dataDir, log: options.log });
}

function nodemailerMessage(message: MailMessage): SendMailOptions {
  return {
    messageId: message.messageId,
    date: message.date,
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
    })),
  };
}

/** Tenant codes and outbox ids become path segments; anything else than their usual characters is refused. */
function safePathSegment(value: string): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(value)) throw new Error('refusing an unexpected mail file name');
  return value;
}
