// The tickets of a request as their holder reads them, once for the tickets page, the PDF voucher and the tickets
// e-mail: the order's number and the amount paid, the agency's contact, and per ticket its facts (when, for whom, the
// hotel pickup and its window or the meeting point, the cancellation policy) and what to do to be on the tour.
import { displayAmount } from '../../../platform/money.js';
import { displayDatesIn, displayDateTime } from '../../../platform/time.js';
import type { CatalogApi } from '../../catalog/index.js';
import type { AgencyContact, SettingsApi } from '../../settings/index.js';
import type { TicketScope } from './ticket-signing.js';
import {
  arrivalAdvice,
  localWhen,
  meetingOf,
  pickupText,
  type TicketProductFacts,
  whenText,
} from './ticket-sheet.rules.js';
import type { TicketRequestRow } from './tickets.repository.js';
import type { IssuedTicket } from './tickets.service.js';

export interface SheetDeps {
  catalog: Pick<CatalogApi, 'ticketFacts'>;
  settings: Pick<SettingsApi, 'read'>;
}

/** A label and its text; a fact without text is not shown. */
export type TicketFact = [label: string, value: string | null];

export interface SheetTicket {
  issued: IssuedTicket;
  /** The order line it was sold on: the e-mail counts a tour's tickets by it. */
  lineNo: number;
  description: string;
  when: string | null;
  pickup: string | null;
  facts: TicketFact[];
  /** Where to be and when: the lobby through the pickup window, or the meeting point 15 minutes early. */
  advice: string | null;
  /** When it was checked in, as people read it; null while unused. */
  usedAt: string | null;
}

export interface TicketSheet {
  tenantName: string;
  refnum: string;
  orderNum: string | null;
  /** "AED 150.00"; null on a request made before it kept the order's amount. */
  amountPaid: string | null;
  timeZone: string;
  contact: AgencyContact;
  tickets: SheetTicket[];
}

// What ticketing writes as a dated ticket's validity ("Valid on 2026-12-10"): its date, which the sheet shows once.
const VALID_ON_ITS_DAY = /^Valid on \d{4}-\d{2}-\d{2}$/;

/** The ticket's validity, its dates as people read them; none for a dated ticket valid on its day alone. */
function validityOf(ticket: IssuedTicket): string | null {
  const own = ticket.row.ticket_validity;
  const text = ticket.row.start_date
    ? own && !VALID_ON_ITS_DAY.test(own)
      ? own
      : null
    : ticket.confirmation.ticketValidity;
  return text ? displayDatesIn(text) : null;
}

function sheetTicket(
  ticket: IssuedTicket,
  product: TicketProductFacts | undefined,
  policy: string | null,
  timeZone: string,
): SheetTicket {
  const { row, confirmation } = ticket;
  const local = localWhen(row, timeZone);
  const when = whenText(local);
  const meeting = meetingOf(row, local, product);
  const pickup = pickupText(meeting);
  return {
    issued: ticket,
    lineNo: row.line_no,
    description: confirmation.ticketDescription,
    when,
    pickup,
    facts: [
      ['Date and time', when],
      ['Reserved for', confirmation.ticketResvName],
      ['Hotel pickup', pickup],
      ['Meeting point', meeting.kind === 'meeting point' ? meeting.place : null],
      ['Validity', validityOf(ticket)],
      ['Supplier reference', confirmation.supplierReference],
      ['Terms', confirmation.terms],
      ['Cancellation policy', product?.cancelPolicy?.trim() || policy],
    ],
    advice: arrivalAdvice(meeting),
    usedAt: row.redeemed_at ? displayDateTime(row.redeemed_at, timeZone) : null,
  };
}

/** The sheet of a request's issued tickets, read on the scope's database. */
export async function ticketSheet(
  deps: SheetDeps,
  scope: TicketScope,
  request: TicketRequestRow,
  tickets: readonly IssuedTicket[],
): Promise<TicketSheet> {
  const productIds = tickets.flatMap((ticket) => (ticket.row.product_id === null ? [] : [ticket.row.product_id]));
  const [facts, settings] = await Promise.all([
    deps.catalog.ticketFacts(scope.db, productIds),
    deps.settings.read({ tenant: scope.tenant, db: scope.db }),
  ]);
  const timeZone = scope.tenant.timezone;
  const product = (ticket: IssuedTicket) =>
    ticket.row.product_id === null ? undefined : facts.get(ticket.row.product_id);
  return {
    tenantName: scope.tenant.tenantName,
    refnum: request.refnum,
    orderNum: request.order_num,
    amountPaid: request.amount && request.currency ? displayAmount(request.amount, request.currency) : null,
    timeZone,
    contact: settings.contact,
    tickets: tickets.map((ticket) => sheetTicket(ticket, product(ticket), settings.cancellationPolicy, timeZone)),
  };
}
