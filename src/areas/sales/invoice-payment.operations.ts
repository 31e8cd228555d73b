// An invoice's payment page (beyond the specification): the address printed on an unpaid invoice and offered on an
// accepted quote's page. The invoice's key is the key (no session); a wrong pair gets a page saying so. An htmlPage
// operation: a malformed request, a rate limit or a failure answers a page in the agency's branding too.
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import type { InvoicePayments } from './invoice-pay-page.js';
import { Html, InvoicePaymentRequest } from './sales.schemas.js';

const base = {
  path: '/document/invoicePayment',
  allow: Allow.anyone,
  tags: ['document'],
  input: InvoicePaymentRequest,
  response: Html,
  htmlPage: true,
} as const;

export function invoicePaymentOperations(payments: InvoicePayments): OperationDeclaration[] {
  return [
    operation({
      ...base,
      methods: ['GET'],
      summary: "An invoice's payment page (HTML): what is due and by when, a button to pay by card, bank details",
      description:
        'The address printed on an unpaid invoice (query invoice and key). A pair that is not an invoice and its ' +
        'key gets a page saying so, showing nothing of any invoice.',
      handler: (ctx, input) => payments.show(ctx, input.invoice, input.key),
    }),
    operation({
      ...base,
      methods: ['POST'],
      formBody: true,
      summary: "The payment page's button (HTML form: invoice, key) → 303 to the payment gateway's page",
      description:
        "The invoice's payment link that can still be paid, else a new one for its open balance (owner kind " +
        'sales-invoice; the payer returns to /payment/invoice/return). Paid, the invoice is PAID and its order ' +
        'completes. An invoice paid already, or that cannot be paid, or a gateway that fails: the page, saying so.',
      handler: (ctx, input) => payments.pay(ctx, input.invoice, input.key),
    }),
  ];
}
