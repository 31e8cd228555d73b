// A real SMTP server on loopback that keeps what it receives, for tests that read the service's mail.
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface MailInbox {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** The same messages as mailparser parsed them (headers, Message-ID, addresses). */
  received: ParsedMail[];
  /** Waits (bounded) for a message to `address` whose subject matches, and answers it. */
  waitFor(address: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export async function startMailInbox(port = 0): Promise<MailInbox> {
  const messages: ReceivedMail[] = [];
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed: ParsedMail) => {
            const to = [parsed.to]
              .flat()
              .flatMap((address) => address?.value ?? [])
              .map((entry) => entry.address ?? '');
            // Kept before the reply, so a mail the client saw accepted is already here.
            received.push(parsed);
            messages.push({
              to,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: String(parsed.html ?? ''),
              raw,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  const boundPort = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    port: boundPort,
    messages,
    received,
    async waitFor(address, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find(
          (message) => message.to.includes(address.toLowerCase()) && (!subject || subject.test(message.subject)),
        );
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the link in a mail (contract §6: its query string has token=<value>). */
export function tokenFromMail(mail: ReceivedMail): string {
  const match = /[?&]token=([A-Za-z0-9_%.-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no token link in mail "${mail.subject}"`);
  return decodeURIComponent(match[1]);
}
