// What both ways of checking out share: the deps, the customer a checkout names, the tax of the cart, and the sales
// order of a cart at the cart's server prices with that tax.
import { loggedInUserId } from '../../platform/auth/session.js';
import type { Queryable, TransactionSql } from '../../platform/database/connections.js';
import { ApiError, ErrorCode, missingParameter, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { minorToDecimalString } from '../../platform/money.js';
import { formatDate } from '../../platform/time.js';
import type { PaymentGateway } from '../../integrations/payment-gateway/index.js';
import type { CartApi, CheckoutCart } from '../cart/index.js';
import type { CatalogApi } from '../catalog/index.js';
import type { CustomersApi } from '../customers/index.js';
import type { SettingsApi } from '../settings/index.js';
import { type TaxedCart, taxCart } from './order-tax.js';
import { nextDocumentNumber } from './document-numbers.js';
import * as repo from './sales.repository.js';

export interface CustomerInput {
  customerId?: number;
  email?: string;
  custName?: string;
  mobilePhone?: string;
}

export interface CheckoutDeps {
  gateway: PaymentGateway;
  cart: CartApi;
  catalog: Pick<CatalogApi, 'convertToSale' | 'extend' | 'taxExemptProducts'>;
  customers: Pick<CustomersApi, 'findById' | 'findOrCreateByEmail'>;
  settings: SettingsApi;
  /** Hosts a payment link may send the browser back to, besides the tenant's own host. */
  tenantHost: (tenantCode: string) => string;
  publicScheme: string;
  testPayments: boolean;
}

/** The customer an order names; every field null when nobody is named. */
export type OrderCustomer = repo.NewSalesOrder['customer'];

const NO_CUSTOMER: OrderCustomer = { id: null, name: null, email: null, phone: null };

/** The cart taxed by the policy in force and its products' exemptions, read in the checkout's transaction. */
export async function taxedCart(
  deps: CheckoutDeps,
  ctx: TenantContext,
  tx: Queryable,
  cart: CheckoutCart,
): Promise<TaxedCart> {
  const { tax } = await deps.settings.read({ tenant: ctx.tenant, db: tx });
  const exempt = await deps.catalog.taxExemptProducts(
    tx,
    cart.items.flatMap((item) => (item.productId === null ? [] : [item.productId])),
  );
  return taxCart(cart, tax, exempt);
}

function linesOf({ cart, lines }: TaxedCart): repo.NewLine[] {
  const money = (minor: number) => minorToDecimalString(minor, cart.currency);
  return lines.map(({ item, tax }) => ({
    product_id: item.productId,
    variant_id: item.variantId,
    description: `${item.description} (${item.unitName})`,
    detail: item.bookDate ? `${item.bookDate}${item.timeSlot ? ` ${item.timeSlot}` : ''}` : null,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    total: money(tax.grossMinor),
    net: money(tax.netMinor),
    tax: money(tax.taxMinor),
    hold_id: item.holdId,
    // The service itself, kept for the booking's tickets (issue 14).
    service_date: item.bookDate,
    time_slot: item.timeSlot || null,
    unit_name: item.unitName,
    pickup_location: item.pickupLocation,
    resv_name: item.resvName,
    // A flight line's priced offer, for the agent who tickets it (issue 15).
    flight_offer: item.flightOffer === null ? null : JSON.stringify(item.flightOffer),
    // A ticket-supplier line's reservation, for the booking that confirms it (issue 31).
    supplier_ticket: item.supplierTicket === null ? null : JSON.stringify(item.supplierTicket),
  }));
}

/** The stored session an order is placed from; a realm JWT has no stored row. */
export function storedSessionOf(ctx: TenantContext): string | null {
  return ctx.session?.storedId ?? null;
}

export function documentYear(ctx: TenantContext): number {
  return Number(formatDate(ctx.now, ctx.tenant.timezone).slice(0, 4));
}

/**
 * The customer of a checkout: an existing one by id, one found or created by e-mail, or none (the logged-in user).
 * By id, the caller may read that record (the operations declare `customer.customerId`, the kernel checks it), so
 * its stored data go on the order. By e-mail, the order records what the caller sent and is linked to the existing
 * record of that address: its stored name and phone are never copied for a caller who may not read them.
 */
export async function resolveCustomer(
  deps: CheckoutDeps,
  ctx: TenantContext,
  db: Parameters<CustomersApi['findById']>[0],
  input: CustomerInput | undefined,
): Promise<OrderCustomer | undefined> {
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
      userId: loggedInUserId(ctx.session),
    });
    return { id: customer.customerId, name: input.custName, email: input.email, phone: input.mobilePhone ?? null };
  }
  return undefined;
}

export async function newOrderNumber(ctx: TenantContext, tx: TransactionSql): Promise<string> {
  // One gateway store serves every tenant: the tenant code makes the number unique service-wide.
  const number = await nextDocumentNumber(tx, 'SO', documentYear(ctx));
  return `${ctx.tenant.tenantCode.toUpperCase()}-${number}`;
}

/** A sales order of the cart's lines at the cart's prices, with their tax; its total is the gross. */
export async function insertOrderOfCart(
  ctx: TenantContext,
  tx: Queryable,
  order: {
    orderNum: string;
    cartId: string;
    taxed: TaxedCart;
    customer: OrderCustomer | undefined;
    paymentStatus: repo.NewSalesOrder['paymentStatus'];
    /** An order born with its payment link: the id the link names, and the link's pay-by. */
    linked?: { salesOrderId: number; paymentExpiresAt: Date };
  },
): Promise<repo.SalesOrderRow> {
  const { cart, policy, totals } = order.taxed;
  const row = await repo.insertSalesOrder(tx, {
    orderNum: order.orderNum,
    cartId: order.cartId,
    sessionId: storedSessionOf(ctx),
    userId: loggedInUserId(ctx.session),
    customer: order.customer ?? NO_CUSTOMER,
    currency: cart.currency,
    total: minorToDecimalString(totals.grossMinor, cart.currency),
    tax: { ratePercent: policy.ratePercent, registrationNumber: policy.registrationNumber },
    reference: null,
    paymentStatus: order.paymentStatus,
    ...order.linked,
    now: ctx.now,
  });
  await repo.insertLines(tx, row.sales_order_id, linesOf(order.taxed));
  return row;
}

/** The answer when the gateway refuses or cannot be reached. */
export function gatewayUnavailable(): ApiError {
  return new ApiError(ErrorCode.GENERAL, 'The payment gateway is not available; try again shortly');
}
