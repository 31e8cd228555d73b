// Request and answer schemas of checkout, invoices, payments and the gateway's redirects.
import { type Static, Type } from '@sinclair/typebox';
import { VERBATIM } from '../../platform/http/input.js';
import { OrderCheckResult } from '../../integrations/payment-gateway/index.js';
import { RecordId } from '../../platform/http/schema.js';
import { CartView } from '../cart/index.js';

export const Customer = Type.Object({
  customerId: Type.Optional(RecordId('The customer record')),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  custName: Type.Optional(Type.String({ maxLength: 200 })),
  mobilePhone: Type.Optional(Type.String({ maxLength: 50 })),
});
export type Customer = Static<typeof Customer>;

export const PaymentRecord = Type.Object({
  paymentId: Type.Integer(),
  invoiceNumber: Type.String(),
  amount: Type.Number(),
  paymentDate: Type.String(),
  online: Type.Boolean(),
  paymentMethod: Type.String(),
  status: Type.String(),
});

export const PrintInvoiceRequest = Type.Object({ docnum: Type.String({ maxLength: 50 }) });
export const Pdf = Type.String({ description: 'application/pdf' });
export const Html = Type.String({ description: 'text/html' });

export const CreateInvoiceRequest = Type.Object({
  customer: Type.Optional(Customer),
  paid: Type.Optional(Type.Boolean()),
});
export const CreatedInvoices = Type.Object({ invoices: Type.Array(Type.String()) });

export const CreatePaymentLinkRequest = Type.Object({
  customer: Type.Optional(Customer),
  options: Type.Optional(
    Type.Object({
      host: Type.Optional(
        Type.String({ maxLength: 253, description: "The tenant's host the gateway sends the browser back to" }),
      ),
      device: Type.Optional(Type.Union([Type.Literal('small'), Type.Literal('medium'), Type.Literal('large')])),
    }),
  ),
});

/** The cart with its payment link, and what the gateway charges for it: the order's gross, tax included. */
export const PaymentLinkAnswer = Type.Composite([
  CartView,
  Type.Object({
    paymentAmount: Type.Optional(
      Type.Number({
        description: "What the payment link charges: the cart's prices with their tax (the order's gross)",
      }),
    ),
    taxAmount: Type.Optional(Type.Number({ description: 'The tax included in paymentAmount (0 when untaxed)' })),
    currency: Type.Optional(Type.String()),
  }),
]);

export const PaymentStatusRequest = Type.Object({ paymentRef: Type.String({ maxLength: 200 }) });
/** The gateway's order check result, and what became of our order. */
export const PaymentStatusAnswer = Type.Composite([
  OrderCheckResult,
  Type.Object({
    orderStatus: Type.Union(
      [Type.Literal('OPEN'), Type.Literal('COMPLETED'), Type.Literal('CANCELLED'), Type.Literal('PAID_NOT_FULFILLED')],
      {
        description:
          'Our order: PAID_NOT_FULFILLED when it was paid but its seats went to another order meanwhile (no tickets; staff refund it)',
      },
    ),
  }),
]);
const paymentMethod = (description?: string) =>
  Type.Union([Type.Literal('CARD'), Type.Literal('CASH'), Type.Literal('BANK')], description ? { description } : {});
export type PaymentMethod = Static<ReturnType<typeof paymentMethod>>;

export const RegisterPaymentRequest = Type.Object({
  invoice: Type.String({ maxLength: 50 }),
  online: Type.Optional(Type.Boolean({ description: 'Paid online (by card); default false' })),
  paymentMethod: Type.Optional(
    paymentMethod('How it was paid: CARD, CASH or BANK; default CARD when online, else BANK'),
  ),
});
export type RegisterPaymentRequest = Static<typeof RegisterPaymentRequest>;

export const TicketPageQuery = Type.Object({
  ref: Type.String({ maxLength: 100 }),
  token: Type.String({ maxLength: 200, [VERBATIM]: true }),
});

/** An invoice's payment page: its number and its key (the address printed on the invoice). */
export const InvoicePaymentRequest = Type.Object({
  invoice: Type.String({ maxLength: 50, description: 'The invoice number' }),
  key: Type.String({
    maxLength: 64,
    description: "The invoice's payment key, from its printed address",
    [VERBATIM]: true,
  }),
});
