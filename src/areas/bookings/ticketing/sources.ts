// The three sources of a line's tickets: our own numbered tickets (one per unit), the offline inventory codes sold
// for the order (one ticket per code), and the ticket supplier (one voucher per unit; its booking is cancelled when
// the line's tickets cannot be written). A line sold from the ticket supplier's catalog names the supplier's product
// and variant and carries the cart's reservation: its first claim confirms that reservation; a later claim (the
// reservation refused, lapsed or lost) books afresh.
import { type TicketSupplier, TicketSupplierError } from '../../../integrations/ticket-supplier/index.js';
import { supplierTicketOf } from '../../cart/index.js';
import { ownBarcode } from '../bookings.rules.js';
import { type IssueContext, TicketingError, type TicketSource, type TicketSources } from './port.js';
import { lineFields, NO_SUPPLIER } from './ticket-fields.js';

const own: TicketSource = {
  async issue(context) {
    const fields = lineFields(context);
    const tickets = Array.from({ length: Math.ceil(context.line.quantity) }, (_, index) => ({
      ...fields,
      ...NO_SUPPLIER,
      seq: index + 1,
      barcode: ownBarcode(context.request.refnum, context.line.line_no, index + 1),
    }));
    return { tickets, supplier: null };
  },
};

const offline: TicketSource = {
  async issue(context) {
    if (context.offlineCodes.length === 0) {
      throw new TicketingError('NO_OFFLINE_TICKETS', 'No offline ticket code was sold for this line');
    }
    const fields = lineFields(context);
    const tickets = context.offlineCodes.map((code, index) => ({
      ...fields,
      ...NO_SUPPLIER,
      seq: index + 1,
      barcode: code,
    }));
    return { tickets, supplier: null };
  },
};

/** The supplier booking's key: one per claim of the line, so a retry after a failure books afresh. */
export const supplierKeyOf = (context: IssueContext) =>
  `booking:${context.request.booking_request_id}:line:${context.line.line_no}:attempt:${context.attempt}`;

function supplierSource(supplier: TicketSupplier, timeoutMs: number): TicketSource {
  return {
    async issue(context) {
      const { line, tenant } = context;
      const signal = AbortSignal.timeout(timeoutMs);
      const sold = supplierTicketOf(line.supplier_ticket);
      const request = {
        tenantId: tenant.tenantId,
        idempotencyKey: supplierKeyOf(context),
        productId: line.product_id ?? 0,
        description: line.description,
        quantity: Math.ceil(line.quantity),
        serviceDate: line.service_date,
        timeSlot: line.time_slot,
        resvName: line.resv_name,
        ...(sold && {
          supplierProductId: sold.productId,
          supplierVariantId: sold.variantId,
          ...(context.attempt === 1 && { reservation: sold.reservation }),
        }),
      };
      const booking = await supplier.book(request, signal).catch((error: unknown) => {
        if (error instanceof TicketSupplierError) throw new TicketingError(error.code, error.message);
        if (signal.aborted) {
          // It may still book after we stopped waiting: whatever it made under this key is cancelled.
          supplier.cancel(tenant.tenantId, request.idempotencyKey).catch(() => undefined);
          throw new TicketingError('SUPPLIER_TIMEOUT', `The supplier did not answer in ${timeoutMs} ms`);
        }
        throw error;
      });
      const fields = lineFields(context);
      const tickets = booking.vouchers.map((voucher) => ({
        ...fields,
        seq: voucher.subId,
        barcode: voucher.barcode,
        supplier_booking_id: booking.supplierBookingId,
        supplier_booking_sub_id: voucher.subId,
        supplier_reference: booking.supplierReference,
        supplier_voucher: voucher.voucher,
        supplier_status: booking.status,
      }));
      return { tickets, supplier: { bookingId: booking.supplierBookingId, reference: booking.supplierReference } };
    },
    undo: (context) => supplier.cancel(context.tenant.tenantId, supplierKeyOf(context)),
  };
}

export function ticketSources(supplier: TicketSupplier, supplierTimeoutMs: number): TicketSources {
  return { OWN: own, OFFLINE: offline, SUPPLIER: supplierSource(supplier, supplierTimeoutMs) };
}
