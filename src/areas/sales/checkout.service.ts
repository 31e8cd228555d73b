// Checkout of a cart: an invoice (paid or not) or a payment link on the gateway, the link's status, and payments
// registered by staff. Amounts are the cart's server prices; a payment link keeps the cart's seats held until the
// link expires (plus a grace period for a slow payer).
import { isEmployee } from '../../platform/auth/roles.js';
import type { Queryable } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, missingParameter, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../platform/money.js';
import { addDays, formatDate, formatDateTime } from '../../platform/time.js';
import type { OrderCheckResult } from '../../integrations/payment-gateway/index.js';
import { PaymentGatewayError } from '../../integrations/payment-gateway/index.js';
import type { CheckoutCart } from '../cart/index.js';
import {
  type CheckoutDeps,
  type CustomerInput,
  documentYear,
  gatewayUnavailable,
  insertOrderOfCart,
  newOrderNumber,
  resolveCustomer,
  taxedCart,
} from './checkout-order.js';
import { nextDocumentNumber } from './document-numbers.js';
import { createPaymentLink, type OrderLinks, type PaymentLinkInput } from './payment-link.js';
import * as repo from './sales.repository.js';
import type { RegisterPaymentRequest } from './sales.schemas.js';

export type { CheckoutDeps, CustomerInput } from './checkout-order.js';
export type { PaymentLinkInput } from './payment-link.js';

export interface InvoiceInput {
  customer?: CustomerInput;
  paid?: boolean;
}

export function createCheckoutService(deps: CheckoutDeps & { links: OrderLinks }) {
  return {
    createInvoice: (ctx: TenantContext, input: InvoiceInput) => createInvoice(deps, ctx, input),
    createPaymentLink: (ctx: TenantContext, input: PaymentLinkInput) => createPaymentLink(deps, ctx, input),
    checkPaymentStatus: (ctx: TenantContext, paymentRef: string) => checkPaymentStatus(deps, ctx, paymentRef),
    registerPayment: (ctx: TenantContext, input: RegisterPaymentRequest) => registerPayment(ctx, input),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

async function createInvoice(
  deps: CheckoutDeps,
  ctx: TenantContext,
  input: InvoiceInput,
): Promise<{ invoices: string[] }> {
  if (input.paid && !isEmployee(ctx.roles))
    throw new ApiError(ErrorCode.FORBIDDEN, 'Only staff may record an invoice as paid');
  requireTransientCustomer(ctx, input.customer);
  return withTransaction(ctx, async (tx) => {
    const cart = await deps.cart.cartForCheckout(ctx, tx);
    // A ticket-supplier line is invoiced only while its reservation at the supplier holds (issue 31).
    const lapsed = cart.items.find((item) => item.supplierTicket !== null && !item.held);
    if (lapsed) throw new ApiError(ErrorCode.INVALID_STATE, `Item ${lapsed.itemId} is no longer held; add it again`);
    const customer = await resolveCustomer(deps, ctx, tx, input.customer);
    // A logged-in user may be invoiced as themselves; anyone else names the customer.
    if (!customer && ctx.session?.kind !== 'user')
      throw missingParameter('customer (customerId, or email and custName)');
    const order = await insertOrderOfCart(ctx, tx, {
      orderNum: await newOrderNumber(ctx, tx),
      cartId: cart.cartId,
      taxed: await taxedCart(deps, ctx, tx, cart),
      customer,
      paymentStatus: input.paid ? 'PAID' : 'UNPAID',
    });
    await sellCartHolds(deps, ctx, tx, cart);
    const issueDate = formatDate(ctx.now, ctx.tenant.timezone);
    // an unpaid invoice is due after the agency's payment terms; a paid one on its issue
    const dueDays = input.paid ? 0 : (await deps.settings.read({ tenant: ctx.tenant, db: tx })).invoiceDueDays;
    const invoice = await repo.insertInvoiceOfOrder(tx, {
      number: await nextDocumentNumber(tx, 'INV', documentYear(ctx)),
      salesOrderId: order.sales_order_id,
      issueDate,
      dueDate: addDays(issueDate, dueDays),
    });
    if (input.paid) await recordCashPayment(ctx, tx, invoice, order);
    await deps.cart.setCartPayment(tx, cart.cartId, {
      orderNum: order.order_num,
      paymentRef: null,
      paymentUrl: null,
      now: ctx.now,
    });
    await deps.cart.markCartOrdered(tx, cart.cartId, ctx.now);
    return { invoices: [invoice.invoice_number] };
  });
}

/**
 * A transient cart's invoice (a guest's or the website's session, no logged-in user) names a new customer in full:
 * without `customerId`, `email`, `custName` and `mobilePhone` are required (specification, /cart/createInvoice).
 */
function requireTransientCustomer(ctx: TenantContext, customer: CustomerInput | undefined) {
  if (ctx.session?.kind === 'user' || customer === undefined || customer.customerId !== undefined) return;
  if (!customer.email) throw missingParameter('customer.email');
  if (!customer.custName) throw missingParameter('customer.custName');
  if (!customer.mobilePhone) throw missingParameter('customer.mobilePhone');
}

/** The order is placed: its seats are sold, paid or not (an unpaid invoice is a confirmed order). */
async function sellCartHolds(deps: CheckoutDeps, ctx: TenantContext, tx: Queryable, cart: CheckoutCart) {
  for (const item of cart.items)
    if (item.holdId) await deps.catalog.convertToSale({ db: tx, now: ctx.now }, item.holdId);
}

/** Staff record an invoice as paid at checkout: paid in cash, and the order completes. */
async function recordCashPayment(
  ctx: TenantContext,
  tx: Queryable,
  invoice: repo.InvoiceRow,
  order: repo.SalesOrderRow,
) {
  await repo.payInvoice(tx, invoice, {
    online: false,
    method: 'CASH',
    gatewayRef: null,
    recordedBy: ctx.session?.userId ?? null,
    now: ctx.now,
  });
  await repo.completeOrder(tx, order.sales_order_id, ctx.now);
}

async function checkPaymentStatus(
  deps: CheckoutDeps & { links: OrderLinks },
  ctx: TenantContext,
  paymentRef: string,
): Promise<OrderCheckResult & { orderStatus: repo.SalesOrderRow['status'] }> {
  // Someone else's payment reference never gets here: the operation declares `paymentRef` a payment record.
  const order = await orderOfPaymentRef(deps.links, ctx.db, paymentRef);
  if (!order) throw notFound('Payment');
  try {
    return { ...(await deps.gateway.checkOrder(paymentRef)), orderStatus: order.status };
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw gatewayUnavailable();
    throw error;
  }
}

/**
 * Staff record that an invoice was paid (contract §7.4): its open amount, by card when online, else by bank transfer,
 * unless the method is named. The invoice's row lock makes a concurrent second registration wait and then find it
 * paid.
 */
async function registerPayment(ctx: TenantContext, input: RegisterPaymentRequest) {
  const online = input.online ?? false;
  return withTransaction(ctx, async (tx) => {
    const invoice = await repo.lockInvoice(tx, input.invoice);
    if (!invoice) throw notFound('Invoice');
    if (invoice.status === 'PAID') throw new ApiError(ErrorCode.INVALID_STATE, 'The invoice is paid already');
    const payment = await repo.payInvoice(tx, invoice, {
      online,
      method: input.paymentMethod ?? (online ? 'CARD' : 'BANK'),
      gatewayRef: null,
      recordedBy: ctx.session?.userId ?? null,
      now: ctx.now,
    });
    await repo.completeOrder(tx, invoice.sales_order_id, ctx.now);
    return {
      paymentId: payment.payment_id,
      invoiceNumber: payment.invoice_number,
      amount: Number(minorToDecimalString(toMinor(payment.amount, payment.currency), payment.currency)),
      paymentDate: formatDateTime(payment.payment_date, ctx.tenant.timezone),
      online: payment.online,
      paymentMethod: payment.payment_method,
      status: payment.status,
    };
  });
}

/** The order whose payment link opened that gateway order (a caller's `paymentRef`). */
export async function orderOfPaymentRef(links: Pick<OrderLinks, 'ownerOfGatewayOrder'>, db: Queryable, ref: string) {
  const salesOrderId = await links.ownerOfGatewayOrder(db, ref);
  return salesOrderId === undefined ? undefined : repo.findOrder(db, salesOrderId);
}
