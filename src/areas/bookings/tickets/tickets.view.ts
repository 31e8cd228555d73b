// Ticket rows as the API and the pages show them: dates in the tenant's timezone, ext_info spread over
// extInfo1..extInfo5, a validity text when the ticket has none of its own.
import { formatDate, formatDateTime } from '../../../platform/time.js';
import type { TicketRow } from './tickets.repository.js';
import type { TicketConfirmation } from './tickets.schemas.js';

interface ExtInfo {
  extInfo1: string | null;
  extInfo2: string | null;
  extInfo3: string | null;
  extInfo4: string | null;
  extInfo5: string | null;
}

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** ext_info holds an array of up to five texts or an object with the keys extInfo1..extInfo5. */
export function extInfoOf(ext: unknown): ExtInfo {
  const at = (index: number): string | null => {
    if (Array.isArray(ext)) return text(ext[index]);
    if (ext !== null && typeof ext === 'object')
      return text(Object.entries(ext).find(([key]) => key === `extInfo${index + 1}`)?.[1]);
    return null;
  };
  return { extInfo1: at(0), extInfo2: at(1), extInfo3: at(2), extInfo4: at(3), extInfo5: at(4) };
}

/** The ticket's own validity text, else the day (and time slot) it is for, else an open date. */
export function validityText(ticket: TicketRow, timeZone: string): string {
  if (ticket.ticket_validity) return ticket.ticket_validity;
  if (!ticket.start_date) return 'Open date: valid until used';
  const day = formatDate(ticket.start_date, timeZone);
  return ticket.timeslot ? `Valid on ${day} at ${ticket.timeslot}` : `Valid on ${day}`;
}

const dateTime = (instant: Date | null, timeZone: string) => (instant ? formatDateTime(instant, timeZone) : null);
const integer = (value: string | null) => (value === null ? null : Number(value));

export function ticketView(
  ticket: TicketRow,
  view: { timeZone: string; barcodeImage: string; ticketUrl: string },
): TicketConfirmation {
  return {
    id: ticket.ticket_id,
    requestId: ticket.booking_request_id,
    barcode: ticket.barcode,
    barcodeImage: view.barcodeImage,
    timeslot: ticket.timeslot,
    startDate: dateTime(ticket.start_date, view.timeZone),
    endDate: dateTime(ticket.end_date, view.timeZone),
    optionId: ticket.option_id,
    terms: ticket.terms,
    supplierBookingId: integer(ticket.supplier_booking_id),
    supplierBookingSubId: integer(ticket.supplier_booking_sub_id),
    supplierReference: ticket.supplier_reference,
    supplierVoucher: ticket.supplier_voucher,
    supplierStatus: ticket.supplier_status,
    ticketDescription: ticket.ticket_description,
    pickupLocation: ticket.pickup_location,
    ...extInfoOf(ticket.ext_info),
    ticketUrl: view.ticketUrl,
    ticketValidity: validityText(ticket, view.timeZone),
    ticketPrintType: ticket.ticket_print_type,
    ticketResvName: ticket.ticket_resv_name,
  };
}
