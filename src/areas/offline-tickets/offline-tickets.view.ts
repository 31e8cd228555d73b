// Offline tickets as the API shows them: datetimes in the tenant's timezone, dates as yyyy-MM-dd.
import { formatDateTime } from '../../platform/time.js';
import type { TicketRow } from './offline-tickets.repository.js';
import type { OfflineTicket } from './offline-tickets.schemas.js';

export function toOfflineTicket(row: TicketRow, timezone: string): OfflineTicket {
  const at = (instant: Date | null) => (instant === null ? null : formatDateTime(instant, timezone));
  return {
    ticketId: row.ticket_id,
    productId: row.product_id,
    code: row.code,
    validUntil: row.valid_until,
    status: row.status,
    cartReference: row.cart_reference,
    reservedAt: at(row.reserved_at),
    soldAt: at(row.sold_at),
    createdAt: formatDateTime(row.created_at, timezone),
  };
}

/** Rows in the order their ids were asked for (RETURNING and ANY promise no order). */
export function inRequestOrder<T extends { ticket_id: number }>(rows: readonly T[], ticketIds: readonly number[]): T[] {
  const byId = new Map(rows.map((row) => [row.ticket_id, row]));
  return ticketIds.flatMap((id) => byId.get(id) ?? []);
}
