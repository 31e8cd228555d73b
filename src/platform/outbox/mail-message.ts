// The message an outbox row becomes. Its headers derive only from the tenant and the row, so a resend after a
// crash (the mail went out, recording it did not) carries the same Message-ID and Date, and the receiving side
// can recognise it as the same message.
import type { StoredMail } from './outbox.repository.js';

export interface MailMessage {
  /** The tenant the mail is sent for (also names the file of the file transport). */
  tenantCode: string;
  /** The outbox row it came from. */
  outboxId: string;
  messageId: string;
  date: Date;
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
}

/** Mail is sent as "<tenant name>" <no-reply@<tenant code>.<base domain>>: the agency's own host name. */
export function composeMail(
  tenant: { tenantCode: string; tenantName: string },
  row: { id: string; createdAt: Date; mail: StoredMail },
  baseDomain: string,
): MailMessage {
  const domain = `${tenant.tenantCode}.${baseDomain}`;
  const message: MailMessage = {
    tenantCode: tenant.tenantCode,
    outboxId: row.id,
    messageId: `<outbox-${row.id}@${domain}>`,
    date: row.createdAt,
    from: { name: tenant.tenantName, address: `no-reply@${domain}` },
    to: row.mail.to,
    subject: row.mail.subject,
    text: row.mail.text,
  };
  if (row.mail.html !== undefined) message.html = row.mail.html;
  if (row.mail.attachments?.length) {
    message.attachments = row.mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.contentBase64, 'base64'),
    }));
  }
  return message;
}
