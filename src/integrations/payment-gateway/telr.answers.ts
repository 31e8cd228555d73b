// Telr's order.json answers and how they map to the port's shapes (research/external-systems.md §1.2-1.3).
// Telr's JSON is loosely typed (amounts and codes come as text or numbers, absent blocks as [] or ""), so the
// schemas accept both and each optional block that is not an object counts as absent.
import { type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { fromMinor, toMinor } from '../../platform/money.js';
import { type OrderCheckResult, type PaymentCard, type PaymentCustomer, paymentStatusText } from './port.js';

const Loose = Type.Union([Type.String(), Type.Number()]);
const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

export const TelrError = Type.Object({
  error: Type.Object({ message: Loose, note: Optional(Type.Union([Loose, Type.Null()])) }),
});

export const TelrCreated = Type.Object({
  trace: Optional(Type.String()),
  order: Type.Object({ ref: Type.String({ minLength: 1 }), url: Type.String({ minLength: 1 }) }),
});

export const TelrCheck = Type.Object({
  trace: Optional(Type.String()),
  order: Type.Object({
    ref: Type.String({ minLength: 1 }),
    url: Optional(Type.Unknown()),
    cartid: Optional(Loose),
    test: Optional(Loose),
    amount: Loose,
    currency: Type.String({ pattern: '^[A-Za-z]{3}$' }),
    description: Optional(Type.String()),
    status: Type.Object({ code: Loose, text: Optional(Type.String()) }),
    transaction: Optional(Type.Unknown()),
    paymethod: Optional(Type.Unknown()),
    card: Optional(Type.Unknown()),
    customer: Optional(Type.Unknown()),
  }),
});
type TelrCheck = typeof TelrCheck.static;

const TelrTransaction = Type.Object({
  ref: Optional(Loose),
  class: Optional(Type.String()),
  status: Optional(Type.String()),
  message: Optional(Type.String()),
  code: Optional(Loose),
});

const TelrCard = Type.Object({
  type: Optional(Type.String()),
  last4: Optional(Loose),
  first6: Optional(Loose),
  country: Optional(Type.String()),
  expiry: Optional(Type.Object({ month: Optional(Loose), year: Optional(Loose) })),
});

const TelrCustomer = Type.Object({
  email: Optional(Type.String()),
  ref: Optional(Loose),
  name: Optional(
    Type.Object({
      title: Optional(Type.String()),
      forenames: Optional(Type.String()),
      surname: Optional(Type.String()),
    }),
  ),
  address: Optional(
    Type.Object({ line1: Optional(Type.String()), city: Optional(Type.String()), country: Optional(Type.String()) }),
  ),
});

function text(value: string | number | null | undefined): string {
  return value === undefined || value === null ? '' : String(value);
}

function integer(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isInteger(number) ? number : undefined;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A block Telr left out, sent as [] or "", or in a shape nobody documented: null. */
function block<T extends TSchema>(schema: T, value: unknown): T['static'] | null {
  return Value.Check(schema, value) ? value : null;
}

function cardOf(value: unknown): PaymentCard | null {
  const card = block(TelrCard, value);
  // Some answers carry the block with empty fields when no card was entered.
  if (!card || text(card.last4) === '') return null;
  return {
    type: card.type ?? '',
    last4: text(card.last4),
    first6: text(card.first6),
    country: card.country ?? '',
    expiry: { month: integer(card.expiry?.month) ?? 0, year: integer(card.expiry?.year) ?? 0 },
  };
}

function customerOf(value: unknown): PaymentCustomer | null {
  const customer = block(TelrCustomer, value);
  if (!customer) return null;
  return {
    email: customer.email ?? '',
    name: {
      title: customer.name?.title ?? '',
      forenames: customer.name?.forenames ?? '',
      surname: customer.name?.surname ?? '',
    },
    address: {
      line1: customer.address?.line1 ?? '',
      city: customer.address?.city ?? '',
      country: customer.address?.country ?? '',
    },
    ref: text(customer.ref),
  };
}

/**
 * Telr's check answer in the specification's shape: cartid → cartId, the amount's text → a number in major
 * units (exact: through minor units), the status text in the specification's spelling. Undefined when the
 * answer cannot be read (an amount or status code that is not a number).
 */
export function toCheckResult(answer: TelrCheck): OrderCheckResult | undefined {
  const order = answer.order;
  const currency = order.currency.toUpperCase();
  const code = integer(order.status.code);
  let amount: number;
  try {
    amount = fromMinor(toMinor(order.amount, currency), currency);
  } catch {
    return undefined;
  }
  if (code === undefined) return undefined;
  const sent = block(TelrTransaction, order.transaction);
  // An order nobody tried to pay has no transaction, whether Telr leaves the block out or sends it empty.
  const transaction = sent && text(sent.ref) !== '' ? sent : null;
  return {
    method: 'check',
    trace: answer.trace ?? '',
    order: {
      ref: order.ref,
      url: nonEmpty(order.url),
      cartId: text(order.cartid),
      test: integer(order.test) === 1 ? 1 : 0,
      amount,
      currency,
      description: order.description ?? '',
      status: { code, text: paymentStatusText(code) ?? order.status.text ?? '' },
      transaction: transaction
        ? {
            ref: text(transaction.ref),
            class: transaction.class ?? '',
            status: transaction.status ?? '',
            message: transaction.message ?? '',
            code: text(transaction.code),
          }
        : null,
      paymethod: nonEmpty(order.paymethod),
      card: cardOf(order.card),
      customer: customerOf(order.customer),
    },
    error: null,
  };
}
