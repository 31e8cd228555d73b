// SQL of the tenant's outbox: a use case queues mail inside its own transaction, so the mail exists exactly
// when the change that causes it commits; workers claim due mail (several nodes at once, without sending a
// mail twice) and record how the delivery went.
import type { Queryable } from '../database/connections.js';

/** A mail a use case wants sent once its transaction commits. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (a quote's PDF); kept in the row until it is delivered, so keep them small. */
  attachments?: MailAttachment[];
  /** The same key queued twice (a repeated callback, a retried request) is stored, and sent, once. */
  dedupeKey?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** An attachment as the row keeps it: its bytes in base64, so the payload stays a JSON value. */
export type StoredAttachment = { filename: string; contentType: string; contentBase64: string };

/** What the outbox keeps of a mail until it is delivered (a type, not an interface, so it is a JSON value). */
export type StoredMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: StoredAttachment[];
};

/** A mail this worker has claimed: nobody else takes it until `lockedUntil`. */
export interface ClaimedMail {
  id: string;
  /** Undefined when the stored payload is not a mail: no retry can send it. */
  mail: StoredMail | undefined;
  /** Attempts finished before this one. */
  attempts: number;
  createdAt: Date;
  /** The end of this claim; it also identifies the claim when the row is rescheduled or released. */
  lockedUntil: Date;
}

interface ClaimedRow {
  id: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
  locked_until: Date;
}

/** Queues a mail in the caller's transaction; a second mail with the same dedupe key is ignored. */
export async function enqueueMail(db: Queryable, mail: OutgoingMail): Promise<void> {
  const payload: StoredMail = { to: mail.to, subject: mail.subject, text: mail.text };
  if (mail.html !== undefined) payload.html = mail.html;
  if (mail.attachments?.length) {
    payload.attachments = mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      contentBase64: attachment.content.toString('base64'),
    }));
  }
  // Due at once. Workers compare with a millisecond clock: PostgreSQL's microseconds would make a row queued
  // in the same millisecond look not yet due.
  await db`
    INSERT INTO outbox (kind, payload, dedupe_key, next_attempt_at)
    VALUES ('mail', ${db.json(payload)}, ${mail.dedupeKey ?? null}, date_trunc('milliseconds', now()))
    ON CONFLICT (dedupe_key) DO NOTHING`;
}

/**
 * Claims up to `limit` due mails, oldest first. A PENDING row is due at its retry time; a SENDING row is due
 * again once its claim ran out (its worker crashed or hung), which is why a claim moves `next_attempt_at` to
 * the claim's end. SKIP LOCKED lets the workers of several nodes claim at once, each getting other rows.
 */
export async function claimDueMail(
  db: Queryable,
  claim: { now: Date; lockedUntil: Date; limit: number },
): Promise<ClaimedMail[]> {
  const rows = await db<ClaimedRow[]>`
    WITH due AS (
      SELECT id
      FROM outbox
      WHERE kind = 'mail'
        AND status IN ('PENDING', 'SENDING')
        AND next_attempt_at <= ${claim.now}
      ORDER BY next_attempt_at, id
      LIMIT ${claim.limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE outbox
      SET status = 'SENDING', locked_until = ${claim.lockedUntil}, next_attempt_at = ${claim.lockedUntil}
      FROM due
      WHERE outbox.id = due.id
      RETURNING outbox.id, outbox.payload, outbox.attempts, outbox.created_at, outbox.locked_until
    )
    SELECT id, payload, attempts, created_at, locked_until FROM claimed ORDER BY id`;
  return rows.map((row) => ({
    id: row.id,
    mail: storedMail(row.payload),
    attempts: row.attempts,
    createdAt: row.created_at,
    lockedUntil: row.locked_until,
  }));
}

/**
 * Records a delivered mail. Only the recipient and subject are kept: the body carries one-time tokens
 * (activation, password reset) that need not outlive the delivery. Not tied to the claim: the mail went out
 * even if the claim ran out meanwhile.
 */
export async function markMailSent(db: Queryable, id: string, sentAt: Date): Promise<void> {
  await db`
    UPDATE outbox
    SET status = 'SENT',
        sent_at = ${sentAt},
        attempts = attempts + 1,
        locked_until = NULL,
        last_error = NULL,
        payload = jsonb_build_object('to', payload -> 'to', 'subject', payload -> 'subject')
    WHERE id = ${id} AND status <> 'SENT'`;
}

/** The mail in a stored payload, or undefined when the payload is not one (hand-edited or corrupted). */
function storedMail(payload: unknown): StoredMail | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  if (!('to' in payload) || typeof payload.to !== 'string') return undefined;
  if (!('subject' in payload) || typeof payload.subject !== 'string') return undefined;
  if (!('text' in payload) || typeof payload.text !== 'string') return undefined;
  const mail: StoredMail = { to: payload.to, subject: payload.subject, text: payload.text };
  if ('html' in payload && typeof payload.html === 'string') mail.html = payload.html;
  if ('attachments' in payload && Array.isArray(payload.attachments)) {
    const attachments = payload.attachments.map(storedAttachment);
    // A mail that cannot carry all its files is not the mail that was queued: no retry can send it.
    if (attachments.some((attachment) => attachment === undefined)) return undefined;
    mail.attachments = attachments.filter((attachment) => attachment !== undefined);
  }
  return mail;
}

function storedAttachment(value: unknown): StoredAttachment | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (!('filename' in value) || typeof value.filename !== 'string') return undefined;
  if (!('contentType' in value) || typeof value.contentType !== 'string') return undefined;
  if (!('contentBase64' in value) || typeof value.contentBase64 !== 'string') return undefined;
  return { filename: value.filename, contentType: value.contentType, contentBase64: value.contentBase64 };
}

/** The mail still to deliver (PENDING or SENDING; the claim index covers them) and when the oldest was queued. */
export async function undeliveredMail(db: Queryable): Promise<{ rows: number; oldestCreatedAt: Date | undefined }> {
  const [row] = await db<{ rows: number; oldest: Date | null }[]>`
    SELECT count(*)::int AS rows, min(created_at) AS oldest
    FROM outbox
    WHERE status IN ('PENDING', 'SENDING')`;
  return { rows: row?.rows ?? 0, oldestCreatedAt: row?.oldest ?? undefined };
}

/**
 * Deletes up to `limit` mails sent before `cutoff`, oldest ids first; answers how many went. Only SENT rows:
 * a mail still to deliver or parked as FAILED stays whatever its age.
 */
export async function deleteSentMailBefore(db: Queryable, cutoff: Date, limit: number): Promise<number> {
  const deleted = await db`
    DELETE FROM outbox
    WHERE id IN (
      SELECT id FROM outbox
      WHERE status = 'SENT' AND sent_at < ${cutoff}
      ORDER BY id
      LIMIT ${limit}
    )`;
  return deleted.count;
}
