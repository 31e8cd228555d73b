// Pure rules of the offline ticket inventory: the status set, what a load request may hold, and why a ticket
// cannot be reserved. No I/O.
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../platform/http/errors.js';

export const TICKET_STATUSES = ['AVAILABLE', 'RESERVED', 'SOLD', 'VOID'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Limits of one request: a supplier's batch fits in one load, a cart in one reservation. */
export const LIMITS = { ticketsPerLoad: 1000, ticketsPerReservation: 100, listRows: 1000, code: 200 } as const;

/** The first code that appears twice in one load request (codes compare exactly: they are case-sensitive). */
export function firstRepeatedCode(codes: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const code of codes) {
    if (seen.has(code)) return code;
    seen.add(code);
  }
  return undefined;
}

/**
 * Refuses a validUntil before the tenant's today: such a ticket could never be sold. Today itself is fine, the
 * ticket is still good for the rest of the day. yyyy-MM-dd strings compare as dates.
 */
export function checkValidUntil(tickets: ReadonlyArray<{ validUntil?: string }>, today: string): void {
  tickets.forEach((ticket, index) => {
    if (ticket.validUntil !== undefined && ticket.validUntil < today) {
      throw invalidFormat(`tickets[${index}].validUntil`, `must not be before today (${today})`);
    }
  });
}

export function isExpired(validUntil: string | null, today: string): boolean {
  return validUntil !== null && validUntil < today;
}

export interface TicketState {
  status: TicketStatus;
  cartReference: string | null;
  validUntil: string | null;
}

/**
 * Why a ticket cannot be reserved for `reference`, or undefined when it can: AVAILABLE and not expired, or already
 * RESERVED for that same reference (a repeated request answers the same tickets).
 */
export function reservationRefusal(
  ticketId: number,
  ticket: TicketState | undefined,
  reference: string,
  today: string,
): ApiError | undefined {
  if (!ticket) return notFound(`Offline ticket ${ticketId}`);
  if (ticket.status === 'RESERVED' && ticket.cartReference === reference) return undefined;
  if (ticket.status !== 'AVAILABLE') {
    const why = ticket.status === 'RESERVED' ? 'is reserved for another cart' : `is ${ticket.status}`;
    return new ApiError(ErrorCode.INVALID_STATE, `Offline ticket ${ticketId} ${why}`);
  }
  if (isExpired(ticket.validUntil, today)) {
    return new ApiError(ErrorCode.INVALID_STATE, `Offline ticket ${ticketId} expired on ${ticket.validUntil}`);
  }
  return undefined;
}

/**
 * The refusal for a reservation that could not take every ticket: a missing ticket first (NOTFOUND), else the
 * first ticket in request order that may not be reserved. `fallback` covers a ticket that changed between the
 * reservation and this look (another request took it meanwhile).
 */
export function firstRefusal(
  ticketIds: readonly number[],
  tickets: ReadonlyMap<number, TicketState>,
  reference: string,
  today: string,
): ApiError {
  const missing = ticketIds.find((id) => !tickets.has(id));
  if (missing !== undefined) return notFound(`Offline ticket ${missing}`);
  for (const id of ticketIds) {
    const refusal = reservationRefusal(id, tickets.get(id), reference, today);
    if (refusal) return refusal;
  }
  return new ApiError(ErrorCode.INVALID_STATE, 'The offline tickets changed meanwhile; try again');
}
