// A payment link for a cart: the order opened on the gateway outside any transaction, then the pending order, its
// link and the cart's held seats recorded in one. The seats stay held until the link expires (plus a grace period
// for a slow payer). The gateway is asked for the order's gross: the cart's prices with the tax of the policy in
// force (order-tax.ts), so a tax-exclusive 5 % turns a 100.00 cart into a 105.00 payment.
//
// One payable link per cart at a time: while the cart has a link that can still be paid, another call answers that
// link (the same cart, the same amount) or INVALID_STATE (the cart changed since: pay that link or let it expire).
// Decided under the cart's row lock, before the gateway call and again when recording, so concurrent calls make one
// order; a call that lost the race leaves its gateway order unused (nobody is given its address; it expires there).
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { PaymentGatewayError } from '../../integrations/payment-gateway/index.js';
import { fromMinor, toMinor } from '../../platform/money.js';
import {
  type CheckoutDeps,
  type CustomerInput,
  gatewayUnavailable,
  insertOrderOfCart,
  newOrderNumber,
  type OrderCustomer,
  resolveCustomer,
  taxedCart,
} from './checkout-order.js';
import { newCallbackToken } from './callback-token.js';
import type { TaxedCart } from './order-tax.js';
import * as repo from './sales.repository.js';

/** A payer still on the gateway's page when the link expires keeps the seats this much longer. */
const HOLD_GRACE_MINUTES = 15;

export interface PaymentLinkInput {
  customer?: CustomerInput;
  options?: { host?: string; device?: 'small' | 'medium' | 'large' };
}

export async function createPaymentLink(deps: CheckoutDeps, ctx: TenantContext, input: PaymentLinkInput) {
  const host = returnHost(deps, ctx, input.options?.host);
  // Read and price first, call the gateway outside any transaction, then write everything in one.
  const prepared = await withTransaction(ctx, async (tx) => {
    const cart = await deps.cart.cartForCheckout(ctx, tx);
    const taxed = await taxedCart(deps, ctx, tx, cart);
    const active = await repo.payableOrderOfCart(tx, cart.cartId, ctx.now);
    if (active) return { kind: 'existing' as const, taxed: sameLinkOrRefuse(active, taxed) };
    const unavailable = cart.items.find((item) => item.holdId && !item.held);
    if (unavailable) {
      throw new ApiError(ErrorCode.INVALID_STATE, `Item ${unavailable.itemId} is no longer held; add it again`);
    }
    const customer = await resolveCustomer(deps, ctx, tx, input.customer);
    return { kind: 'new' as const, taxed, customer, orderNum: await newOrderNumber(ctx, tx) };
  });
  if (prepared.kind === 'existing') return linkAnswer(deps, ctx, prepared.taxed);
  const { taxed, customer, orderNum } = prepared;
  const callback = newCallbackToken();
  const created = await openGatewayOrder(deps, ctx, {
    host,
    taxed,
    customer,
    orderNum,
    callbackToken: callback.token,
    device: input.options?.device,
  });
  const recorded = await recordPaymentLink(deps, ctx, {
    taxed,
    customer,
    orderNum,
    created,
    callbackTokenHash: callback.hash,
  });
  if (recorded !== 'recorded')
    ctx.log.info({ orderNum }, "a concurrent call made the cart's link first; ours is unused");
  return linkAnswer(deps, ctx, taxed);
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

/** The host the gateway sends the browser back to: the tenant's own, exactly, or a refusal (never an open redirect). */
function returnHost(deps: CheckoutDeps, ctx: TenantContext, requested: string | undefined): string {
  const ownHost = deps.tenantHost(ctx.tenant.tenantCode);
  if (requested === undefined) return ownHost;
  const asked = hostAndPort(deps.publicScheme, requested);
  if (asked === undefined || asked !== hostAndPort(deps.publicScheme, ownHost)) {
    throw invalidFormat('options.host', `must be the tenant's host ${ownHost}`);
  }
  return ownHost;
}

/** A bare DNS name with an optional port: no userinfo, path, query, fragment, escapes, backslashes or IPv6 literals. */
const BARE_AUTHORITY = /^[a-z0-9.-]+(?::\d{1,5})?$/i;

/**
 * `hostname:port` of a URL authority, the scheme's default port made explicit, as a browser would resolve it;
 * undefined for anything that is not a bare authority. The pattern refuses what browsers and URL parsers read
 * differently (`a:80@evil`, `a\evil`, `a%40evil`); the parse then confirms nothing but a host and port remain.
 */
function hostAndPort(scheme: string, authority: string): string | undefined {
  if (!BARE_AUTHORITY.test(authority)) return undefined;
  let url: URL;
  try {
    url = new URL(`${scheme}://${authority}`);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

interface CreatedLink {
  orderRef: string;
  paymentUrl: string;
}

/** The order on the gateway's side, with the payer's return addresses; called outside any transaction. */
async function openGatewayOrder(
  deps: CheckoutDeps,
  ctx: TenantContext,
  link: {
    host: string;
    taxed: TaxedCart;
    customer: OrderCustomer | undefined;
    orderNum: string;
    callbackToken: string;
    device: NonNullable<PaymentLinkInput['options']>['device'];
  },
): Promise<CreatedLink> {
  const { taxed, customer, orderNum } = link;
  const base = `${deps.publicScheme}://${link.host}/payment/offline`;
  // `t` proves the browser came from the gateway: the order number alone is guessable (callback-token.ts).
  const ref = `${encodeURIComponent(orderNum)}&t=${link.callbackToken}`;
  try {
    return await deps.gateway.createOrder({
      cartRef: orderNum,
      amountMinor: taxed.totals.grossMinor,
      currency: taxed.cart.currency,
      description: `${ctx.tenant.tenantName} order ${orderNum}`,
      customer: customer
        ? { email: customer.email ?? undefined, name: customer.name ?? undefined, phone: customer.phone ?? undefined }
        : undefined,
      returnUrls: {
        authorised: `${base}/success?ref=${ref}`,
        declined: `${base}/decline?ref=${ref}`,
        cancelled: `${base}/cancel?ref=${ref}`,
      },
      test: deps.testPayments,
      device: link.device,
    });
  } catch (error) {
    if (error instanceof PaymentGatewayError) {
      ctx.log.warn({ err: error, orderNum }, 'payment gateway refused or unreachable');
      throw gatewayUnavailable();
    }
    throw error;
  }
}

/**
 * The pending order with its link, the cart's holds kept until the link expires, the link on the cart; or, when a
 * concurrent call recorded a link first (seen under the cart's lock), nothing ('lost', or INVALID_STATE when that
 * link charges another amount).
 */
async function recordPaymentLink(
  deps: CheckoutDeps,
  ctx: TenantContext,
  link: {
    taxed: TaxedCart;
    customer: OrderCustomer | undefined;
    orderNum: string;
    created: CreatedLink;
    callbackTokenHash: Buffer;
  },
) {
  const { taxed, orderNum, created } = link;
  const { cart } = taxed;
  const expiresAt = new Date(ctx.now.getTime() + deps.linkMinutes * 60_000);
  return withTransaction(ctx, async (tx): Promise<'recorded' | 'lost'> => {
    const locked = await deps.cart.cartForCheckout(ctx, tx);
    const active = await repo.payableOrderOfCart(tx, locked.cartId, ctx.now);
    if (active) {
      sameLinkOrRefuse(active, taxed);
      return 'lost';
    }
    const order = await insertOrderOfCart(ctx, tx, {
      orderNum,
      cartId: locked.cartId,
      taxed,
      customer: link.customer,
      paymentStatus: 'PENDING',
    });
    await repo.setPaymentLink(tx, order.sales_order_id, {
      ref: created.orderRef,
      url: created.paymentUrl,
      expiresAt,
      callbackTokenHash: link.callbackTokenHash,
      now: ctx.now,
    });
    const holds = cart.items.flatMap((item) => (item.holdId ? [item.holdId] : []));
    await deps.catalog.extend(
      { db: tx, now: ctx.now },
      holds,
      new Date(expiresAt.getTime() + HOLD_GRACE_MINUTES * 60_000),
    );
    await deps.cart.setCartPayment(tx, locked.cartId, {
      orderNum,
      paymentRef: created.orderRef,
      paymentUrl: created.paymentUrl,
      now: ctx.now,
    });
    return 'recorded';
  });
}
