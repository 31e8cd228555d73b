// Use cases of booking requests: create from a paid order (once per order, also under concurrency), the look-ups
// by e-mail + refnum, a user's own requests, and cancel (not implemented, as specified). Confirm is
// booking-confirm.ts.
import { randomInt } from 'node:crypto';
import { loggedInUserId } from '../../platform/auth/session.js';
import type { Queryable } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { formatDate } from '../../platform/time.js';
import type { CatalogApi } from '../catalog/index.js';
import type { CustomerRecordOf } from '../customers/index.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import type { OrderForBooking, SalesApi } from '../sales/index.js';
import * as repo from './bookings.repository.js';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, accessCodeOf, accessMaxDate, lineSource } from './bookings.rules.js';
import type { BookingAccess, BookingRequest, BookingSearchRow, RequestStatus } from './bookings.schemas.js';
import { accessView, requestView, searchRowView } from './bookings.view.js';
import { ticketPageUrl } from './tickets/index.js';
import { secretPairLookup } from './secret-pair.js';

export interface BookingServiceDeps {
  sales: Pick<SalesApi, 'orderForBooking' | 'recordTicketsPage'>;
  catalog: Pick<CatalogApi, 'vendorBookedProducts'>;
  offlineTickets: Pick<OfflineTicketsApi, 'ticketsForReference'>;
  customerRecordOf: CustomerRecordOf;
  /** Secret-pair look-ups per client address and minute (contract §7.1). */
  secretPairPerMinute: number;
}

const NOT_FOUND = 'Booking';

function newAccessCode(): string {
  return accessCodeOf(Array.from({ length: ACCESS_CODE_LENGTH }, () => randomInt(ACCESS_CODE_ALPHABET.length)));
}

/**
 * The order's lines as booking lines, each with the source of its tickets. A flight line gets none: in this release
 * an agent tickets flights offline from the order line (its priced offer), so confirm never claims it.
 */
async function linesOf(
  deps: BookingServiceDeps,
  tx: Queryable,
  order: OrderForBooking,
): Promise<repo.NewBookingLine[]> {
  const ticketed = order.lines.filter((line) => !line.flight);
  const productIds = ticketed.flatMap((line) => (line.productId === null ? [] : [line.productId]));
  const [vendorBooked, tickets] = await Promise.all([
    deps.catalog.vendorBookedProducts(tx, productIds),
    deps.offlineTickets.ticketsForReference(tx, order.orderNum),
  ]);
  const offline = new Set(tickets.filter((ticket) => ticket.status === 'SOLD').map((ticket) => ticket.productId));
  return ticketed.map((line) => ({
    line_no: line.lineNo,
    // a ticket-supplier line (issue 31) is the supplier's to ticket, confirming the cart's reservation
    source: line.supplierTicket === null ? lineSource(line.productId, offline, vendorBooked) : 'SUPPLIER',
    product_id: line.productId,
    variant_id: line.variantId,
    description: line.description,
    quantity: line.quantity,
    unit_name: line.unitName,
    service_date: line.serviceDate,
    time_slot: line.timeSlot,
    pickup_location: line.pickupLocation,
    resv_name: line.resvName,
    supplier_ticket: line.supplierTicket,
  }));
}

/**
 * The paid order's booking request, made once: a second create, or one racing this one, finds the first (the
 * unique sales_order_id makes the loser's insert wait for the winner and then do nothing). Its tickets page is
 * recorded on the order with it, whoever made it (the `order.paid` subscriber or the buyer's own /booking/create),
 * so the order's old download links lead there at once.
 */
export async function requestForPaidOrder(
  deps: BookingServiceDeps,
  scope: { tenant: TenantRecord; now: Date },
  tx: Queryable,
  order: OrderForBooking,
): Promise<repo.BookingRequestRow> {
  const existing = await repo.findRequestOfOrder(tx, order.salesOrderId);
  if (existing) return existing;
  if (!order.paid) throw new ApiError(ErrorCode.INVALID_STATE, `Order ${order.orderNum} is not paid`);
  const { timezone } = scope.tenant;
  const lines = await linesOf(deps, tx, order);
  const inserted = await repo.insertRequest(tx, {
    salesOrderId: order.salesOrderId,
    customerId: order.customerId,
    accessCode: newAccessCode(),
    accessMaxDate: accessMaxDate(
      lines.map((line) => line.service_date),
      formatDate(order.createdAt, timezone),
      timezone,
    ),
    orderNum: order.orderNum,
    orderDate: order.createdAt,
    invoiceNum: order.invoiceNum,
    amount: order.total,
    currency: order.currency,
    customerEmail: order.customerEmail?.toLowerCase() ?? null,
    sessionId: order.sessionId,
    userId: order.userId,
    year: Number(formatDate(scope.now, timezone).slice(0, 4)),
    now: scope.now,
  });
  if (!inserted) {
    const winner = await repo.findRequestOfOrder(tx, order.salesOrderId);
    if (!winner) throw new Error('a booking request was neither inserted nor found');
    return winner;
  }
  await repo.insertLines(tx, inserted.booking_request_id, lines);
  const page = ticketPageUrl('', inserted.booking_request_id, inserted.access_code);
  await deps.sales.recordTicketsPage(tx, order.salesOrderId, page);
  return inserted;
}

/** The request of the pair (`find` reads it by refnum), or NOTFOUND (a wrong pair counted against the budget). */
function requestOfPair<Row extends repo.BookingRequestRow>(
  deps: BookingServiceDeps,
  ctx: TenantContext,
  pair: { email: string; refnum: string },
  find: (db: Queryable, refnum: string) => Promise<Row | undefined>,
): Promise<Row> {
  return secretPairLookup(ctx, deps.secretPairPerMinute, async () => {
    const request = await find(ctx.db, pair.refnum.trim());
    const email = pair.email.trim().toLowerCase();
    if (!request?.customer_email || request.customer_email !== email) throw notFound(NOT_FOUND);
    return request;
  });
}

export function createBookingService(deps: BookingServiceDeps) {
  return {
    async create(ctx: TenantContext, orderNum: string): Promise<BookingRequest> {
      const row = await withTransaction(ctx, async (tx) => {
        const order = await deps.sales.orderForBooking(tx, orderNum);
        if (!order) throw notFound('Order');
        return requestForPaidOrder(deps, ctx, tx, order);
      });
      return requestView(row, ctx.tenant.timezone);
    },

    async read(ctx: TenantContext, email: string, refnum: string): Promise<BookingSearchRow[]> {
      const request = await requestOfPair(deps, ctx, { email, refnum }, repo.findRequestWithLinesByRefnum);
      return request.lines.map((line) => searchRowView(request, line, ctx.tenant.timezone));
    },

    async verifyAccess(ctx: TenantContext, email: string, refnum: string): Promise<BookingAccess> {
      const request = await requestOfPair(deps, ctx, { email, refnum }, repo.findRequestByRefnum);
      return accessView(request, ctx.tenant.timezone);
    },

    /** A customer's requests (its record's, and those of orders it placed); an employee's: of orders it placed. */
    async readAll(ctx: TenantContext, status: RequestStatus | undefined): Promise<BookingRequest[]> {
      const customerId = ctx.roles.includes('customer') ? ((await deps.customerRecordOf(ctx)) ?? null) : null;
      const rows = await repo.listRequests(ctx.db, { customerId, userId: loggedInUserId(ctx.session) }, status);
      return rows.map((row) => requestView(row, ctx.tenant.timezone));
    },

    async cancel(): Promise<null> {
      throw new ApiError(ErrorCode.NOT_IMPLEMENTED, 'Cancelling a booking request is not implemented');
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
