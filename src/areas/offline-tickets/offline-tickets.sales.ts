// What the payment of a cart does to its reserved offline tickets. The payments area calls these inside its own
// transaction (the handle it passes), so the tickets change together with the payment's own records.
import type { Queryable } from '../../platform/database/connections.js';
import * as repo from './offline-tickets.repository.js';
import type { TicketStatus } from './offline-tickets.rules.js';

export interface TicketRef {
  ticketId: number;
  code: string;
  productId: number;
}

export interface ReferencedTicket extends TicketRef {
  /** yyyy-MM-dd, or null. */
  validUntil: string | null;
  status: TicketStatus;
  reservedAt: Date | null;
  soldAt: Date | null;
}

const toRef = (row: repo.TicketRow): TicketRef => ({
  ticketId: row.ticket_id,
  code: row.code,
  productId: row.product_id,
});

/**
 * A successful payment: the reference's RESERVED tickets become SOLD. Answers every SOLD ticket of the reference,
 * so a repeated or concurrent success callback gets the same tickets and changes nothing (sold_at stays the first).
 */
export async function markSoldForReference(db: Queryable, cartReference: string, now: Date): Promise<TicketRef[]> {
  await repo.lockByReference(db, cartReference, 'RESERVED');
  await repo.markSold(db, cartReference, now);
  return (await repo.selectByReference(db, cartReference, 'SOLD')).map(toRef);
}

/** A cancelled sale: the reference's RESERVED tickets go back to AVAILABLE. Answers the tickets released. */
export async function releaseForReference(db: Queryable, cartReference: string, now: Date): Promise<TicketRef[]> {
  await repo.lockByReference(db, cartReference, 'RESERVED');
  const released = await repo.releaseReserved(db, cartReference, now);
  return released.map(toRef).sort((a, b) => a.ticketId - b.ticketId);
}

/** Every ticket reserved or sold for the reference, by ticketId (the success page's count, the download mail). */
export async function ticketsForReference(db: Queryable, cartReference: string): Promise<ReferencedTicket[]> {
  return (await repo.selectByReference(db, cartReference, null)).map((row) => ({
    ...toRef(row),
    validUntil: row.valid_until,
    status: row.status,
    reservedAt: row.reserved_at,
    soldAt: row.sold_at,
  }));
}
