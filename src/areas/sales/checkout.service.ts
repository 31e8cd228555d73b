// Checkout of a cart: an invoice (paid or not) or a payment link on the gateway, the link's status, and payments
// registered by staff. Amounts are the cart's server prices; a payment link keeps the cart's seats held until the
// link expires (plus a grace period for a slow payer).
import { isEmployee } from '../../platform/auth/roles.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, missingParameter, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../platform/money.js';
import { formatDate, formatDateTime } from '../../platform/time.js';
import type { OrderCheckResult, PaymentGateway } from '../../integrations/payment-gateway/index.js';
import { PaymentGatewayError } from '../../integrations/payment-gateway/index.js';
import type { CartApi, CheckoutCart } from '../cart/index.js';
import type { CatalogApi } from '../catalog/index.js';
import type { CustomersApi } from '../customers/index.js';
import * as repo from './sales.repository.js';

/** A payer still on the gateway's page when the link expires keeps the seats this much longer. */
const HOLD_GRACE_MINUTES = 15;

export interface CustomerInput {
  customerId?: number;
  email?: string;
  custName?: string;
  mobilePhone?: string;
}

export interface CheckoutDeps {
  gateway: PaymentGateway;
  cart: CartApi;
  catalog: Pick<CatalogApi, 'convertToSale' | 'extend'>;
  customers: Pick<CustomersApi, 'findById' | 'findOrCreateByEmail'>;
  linkMinutes: number;
  /** Hosts a payment link may send the browser back to, besides the tenant's own host. */
  tenantHost: (tenantCode: string) => string;
  publicScheme: string;
  testPayments: boolean;
}

function cartTotal(cart: CheckoutCart): number {
  return cart.items.reduce((sum, item) => sum + toMinor(item.unitPrice, cart.currency) * item.quantity, 0);
}

function linesOf(cart: CheckoutCart): Array<Omit<repo.LineRow, 'line_no'>> {
  return cart.items.map((item) => ({
    product_id: item.productId,
    variant_id: item.variantId,
    description: `${item.description} (${item.unitName})`,
    detail: item.bookDate ? `${item.bookDate}${item.timeSlot ? ` ${item.timeSlot}` : ''}` : null,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    total: minorToDecimalString(toMinor(item.unitPrice, cart.currency) * item.quantity, cart.currency),
    hold_id: item.holdId,
  }));
}

export function createCheckoutService(deps: CheckoutDeps) {
  /** The customer of a checkout: an existing one by id, one found or created by e-mail, or the logged-in user's. */
  const resolveCustomer = async (
    ctx: TenantContext,
    db: Parameters<CustomersApi['findById']>[0],
    input: CustomerInput | undefined,
  ) => {
    if (input?.customerId !== undefined) {
      const customer = await deps.customers.findById(db, input.customerId);
      if (!customer) throw notFound('Customer');
      return {
        id: customer.customerId,
        name: customer.custName,
        email: customer.email,
        phone: customer.mobilePhone,
      };
    }
    if (input?.email || input?.custName) {
      if (!input.email) throw missingParameter('customer.email');
      if (!input.custName) throw missingParameter('customer.custName');
      const customer = await deps.customers.findOrCreateByEmail(db, {
        email: input.email,
        custName: input.custName,
        mobilePhone: input.mobilePhone ?? null,
        userId: ctx.session?.kind === 'user' ? ctx.session.userId : null,
      });
      return {
        id: customer.customerId,
        name: customer.custName,
        email: customer.email,
        phone: input.mobilePhone ?? customer.mobilePhone,
      };
    }
    return undefined;
  };

  const newOrderNumber = async (ctx: TenantContext, db: Parameters<typeof repo.nextDocumentNumber>[0]) => {
    // One gateway store serves every tenant: the tenant code makes the number unique service-wide.
    const number = await repo.nextDocumentNumber(
      db,
      'SO',
      Number(formatDate(ctx.now, ctx.tenant.timezone).slice(0, 4)),
    );
    return `${ctx.tenant.tenantCode.toUpperCase()}-${number}`;
  };

  const sessionIdOf = (ctx: TenantContext) =>
    ctx.session && /^\d+$/.test(ctx.session.sessionId) ? ctx.session.sessionId : null;

  return {
    async createInvoice(
      ctx: TenantContext,
      input: { customer?: CustomerInput; paid?: boolean },
    ): Promise<{ invoices: string[] }> {
      const staff = isEmployee(ctx.roles);
      if (input.paid && !staff) throw new ApiError(ErrorCode.FORBIDDEN, 'Only staff may record an invoice as paid');
      return withTransaction(ctx, async (tx) => {
        const cart = await deps.cart.cartForCheckout(ctx, tx);
        const customer = await resolveCustomer(ctx, tx, input.customer);
        // A logged-in user may be invoiced as themselves; anyone else names the customer.
        if (!customer && ctx.session?.kind !== 'user')
          throw missingParameter('customer (customerId, or email and custName)');
        const year = Number(formatDate(ctx.now, ctx.tenant.timezone).slice(0, 4));
        const order = await repo.insertSalesOrder(tx, {
          orderNum: await newOrderNumber(ctx, tx),
          cartId: cart.cartId,
          sessionId: sessionIdOf(ctx),
          userId: ctx.session?.kind === 'user' ? ctx.session.userId : null,
          customer: customer ?? { id: null, name: null, email: null, phone: null },
          currency: cart.currency,
          total: minorToDecimalString(cartTotal(cart), cart.currency),
          paymentStatus: input.paid ? 'PAID' : 'UNPAID',
          now: ctx.now,
        });
        await repo.insertLines(tx, order.sales_order_id, linesOf(cart));
        // The order is placed: its seats are sold, paid or not (an unpaid invoice is a confirmed order).
        for (const item of cart.items)
          if (item.holdId) await deps.catalog.convertToSale({ db: tx, now: ctx.now }, item.holdId);
        const invoice = await repo.insertInvoice(tx, {
          number: await repo.nextDocumentNumber(tx, 'INV', year),
          salesOrderId: order.sales_order_id,
          customerId: customer?.id ?? null,
          currency: cart.currency,
          total: order.total,
          issueDate: formatDate(ctx.now, ctx.tenant.timezone),
        });
        if (input.paid) {
          await repo.payInvoice(tx, invoice, {
            online: false,
            method: 'CASH',
            gatewayRef: null,
            recordedBy: ctx.session?.userId ?? null,
            now: ctx.now,
          });
          await repo.completeOrder(tx, order.sales_order_id, ctx.now);
        }
        await deps.cart.setCartPayment(tx, cart.cartId, {
          orderNum: order.order_num,
          paymentRef: null,
          paymentUrl: null,
          now: ctx.now,
        });
        await deps.cart.markCartOrdered(tx, cart.cartId, ctx.now);
        return { invoices: [invoice.invoice_number] };
      });
    },

    async createPaymentLink(
      ctx: TenantContext,
      input: { customer?: CustomerInput; options?: { host?: string; device?: 'small' | 'medium' | 'large' } },
    ) {
      const ownHost = deps.tenantHost(ctx.tenant.tenantCode);
      const host = input.options?.host?.toLowerCase() ?? ownHost;
      // Return addresses only ever point at the tenant's own host: never an open redirect.
      if (host !== ownHost && host.split(':')[0] !== ownHost.split(':')[0]) {
        throw invalidFormat('options.host', `must be the tenant's host ${ownHost}`);
      }
      // Read and price first, call the gateway outside any transaction, then write everything in one.
      const prepared = await withTransaction(ctx, async (tx) => {
        const cart = await deps.cart.cartForCheckout(ctx, tx);
        const unavailable = cart.items.find((item) => item.holdId && !item.held);
        if (unavailable) {
          throw new ApiError(ErrorCode.INVALID_STATE, `Item ${unavailable.itemId} is no longer held; add it again`);
        }
        const customer = await resolveCustomer(ctx, tx, input.customer);
        return { cart, customer, orderNum: await newOrderNumber(ctx, tx) };
      });
      const { cart, customer, orderNum } = prepared;
      const base = `${deps.publicScheme}://${host}/payment/offline`;
      const ref = encodeURIComponent(orderNum);
      const total = cartTotal(cart);
      let created: { orderRef: string; paymentUrl: string };
      try {
        created = await deps.gateway.createOrder({
          cartRef: orderNum,
          amountMinor: total,
          currency: cart.currency,
          description: `${ctx.tenant.tenantName} order ${orderNum}`,
          customer: customer
            ? {
                email: customer.email ?? undefined,
                name: customer.name ?? undefined,
                phone: customer.phone ?? undefined,
              }
            : undefined,
          returnUrls: {
            authorised: `${base}/success?ref=${ref}`,
            declined: `${base}/decline?ref=${ref}`,
            cancelled: `${base}/cancel?ref=${ref}`,
          },
          test: deps.testPayments,
          device: input.options?.device,
        });
      } catch (error) {
        if (error instanceof PaymentGatewayError) {
          ctx.log.warn({ err: error, orderNum }, 'payment gateway refused or unreachable');
          throw new ApiError(ErrorCode.GENERAL, 'The payment gateway is not available; try again shortly');
        }
        throw error;
      }
      const expiresAt = new Date(ctx.now.getTime() + deps.linkMinutes * 60_000);
      await withTransaction(ctx, async (tx) => {
        const locked = await deps.cart.cartForCheckout(ctx, tx);
        const order = await repo.insertSalesOrder(tx, {
          orderNum,
          cartId: locked.cartId,
          sessionId: sessionIdOf(ctx),
          userId: ctx.session?.kind === 'user' ? ctx.session.userId : null,
          customer: customer ?? { id: null, name: null, email: null, phone: null },
          currency: cart.currency,
          total: minorToDecimalString(total, cart.currency),
          paymentStatus: 'PENDING',
          now: ctx.now,
        });
        await repo.insertLines(tx, order.sales_order_id, linesOf(cart));
        await repo.setPaymentLink(tx, order.sales_order_id, {
          ref: created.orderRef,
          url: created.paymentUrl,
          expiresAt,
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
      });
      return deps.cart.view(ctx);
    },

    async checkPaymentStatus(ctx: TenantContext, paymentRef: string): Promise<OrderCheckResult> {
      const [order] = await ctx.db<repo.SalesOrderRow[]>`SELECT * FROM sales_orders WHERE payment_ref = ${paymentRef}`;
      const own =
        order &&
        (isEmployee(ctx.roles) ||
          order.session_id === sessionIdOf(ctx) ||
          (order.user_id !== null && order.user_id === ctx.session?.userId));
      if (!order || !own) throw notFound('Payment');
      try {
        return await deps.gateway.checkOrder(paymentRef);
      } catch (error) {
        if (error instanceof PaymentGatewayError)
          throw new ApiError(ErrorCode.GENERAL, 'The payment gateway is not available; try again shortly');
        throw error;
      }
    },

    async registerPayment(ctx: TenantContext, invoiceNumber: string, online: boolean) {
      return withTransaction(ctx, async (tx) => {
        const invoice = await repo.lockInvoice(tx, invoiceNumber);
        if (!invoice) throw notFound('Invoice');
        if (invoice.status === 'PAID') throw new ApiError(ErrorCode.INVALID_STATE, 'The invoice is paid already');
        const payment = await repo.payInvoice(tx, invoice, {
          online,
          method: online ? 'CARD' : 'CASH',
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
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
