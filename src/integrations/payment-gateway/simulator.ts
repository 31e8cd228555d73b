// The default payment gateway: a fake of Telr's hosted payment page that the service serves itself
// (research/external-systems.md §1.5). createOrder stores a pending order in the platform database and answers
// the page's address; the page's Pay, Decline and Cancel settle it once and send the browser to the matching
// return URL with 303, as Telr's redirect does; checkOrder answers the stored state in the check result's shape.
import { randomBytes, randomInt } from 'node:crypto';
import type { Queryable } from '../../platform/database/connections.js';
import { fromMinor } from '../../platform/money.js';
import { checkCustomer } from './customer.js';
import {
  type CreatedOrder,
  type CreateOrderRequest,
  gatewayRefusal,
  type OrderCheckResult,
  type PaymentCard,
  type PaymentGateway,
  PaymentStatus,
  type PaymentStatusCode,
  type PaymentTransaction,
  paymentStatusText,
} from './port.js';
import { findOrder, insertOrder, type Settlement, type SimulatorOrder, settleOrder } from './simulator.repository.js';

export type { SimulatorOrder } from './simulator.repository.js';

export const SIMULATOR_PATH = '/payment/simulator';
/** Telr's order refs: 64 upper-case hex digits. Anything else cannot name an order and is answered 404. */
export const ORDER_REF_PATTERN = /^[0-9A-F]{64}$/;

export const SIMULATOR_ACTIONS = ['pay', 'decline', 'cancel'] as const;
export type SimulatorAction = (typeof SIMULATOR_ACTIONS)[number];

/** Telr's decline reason 31 "Not authorised": what a card refused by its issuer gets. */
const DECLINE_CODE = '31';

/** What the page shows for an order ref. `returnUrl` is set once the order is settled. */
export type SimulatorView =
  | { kind: 'unknown' }
  | { kind: 'order'; order: SimulatorOrder; status: PaymentStatusCode; returnUrl: string | null };

/** What an action did: where the browser goes next, or why it stays. */
export type SimulatorOutcome =
  | { kind: 'unknown' }
  | { kind: 'expired'; order: SimulatorOrder }
  | { kind: 'redirect'; location: string; status: PaymentStatusCode };

export interface PaymentSimulator extends PaymentGateway {
  readonly kind: 'simulator';
  viewOrder(orderRef: string): Promise<SimulatorView>;
  act(orderRef: string, action: SimulatorAction): Promise<SimulatorOutcome>;
}

export interface PaymentSimulatorDeps {
  platformDb: Queryable;
  /** The service's public base URL: the payment page is served there. */
  publicUrl: string;
  clock: () => Date;
  /** How long a new order stays payable. */
  linkMinutes: number;
}

export function isSimulatorAction(text: unknown): text is SimulatorAction {
  return SIMULATOR_ACTIONS.some((action) => action === text);
}

/** A pending order past its expiry reads as Expired; the table never stores -1 (see the migration). */
export function simulatorStatus(order: SimulatorOrder, now: Date): PaymentStatusCode {
  if (order.statusCode === PaymentStatus.PENDING && now.getTime() >= order.expiresAt.getTime()) {
    return PaymentStatus.EXPIRED;
  }
  return order.statusCode;
}

/** Where Telr sends the browser for a settled order; null for pending and expired orders. */
export function returnUrlOf(order: SimulatorOrder, status: PaymentStatusCode): string | null {
  if (status === PaymentStatus.PAID || status === PaymentStatus.AUTHORIZED) return order.returnUrls.authorised;
  if (status === PaymentStatus.DECLINED) return order.returnUrls.declined;
  if (status === PaymentStatus.CANCELED) return order.returnUrls.cancelled;
  return null;
}

function digits(count: number): string {
  return String(randomInt(0, 10 ** count)).padStart(count, '0');
}

/** Telr's trace looks like 4001/7932/5eb93cca: it names one request for support, nothing more. */
function newTrace(): string {
  return `4000/${digits(4)}/${randomBytes(4).toString('hex')}`;
}

function settlementFor(action: SimulatorAction): Settlement {
  // Telr transaction refs are 12 digits; an authorisation code is 6.
  if (action === 'pay')
    return { statusCode: PaymentStatus.PAID, transactionRef: digits(12), transactionCode: digits(6) };
  if (action === 'decline') {
    return { statusCode: PaymentStatus.DECLINED, transactionRef: digits(12), transactionCode: DECLINE_CODE };
  }
  return { statusCode: PaymentStatus.CANCELED, transactionRef: null, transactionCode: null };
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Telr's checks of a create request, with Telr's error texts, so callers meet the same refusals in tests. */
function refuseInvalid(request: CreateOrderRequest): void {
  if (!request.cartRef.trim()) throw gatewayRefusal('E03:Cart ID not set');
  if (request.cartRef.length > 200) throw gatewayRefusal('E01:Invalid request', 'Cart ID is too long');
  if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0 || !/^[A-Z]{3}$/.test(request.currency)) {
    throw gatewayRefusal('E05:Transaction cost or currency not valid');
  }
  if (!request.description.trim()) throw gatewayRefusal('E01:Invalid request', 'Description not set');
  const { authorised, declined, cancelled } = request.returnUrls;
  // The page redirects the browser to these: only web addresses, never javascript: or data:.
  if (![authorised, declined, cancelled].every(isWebUrl)) {
    throw gatewayRefusal('E01:Invalid request', 'Return URLs must be http(s) addresses');
  }
}

function transactionOf(order: SimulatorOrder): PaymentTransaction | null {
  if (order.transactionRef === null || order.transactionCode === null) return null;
  const paid = order.statusCode === PaymentStatus.PAID;
  return {
    ref: order.transactionRef,
    class: 'ecom',
    status: paid ? 'A' : 'D',
    message: paid ? 'Authorised' : 'Not authorised',
    code: order.transactionCode,
  };
}

/** The test card every simulated payment is made with (4111 1111 1111 1111), valid for a few more years. */
function cardOf(order: SimulatorOrder): PaymentCard | null {
  if (order.transactionRef === null) return null;
  return {
    type: 'Visa',
    last4: '1111',
    first6: '411111',
    country: 'AE',
    expiry: { month: 12, year: order.createdAt.getUTCFullYear() + 3 },
  };
}

/** The check result's shape for a stored order; `url` is the order's payment page. */
function checkResult(order: SimulatorOrder, status: PaymentStatusCode, url: string): OrderCheckResult {
  const transaction = transactionOf(order);
  return {
    method: 'check',
    trace: newTrace(),
    order: {
      ref: order.orderRef,
      url,
      cartId: order.cartRef,
      test: order.test ? 1 : 0,
      amount: fromMinor(order.amountMinor, order.currency),
      currency: order.currency,
      description: order.description,
      status: { code: status, text: paymentStatusText(status) ?? '' },
      transaction,
      paymethod: transaction ? 'Card' : null,
      card: cardOf(order),
      customer: checkCustomer(order.customer),
    },
    error: null,
  };
}

async function createOrder(
  deps: PaymentSimulatorDeps,
  pageUrl: (orderRef: string) => string,
  request: CreateOrderRequest,
): Promise<CreatedOrder> {
  refuseInvalid(request);
  const now = deps.clock();
  const orderRef = randomBytes(32).toString('hex').toUpperCase();
  const created = await insertOrder(deps.platformDb, {
    orderRef,
    cartRef: request.cartRef,
    amountMinor: request.amountMinor,
    currency: request.currency,
    description: request.description,
    test: request.test,
    returnUrls: { ...request.returnUrls },
    customer: request.customer ?? null,
    language: request.language ?? null,
    device: request.device ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.linkMinutes * 60_000),
  });
  if (!created) throw gatewayRefusal('E56:Duplicate transaction', 'Cart ID must be unique');
  return { orderRef, paymentUrl: pageUrl(orderRef) };
}

export function createPaymentSimulator(deps: PaymentSimulatorDeps): PaymentSimulator {
  const base = deps.publicUrl.replace(/\/+$/, '');
  const pageUrl = (orderRef: string) => `${base}${SIMULATOR_PATH}/${orderRef}`;

  return {
    kind: 'simulator',

    createOrder: (request: CreateOrderRequest) => createOrder(deps, pageUrl, request),

    async checkOrder(orderRef: string): Promise<OrderCheckResult> {
      const order = ORDER_REF_PATTERN.test(orderRef) ? await findOrder(deps.platformDb, orderRef) : undefined;
      if (!order) throw gatewayRefusal('E01:Invalid request', 'Order not found');
      return checkResult(order, simulatorStatus(order, deps.clock()), pageUrl(order.orderRef));
    },

    async viewOrder(orderRef: string): Promise<SimulatorView> {
      const order = ORDER_REF_PATTERN.test(orderRef) ? await findOrder(deps.platformDb, orderRef) : undefined;
      if (!order) return { kind: 'unknown' };
      const status = simulatorStatus(order, deps.clock());
      return { kind: 'order', order, status, returnUrl: returnUrlOf(order, status) };
    },

    async act(orderRef: string, action: SimulatorAction): Promise<SimulatorOutcome> {
      if (!ORDER_REF_PATTERN.test(orderRef)) return { kind: 'unknown' };
      const now = deps.clock();
      // Only a pending, unexpired order is settled; a repeated or racing action finds it settled and is sent
      // where the first one was, so the shop sees one outcome however often the buttons are pressed.
      const order =
        (await settleOrder(deps.platformDb, orderRef, settlementFor(action), now)) ??
        (await findOrder(deps.platformDb, orderRef));
      if (!order) return { kind: 'unknown' };
      const status = simulatorStatus(order, now);
      const location = returnUrlOf(order, status);
      if (location) return { kind: 'redirect', location, status };
      if (status === PaymentStatus.EXPIRED) return { kind: 'expired', order };
      throw new Error(`payment simulator order ${orderRef} is still pending after ${action}`);
    },
  };
}
