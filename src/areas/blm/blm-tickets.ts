// The offline tickets reserved for a booking's cart reference (/offline/sale/reserveForCart's blmCartReference)
// follow the booking: SOLD once it is fully paid, back to the inventory when it is cancelled or expires. Each runs
// in the caller's transaction, under the booking's lock, so the tickets change with the booking.
import type { Queryable } from '../../platform/database/connections.js';
import { toMinor } from '../../platform/money.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';

export type BookingTickets = Pick<OfflineTicketsApi, 'markSoldForReference' | 'releaseForReference'>;

/** After a payment: the booking's reserved tickets are sold when the total is paid. */
export async function sellTicketsWhenPaid(
  tickets: BookingTickets,
  db: Queryable,
  booking: { cart_reference: string | null; total_amount: string; paid_amount: string; currency: string },
  paidNow: string,
  now: Date,
): Promise<void> {
  if (booking.cart_reference === null) return;
  const paid = toMinor(booking.paid_amount, booking.currency) + toMinor(paidNow, booking.currency);
  if (paid >= toMinor(booking.total_amount, booking.currency)) {
    await tickets.markSoldForReference(db, booking.cart_reference, now);
  }
}

/** A cancelled or expired booking gives its reserved tickets back. */
export async function releaseTickets(
  tickets: BookingTickets,
  db: Queryable,
  cartReference: string | null,
  now: Date,
): Promise<void> {
  if (cartReference !== null) await tickets.releaseForReference(db, cartReference, now);
}
