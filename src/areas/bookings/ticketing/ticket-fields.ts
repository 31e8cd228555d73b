// What every ticket of a line says, whoever issued it: the service, its date and time slot in the tenant's
// timezone, who travels and where they are picked up.
import { localToInstant } from '../../../platform/time.js';
import type { NewTicket } from '../bookings.repository.js';
import type { IssueContext } from './port.js';

type LineFields = Omit<
  NewTicket,
  | 'seq'
  | 'barcode'
  | 'supplier_booking_id'
  | 'supplier_booking_sub_id'
  | 'supplier_reference'
  | 'supplier_voucher'
  | 'supplier_status'
>;

/** The validity of a ticket: its service day, or until the access code runs out for an undated service. */
function validityOf(serviceDate: string | null, accessUntil: string): string {
  return serviceDate ? `Valid on ${serviceDate}` : `Valid until ${accessUntil}`;
}

export function lineFields({ tenant, request, line }: IssueContext): LineFields {
  const date = line.service_date;
  const slot = line.time_slot && /^\d{2}:\d{2}$/.test(line.time_slot) ? line.time_slot : null;
  const start = date ? (localToInstant(`${date}T${slot ?? '00:00'}:00`, tenant.timezone) ?? null) : null;
  const end = date ? (localToInstant(`${date}T23:59:59`, tenant.timezone) ?? null) : null;
  return {
    booking_request_id: request.booking_request_id,
    line_no: line.line_no,
    ticket_description: line.description,
    start_date: start,
    end_date: end,
    timeslot: line.time_slot,
    option_id: line.variant_id,
    terms: null,
    pickup_location: line.pickup_location,
    ticket_validity: validityOf(date, request.access_max_date.toISOString().slice(0, 10)),
    ticket_print_type: 'MOBILE',
    ticket_resv_name: line.resv_name,
  };
}

export const NO_SUPPLIER = {
  supplier_booking_id: null,
  supplier_booking_sub_id: null,
  supplier_reference: null,
  supplier_voucher: null,
  supplier_status: null,
} as const;
