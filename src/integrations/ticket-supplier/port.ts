// The ticket supplier: who issues the tickets of products it sells through us (a product's hasVendorBooking).
// A booking line becomes one supplier booking with a voucher per unit; a booking made and then not kept (our
// write failed, the line was taken over) is cancelled. The simulator is the default adapter; Tiqets
// (TC_TICKET_SUPPLIER=tiqets) is the real one behind the same port.

export interface SupplierBookingRequest {
  tenantId: string;
  /**
   * Ours for this booking (tenant, booking request, line, attempt): the same key books once at the supplier, so a
   * retried call after a lost answer gets the booking it already made.
   */
  idempotencyKey: string;
  productId: number;
  /** The supplier's own product id when ours differs (the catalog sync's mapping); else `productId`. */
  supplierProductId?: string;
  /** The supplier's ticket variant (adult, child…); else the first the day's timeslot offers. */
  supplierVariantId?: string;
  description: string;
  /** Units to book: one voucher each. */
  quantity: number;
  /** yyyy-MM-dd, the tenant's calendar date; null for an undated product. */
  serviceDate: string | null;
  timeSlot: string | null;
  resvName: string | null;
  /** The reservation made when the units were put in a cart: the booking confirms it instead of reserving anew. */
  reservation?: SupplierReservation;
}

/** Units held at the supplier for a cart line until it is paid (confirmed by `book`) or let go (`release`). */
export interface SupplierReservationRequest {
  tenantId: string;
  /** Ours for this cart line and attempt: the same key reserves once. */
  idempotencyKey: string;
  supplierProductId: string;
  supplierVariantId: string;
  quantity: number;
  /** yyyy-MM-dd in the venue's calendar. */
  serviceDate: string;
  /** HH:mm, or null for a whole-day ticket. */
  timeSlot: string | null;
  resvName: string | null;
}

export interface SupplierReservation {
  /** The supplier's reference of the reservation (Tiqets' order reference). */
  reservationId: string;
  /** What the supplier wants back to confirm it (Tiqets' payment confirmation token); null when nothing. */
  confirmationToken: string | null;
  /** When the supplier lets it go by itself (ISO 8601); null when it does not say. */
  expiresAt: string | null;
}

export interface SupplierVoucher {
  /** The supplier's sub-booking of the unit (1..n). */
  subId: number;
  /** What the gate reads. */
  barcode: string;
  voucher: string;
}

export interface SupplierBooking {
  supplierBookingId: number;
  supplierReference: string;
  status: string;
  vouchers: SupplierVoucher[];
}

/** A refusal of the supplier: kept on the line as its error code and message. */
export class TicketSupplierError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TicketSupplierError';
  }
}

export interface TicketSupplier {
  readonly kind: 'simulator' | 'tiqets';
  /** Books the units; rejects with TicketSupplierError when the supplier refuses. `signal` ends a call that hangs. */
  book(request: SupplierBookingRequest, signal: AbortSignal): Promise<SupplierBooking>;
  /** Cancels a booking made with that key (nothing when there is none). */
  cancel(tenantId: string, idempotencyKey: string): Promise<void>;
  /**
   * Holds the units at the supplier (a cart line's hold); rejects with TicketSupplierError when it refuses (sold
   * out, too many) and with the signal's reason when abandoned.
   */
  reserve(request: SupplierReservationRequest, signal: AbortSignal): Promise<SupplierReservation>;
  /** Lets a reservation go (its cart line expired or was removed); one already gone is nothing. Idempotent. */
  release(tenantId: string, reservation: SupplierReservation): Promise<void>;
}
