// SQL of the payment links of visa invoices. The caller holds the invoice's row lock for every change.
import type { NewPaymentLink, PaymentLinkRow } from '../../integrations/payment-gateway/links/index.js';
import type { Queryable } from '../../platform/database/connections.js';

export type LinkStatus = 'ACTIVE' | 'PAID' | 'DECLINED' | 'CANCELLED' | 'EXPIRED';

export interface LinkRow extends PaymentLinkRow {
  invoice_id: number;
  status: LinkStatus;
}

const columns = (db: Queryable) => db`
  link_id, invoice_id, link_reference, gateway_order_ref, payment_url, amount::text AS amount, currency, status,
  callback_token_hash, expires_at`;

/** Links left ACTIVE past their expiry are marked EXPIRED, so the invoice may get a new one. */
export async function expireLinks(db: Queryable, invoiceId: number, now: Date): Promise<void> {
  await db`
    UPDATE visa_invoice_links SET status = 'EXPIRED', settled_at = ${now}
    WHERE invoice_id = ${invoiceId} AND status = 'ACTIVE' AND expires_at <= ${now}`;
}

export async function insertLink(db: Queryable, invoiceId: number, link: NewPaymentLink): Promise<void> {
  await db`
    INSERT INTO visa_invoice_links (invoice_id, link_reference, gateway_order_ref, payment_url, amount, currency,
                                    callback_token_hash, expires_at, created_at)
    VALUES (${invoiceId}, ${link.linkReference}, ${link.gatewayOrderRef}, ${link.paymentUrl}, ${link.amount}::numeric,
            ${link.currency}, ${link.callbackTokenHash}, ${link.expiresAt}, ${link.now})`;
}

export async function selectLinkByReference(db: Queryable, linkReference: string): Promise<LinkRow | undefined> {
  const [row] = await db<LinkRow[]>`
    SELECT ${columns(db)} FROM visa_invoice_links WHERE link_reference = ${linkReference}`;
  return row;
}

/** Settles an ACTIVE link once; false when it was settled already (a repeated or concurrent redirect). */
export async function settleLink(db: Queryable, linkId: number, status: LinkStatus, now: Date): Promise<boolean> {
  const rows = await db`
    UPDATE visa_invoice_links SET status = ${status}, settled_at = ${now}
    WHERE link_id = ${linkId} AND status = 'ACTIVE'
    RETURNING link_id`;
  return rows.length === 1;
}

/** ACTIVE links to ask the gateway about: made at least a minute ago (the payer may still be on the page) and not
 * ended a day ago; the oldest first, a batch per round. */
export function selectOpenLinks(db: Queryable, now: Date, limit = 100): Promise<LinkRow[]> {
  return db<LinkRow[]>`
    SELECT ${columns(db)} FROM visa_invoice_links
    WHERE status = 'ACTIVE' AND created_at <= ${now}::timestamptz - interval '1 minute'
      AND expires_at > ${now}::timestamptz - interval '1 day'
    ORDER BY link_id
    LIMIT ${limit}`;
}
