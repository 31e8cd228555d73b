// The ticketing port behind /booking/confirm: one source per booking line (booking_lines.source) issues that line's
// tickets. Issuing happens outside any transaction (a supplier call can be slow); what it made is written with the
// line's CONFIRMED in one transaction afterwards, and a source whose issue leaves something outside our database
// (a supplier booking) gives the undo that takes it back when that write does not happen.
import type { TenantRecord } from '../../../platform/tenancy/tenant.js';
import type { BookingLineRow, BookingRequestRow, LineSource, NewTicket } from '../bookings.repository.js';

export interface IssueContext {
  tenant: TenantRecord;
  request: BookingRequestRow;
  line: BookingLineRow;
  /** The line's claim number: a supplier booking's idempotency key names it. */
  attempt: number;
  /** The offline inventory codes of this line (OFFLINE lines). */
  offlineCodes: readonly string[];
}

export interface IssuedTickets {
  tickets: NewTicket[];
  /** The supplier's booking of the line, kept on it (SUPPLIER lines). */
  supplier: { bookingId: number; reference: string } | null;
}

export interface TicketSource {
  issue(context: IssueContext): Promise<IssuedTickets>;
  /** Takes back what `issue` made outside our database; absent when it made nothing there. */
  undo?(context: IssueContext): Promise<void>;
}

/** A refusal of a source: the line is FAILED with this code and message, for the next confirm to retry. */
export class TicketingError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TicketingError';
  }
}

export type TicketSources = Readonly<Record<LineSource, TicketSource>>;
