// The payment-gateway port: a hosted payment page in the manner of Telr's order.json (research/external-systems.md
// §1). `createOrder` registers an order and answers the page the customer's browser is sent to; the gateway
// later redirects that browser to one of the return URLs, which proves nothing by itself, so the caller then
// asks `checkOrder` for the order's real state. Adapters: telr.ts (real HTTP), simulator.ts (the default).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/schema.js';

/** The specification's "Payment status codes" (order.status.code). */
export const PaymentStatus = {
  DECLINED: -3,
  CANCELED: -2,
  EXPIRED: -1,
  PENDING: 1,
  AUTHORIZED: 2,
  PAID: 3,
} as const;
export type PaymentStatusCode = (typeof PaymentStatus)[keyof typeof PaymentStatus];

/**
 * The status texts as the specification's table spells them. Telr itself writes "Cancelled" and "Authorised";
 * both adapters answer these, so a caller never sees two spellings of one state.
 */
const STATUS_TEXT = new Map<number, string>([
  [PaymentStatus.DECLINED, 'Declined'],
  [PaymentStatus.CANCELED, 'Canceled'],
  [PaymentStatus.EXPIRED, 'Expired'],
  [PaymentStatus.PENDING, 'Pending'],
  [PaymentStatus.AUTHORIZED, 'Authorized'],
  [PaymentStatus.PAID, 'Paid'],
]);

/** The specification's text of a status code; undefined for a code the specification does not list. */
export function paymentStatusText(code: number): string | undefined {
  return STATUS_TEXT.get(code);
}

export const PaymentTransaction = Type.Object({
  ref: Type.String(),
  class: Type.String(),
  status: Type.String({ description: 'A authorised, D declined (Telr also sends H held, E error, C, X)' }),
  message: Type.String(),
  code: Type.String({ description: 'The issuer authorisation code when A, the decline reason when D' }),
});
export type PaymentTransaction = Static<typeof PaymentTransaction>;

export const PaymentCard = Type.Object({
  type: Type.String(),
  last4: Type.String(),
  first6: Type.String(),
  country: Type.String(),
  expiry: Type.Object({ month: Type.Integer(), year: Type.Integer() }),
});
export type PaymentCard = Static<typeof PaymentCard>;

export const PaymentCustomer = Type.Object({
  email: Type.String(),
  name: Type.Object({ title: Type.String(), forenames: Type.String(), surname: Type.String() }),
  address: Type.Object({ line1: Type.String(), city: Type.String(), country: Type.String() }),
  ref: Type.String(),
});
export type PaymentCustomer = Static<typeof PaymentCustomer>;

/** The specification's "Payment order check result", which the cart's checkPaymentStatus answers as it is. */
export const OrderCheckResult = Type.Object({
  method: Type.String(),
  trace: Type.String(),
  order: Type.Object({
    ref: Type.String(),
    url: Nullable(Type.String()),
    cartId: Type.String(),
    test: Type.Integer({ description: '1 for a test order' }),
    amount: Type.Number({ description: 'In major units of the currency' }),
    currency: Type.String(),
    description: Type.String(),
    status: Type.Object({ code: Type.Integer(), text: Type.String() }),
    transaction: Nullable(PaymentTransaction),
    paymethod: Nullable(Type.String()),
    card: Nullable(PaymentCard),
    customer: Nullable(PaymentCustomer),
  }),
  error: Nullable(Type.Object({ message: Type.String(), note: Type.String() })),
});
export type OrderCheckResult = Static<typeof OrderCheckResult>;

export interface CreateOrderRequest {
  /** Our reference for the purchase (Telr's ivp_cart): unique per store, Telr refuses a repeat (E56). */
  cartRef: string;
  /** Integer minor units (fils, cents); the adapters send the decimal text gateways want. */
  amountMinor: number;
  /** ISO 4217. */
  currency: string;
  description: string;
  customer?: { email?: string; name?: string; phone?: string };
  /** Where the gateway sends the customer's browser back (GET), exactly as given. */
  returnUrls: { authorised: string; declined: string; cancelled: string };
  /** A test order (no money moves). The Telr adapter also sends test orders whenever its test mode is on. */
  test: boolean;
  /** The page's language, e.g. en or ar. */
  language?: string;
  /** The size of the customer's screen, which the page may adapt to. */
  device?: 'small' | 'medium' | 'large';
}

export interface CreatedOrder {
  /** The gateway's reference for the order, for checkOrder. */
  orderRef: string;
  /** The hosted payment page to send the customer's browser to. */
  paymentUrl: string;
}

export interface PaymentGateway {
  readonly kind: 'simulator' | 'telr';
  /** Failures (unreachable, timeout, refused) throw PaymentGatewayError. */
  createOrder(request: CreateOrderRequest): Promise<CreatedOrder>;
  /** The order's state as the gateway knows it; an unknown ref is a gateway error (PaymentGatewayError). */
  checkOrder(orderRef: string): Promise<OrderCheckResult>;
}

export type PaymentGatewayFailure =
  /** No connection (DNS, refused, reset). */
  | 'unreachable'
  /** No answer within the adapter's timeout. */
  | 'timeout'
  /** An HTTP status other than 200, or a body that is not the expected JSON. */
  | 'bad-answer'
  /** The gateway answered with its error object ({ error: { message, note } }), e.g. E56:Duplicate transaction. */
  | 'refused';

/**
 * A failure to talk to the gateway, or its refusal. Callers answer GENERAL (and log this error). Messages
 * never carry the store's auth key; `gatewayMessage` and `note` are the gateway's own words when it refused.
 */
export class PaymentGatewayError extends Error {
  override readonly name = 'PaymentGatewayError';

  constructor(
    readonly failure: PaymentGatewayFailure,
    message: string,
    readonly details: { gatewayMessage?: string; note?: string; httpStatus?: number; cause?: string } = {},
  ) {
    super(message);
  }
}

/** The gateway's own refusal, e.g. E56:Duplicate transaction with the note "Cart ID must be unique". */
export function gatewayRefusal(gatewayMessage: string, note = ''): PaymentGatewayError {
  const said = note ? `${gatewayMessage} (${note})` : gatewayMessage;
  return new PaymentGatewayError('refused', `The payment gateway refused the request: ${said}`, {
    gatewayMessage,
    note,
  });
}
