// SQL of payment_links (migration 0040). Lock order: the owner's row (its kind's `lock`), then its links. Every move
// of a link is one conditional statement, so a repeated or concurrent settlement moves nothing twice.
import type { Queryable } from '../../platform/database/connections.js';

export type LinkStatus = 'ACTIVE' | 'PAID' | 'DECLINED' | 'CANCELLED' | 'EXPIRED';

export interface LinkRow {
  link_id: number;
  owner_kind: string;
  owner_id: number;
  link_reference: string;
  gateway_order_ref: string;
  payment_url: string;
  /** Decimal text (numeric::text). */
  amount: string;
  currency: string;
  status: LinkStatus;
  callback_token_hash: Buffer;
  expires_at: Date;
}

/** A link to record: what it is read as, and who made it when. */
export type NewLink = Omit<LinkRow, 'link_id' | 'status'> & { created_at: Date; created_by: number | null };

const columns = (db: Queryable) => db`
  link_id, owner_kind, owner_id, link_reference, gateway_order_ref, payment_url, amount::text AS amount, currency,
  status, callback_token_hash, expires_at`;

/** The owner's ACTIVE links past their expiry become EXPIRED, so it may get a new one. */
export async function expireLinks(db: Queryable, kind: string, ownerId: number, now: Date): Promise<void> {
  await db`
    UPDATE payment_links SET status = 'EXPIRED', settled_at = ${now}
    WHERE owner_kind = ${kind} AND owner_id = ${ownerId} AND status = 'ACTIVE' AND expires_at <= ${now}`;
}

/** Whether the owner has a link that may still be paid. */
export async function hasActiveLink(db: Queryable, kind: string, ownerId: number, now: Date): Promise<boolean> {
  const rows = await db`
    SELECT 1 FROM payment_links
    WHERE owner_kind = ${kind} AND owner_id = ${ownerId} AND status = 'ACTIVE' AND expires_at > ${now}`;
  return rows.length > 0;
}

/** The owner's link that may still be paid, if it has one. */
export async function selectActiveLink(
  db: Queryable,
  kind: string,
  ownerId: number,
  now: Date,
): Promise<LinkRow | undefined> {
  const [row] = await db<LinkRow[]>`
    SELECT ${columns(db)} FROM payment_links
    WHERE owner_kind = ${kind} AND owner_id = ${ownerId} AND status = 'ACTIVE' AND expires_at > ${now}`;
  return row;
}

/** The new link's id; a second ACTIVE link of the owner fails on payment_links_one_active. */
export async function insertLink(db: Queryable, link: NewLink): Promise<number> {
  const [row] = await db<{ link_id: number }[]>`INSERT INTO payment_links ${db(link)} RETURNING link_id`;
  if (!row) throw new Error('payment link insert returned no row');
  return row.link_id;
}

/** The link of this kind a return address names. */
export async function selectLink(db: Queryable, kind: string, reference: string): Promise<LinkRow | undefined> {
  const [row] = await db<LinkRow[]>`
    SELECT ${columns(db)} FROM payment_links WHERE owner_kind = ${kind} AND link_reference = ${reference}`;
  return row;
}

/**
 * The link takes the gateway's outcome once: from ACTIVE, or from EXPIRED for a payment the gateway took after our
 * expiry (the money is there: it is recorded). False when it was settled already.
 */
export async function settleLink(db: Queryable, linkId: number, status: LinkStatus, now: Date): Promise<boolean> {
  const rows = await db`
    UPDATE payment_links SET status = ${status}, settled_at = ${now}
    WHERE link_id = ${linkId} AND (status = 'ACTIVE' OR (status = 'EXPIRED' AND ${status} = 'PAID'))
    RETURNING link_id`;
  return rows.length === 1;
}

/** ACTIVE links of these kinds to ask the gateway about: made at least a minute ago (the payer may still be on the
 * page; an owner's own round may ask sooner) and not expired a day ago; the oldest first, a batch per round. */
export function selectOpenLinks(
  db: Queryable,
  kinds: readonly string[],
  now: Date,
  minAgeSeconds = 60,
  limit = 100,
): Promise<LinkRow[]> {
  return db<LinkRow[]>`
    SELECT ${columns(db)} FROM payment_links
    WHERE status = 'ACTIVE' AND owner_kind = ANY(${kinds}::text[])
      AND created_at <= ${now}::timestamptz - make_interval(secs => ${minAgeSeconds})
      AND expires_at > ${now}::timestamptz - interval '1 day'
    ORDER BY created_at, link_id
    LIMIT ${limit}`;
}

/** The owner of this kind whose link opened that gateway order (a caller's `paymentRef`). */
export async function ownerOfGatewayOrder(db: Queryable, kind: string, orderRef: string): Promise<number | undefined> {
  const [row] = await db<{ owner_id: number }[]>`
    SELECT owner_id FROM payment_links WHERE owner_kind = ${kind} AND gateway_order_ref = ${orderRef}
    ORDER BY link_id DESC LIMIT 1`;
  return row?.owner_id;
}
