// A payment link for a cart, made by the payments area (kind `sales-order`): the order is born with its link. The
// cart is priced and the order's number and id taken first; the gateway order is opened outside any transaction;
// then, under the cart's row lock, the cart is priced again and the link, the pending order, the cart's held seats
// (kept until the link expires, plus a grace period for a slow payer) and the cart's payment are recorded in one
// transaction (payments' createLink, this owner's lock, amountOf and onLinked). The gateway is asked for the order's
// gross: the cart's prices with the tax of the policy in force (order-tax.ts).
//
// One payable link per cart at a time: while the cart has a link that can still be paid, another call answers that
// link (the same cart, the same amount) or INVALID_STATE (the cart changed since: pay that link or let it expire).
// Decided under the cart's row lock, before the gateway call and again when recording, so concurrent calls make one
// order; a call that lost the race leaves its gateway order unused (nobody is given its address; it expires there).
import type { Queryable, TransactionSql } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import { requireOwnHost } from '../../platform/http/own-host.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, toMinor } from '../../platform/money.js';
import type { CreateOrderRequest } from '../../integrations/payment-gateway/index.js';
import type { OwnerLink, OwnerPayments, OwnerScope, Payable } from '../payments/index.js';
import {
  type CheckoutDeps,
  type CustomerInput,
  insertOrderOfCart,
  newOrderNumber,
  type OrderCustomer,
  resolveCustomer,
  taxedCart,
} from './checkout-order.js';
import type { TaxedCart } from './order-tax.js';
import * as repo from './sales.repository.js';

/** A payer still on the gateway's page when the link expires keeps the seats this much longer. */
const HOLD_GRACE_MINUTES = 15;

export interface PaymentLinkInput {
  customer?: CustomerInput;
  options?: { host?: string; device?: 'small' | 'medium' | 'large' };
}

/** One createPaymentLink call, as payments hands it to this owner's lock, amountOf and onLinked. */
export interface OrderLinkRequest {
  ctx: TenantContext;
  orderNum: string;
  customer: OrderCustomer | undefined;
  device: CreateOrderRequest['device'];
  /** The cart as amountOf priced it under the lock, for onLinked. */
  priced?: { cartId: string; taxed: TaxedCart };
}

export type OrderLinks = OwnerPayments<OrderLinkRequest>;

/** Under the cart's lock: a concurrent call recorded the cart's link first, and it charges the same. */
class CartLinkedMeanwhile extends Error {}

export async function createPaymentLink(
  deps: CheckoutDeps & { links: OrderLinks },
  ctx: TenantContext,
  input: PaymentLinkInput,
) {
  requireOwnHost(deps.publicScheme, deps.tenantHost(ctx.tenant.tenantCode), input.options?.host, 'options.host');
  // Read and price first (the order's number and id taken), then payments opens the gateway order and records all.
  const prepared = await withTransaction(ctx, async (tx) => {
    const cart = await deps.cart.cartForCheckout(ctx, tx);
    const taxed = await taxedCart(deps, ctx, tx, cart);
    const active = await repo.payableOrderOfCart(tx, cart.cartId, ctx.now);
    if (active) return { kind: 'existing' as const, taxed: sameLinkOrRefuse(active, taxed) };
    refuseUnheld(cart.items);
    const customer = await resolveCustomer(deps, ctx, tx, input.customer);
    const orderNum = await newOrderNumber(ctx, tx);
    return { kind: 'new' as const, taxed, customer, orderNum, salesOrderId: await repo.nextSalesOrderId(tx) };
  });
  if (prepared.kind === 'existing') return linkAnswer(deps, ctx, prepared.taxed);
  const { orderNum, customer } = prepared;
  try {
    await deps.links.createLink(ctx, prepared.salesOrderId, { ctx, orderNum, customer, device: input.options?.device });
  } catch (error) {
    if (!(error instanceof CartLinkedMeanwhile)) throw error;
    ctx.log.info({ orderNum }, "a concurrent call made the cart's link first; ours is unused");
  }
  return linkAnswer(deps, ctx, prepared.taxed);
}

/** Checked again at checkout: every held line still holds (its seats, or its reservation at the supplier). */
function refuseUnheld(items: { itemId: number; holdId: string | null; supplierTicket: unknown; held: boolean }[]) {
  const unavailable = items.find((item) => (item.holdId || item.supplierTicket !== null) && !item.held);
  if (unavailable)
    throw new ApiError(ErrorCode.INVALID_STATE, `Item ${unavailable.itemId} is no longer held; add it again`);
}

/** This owner's part of making a link: the cart's lock, what the cart's link takes, and the order it makes. */
export function orderLinkCallbacks(deps: CheckoutDeps) {
  return {
    /** The cart's row while a link is made (the order does not exist yet); the order's row when it settles. */
    async lock(tx: Queryable, salesOrderId: number, request?: OrderLinkRequest): Promise<boolean> {
      if (!request) return (await repo.lockOrder(tx, salesOrderId)) !== undefined;
      await deps.cart.cartForCheckout(request.ctx, tx);
      return true;
    },

    async amountOf(db: Queryable, _id: number, now: Date, request?: OrderLinkRequest): Promise<Payable | undefined> {
      if (!request) return undefined;
      const { ctx, orderNum, customer } = request;
      const cart = await deps.cart.cartForCheckout(ctx, db);
      const taxed = await taxedCart(deps, ctx, db, cart);
      const active = await repo.payableOrderOfCart(db, cart.cartId, now);
      if (active) {
        sameLinkOrRefuse(active, taxed);
        throw new CartLinkedMeanwhile();
      }
      refuseUnheld(cart.items);
      request.priced = { cartId: cart.cartId, taxed };
      return {
        name: `Order ${orderNum}`,
        amountMinor: taxed.totals.grossMinor,
        currency: cart.currency,
        referencePrefix: orderNum,
        reference: orderNum,
        description: `order ${orderNum}`,
        customer: customer && {
          email: customer.email ?? undefined,
          name: customer.name ?? undefined,
          phone: customer.phone ?? undefined,
        },
        device: request.device,
      };
    },

    /** The pending order with its link, the cart's holds kept until the link expires, the link on the cart. */
    async onLinked(tx: TransactionSql, link: OwnerLink, scope: OwnerScope, request?: OrderLinkRequest) {
      if (!request?.priced) throw new Error('a sales order link recorded without its cart');
      const { cartId, taxed } = request.priced;
      await insertOrderOfCart(request.ctx, tx, {
        orderNum: request.orderNum,
        cartId,
        taxed,
        customer: request.customer,
        paymentStatus: 'PENDING',
        linked: { salesOrderId: link.ownerId, paymentExpiresAt: link.expiresAt },
      });
      const holds = taxed.cart.items.flatMap((item) => (item.holdId ? [item.holdId] : []));
      const heldUntil = new Date(link.expiresAt.getTime() + HOLD_GRACE_MINUTES * 60_000);
      await deps.catalog.extend({ db: tx, now: scope.now }, holds, heldUntil);
      await deps.cart.extendSupplierHolds(tx, cartId, heldUntil);
      await deps.cart.setCartPayment(tx, cartId, {
        orderNum: request.orderNum,
        paymentRef: link.orderRef,
        paymentUrl: link.paymentUrl,
        now: scope.now,
      });
    },
  };
}

/** The cart (with its link) and what the link charges. */
async function linkAnswer(deps: CheckoutDeps, ctx: TenantContext, taxed: TaxedCart) {
  const { currency } = taxed.cart;
  return {
    ...(await deps.cart.view(ctx)),
    paymentAmount: fromMinor(taxed.totals.grossMinor, currency),
    taxAmount: fromMinor(taxed.totals.taxMinor, currency),
    currency,
  };
}

/**
 * The cart already has a link that can be paid: it is the answer when it charges what the cart costs now;
 * otherwise the cart changed since, and a second payable link is refused.
 */
function sameLinkOrRefuse(active: repo.SalesOrderRow, taxed: TaxedCart): TaxedCart {
  const charges = toMinor(active.total, active.currency);
  if (active.currency === taxed.cart.currency && charges === taxed.totals.grossMinor) return taxed;
  throw new ApiError(
    ErrorCode.INVALID_STATE,
    `The cart has a payment link for order ${active.order_num} that can still be paid; pay it or wait until it expires`,
  );
}
