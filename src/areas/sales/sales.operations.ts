// Checkout operations of the cart, payments and invoices of /document, and the paid order's ticket page (the
// gateway's return addresses are the payments area's, declared for the order's owner kind: order-owner.ts).
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import { cartPolicy } from '../cart/index.js';
import type { CheckoutService } from './checkout.service.js';
import type { InvoiceDocuments } from './invoice-document.js';
import type { OrderTicketsPage } from './tickets-page.js';
import {
  CreatedInvoices,
  CreateInvoiceRequest,
  CreatePaymentLinkRequest,
  Html,
  PaymentLinkAnswer,
  PaymentRecord,
  PaymentStatusAnswer,
  PaymentStatusRequest,
  Pdf,
  PrintInvoiceRequest,
  RegisterPaymentRequest,
  TicketPageQuery,
} from './sales.schemas.js';

export interface SalesServices {
  checkout: CheckoutService;
  documents: InvoiceDocuments;
  pages: OrderTicketsPage;
}

/** How checkout taxes an order (docs/decisions.md, Tax). */
const TAX_RULE =
  "Each line is taxed by the agency's tax settings in force (VAT rate, prices with or without tax), rounded per " +
  "line; a tax-exempt product's line carries none. The order's and the invoice's total is the lines' gross: " +
  "with tax-exclusive prices the tax is added to the cart's prices, with tax-inclusive prices it is part of them.";

const redirect = {
  allow: Allow.anyone,
  tags: ['payment redirects'],
  methods: ['GET'],
  response: Html,
  htmlPage: true,
} as const;

const printInvoice = ({ documents }: SalesServices) =>
  operation({
    path: '/document/printInvoice',
    methods: ['POST'],
    summary: 'The invoice as a PDF (attachment): own invoices for guests and customers, any for staff',
    allow: Allow.anySession,
    tags: ['document'],
    input: PrintInvoiceRequest,
    response: Pdf,
    records: { docnum: 'invoice' },
    handler: (ctx, input) => documents.print(ctx, input.docnum),
  });

const printInvoiceGet = ({ documents }: SalesServices) =>
  operation({
    path: '/document/printInvoice',
    methods: ['GET'],
    summary: 'The invoice as a PDF; a browser download carries the session as query `token` (spec part 1) or `session`',
    allow: Allow.anySession,
    sessionQueryParameter: 'token',
    tags: ['document'],
    input: PrintInvoiceRequest,
    response: Pdf,
    records: { docnum: 'invoice' },
    handler: (ctx, input) => documents.print(ctx, input.docnum),
  });

const createInvoice = ({ checkout }: SalesServices) =>
  operation({
    ...cartPolicy,
    path: '/cart/createInvoice',
    methods: ['POST'],
    summary: 'Order the cart and invoice it (paid: staff only); the seats are sold',
    description: TAX_RULE,
    input: CreateInvoiceRequest,
    response: CreatedInvoices,
    records: { 'customer.customerId': 'customer' },
    handler: (ctx, input) => checkout.createInvoice(ctx, input),
  });

const createPaymentLink = ({ checkout }: SalesServices) =>
  operation({
    ...cartPolicy,
    path: '/cart/createPaymentLink',
    methods: ['POST'],
    summary: "A payment link on the gateway for the cart's total with tax; its seats stay held until the link expires",
    description: `${TAX_RULE} The gateway charges that gross, answered as \`paymentAmount\` (its tax as \`taxAmount\`).`,
    input: CreatePaymentLinkRequest,
    response: PaymentLinkAnswer,
    records: { 'customer.customerId': 'customer' },
    handler: (ctx, input) => checkout.createPaymentLink(ctx, input),
  });

const checkPaymentStatus = ({ checkout }: SalesServices) =>
  operation({
    ...cartPolicy,
    path: '/cart/checkPaymentStatus',
    methods: ['POST'],
    summary: "The gateway's order check result for one of the caller's payment links, and our order's status",
    input: PaymentStatusRequest,
    response: PaymentStatusAnswer,
    records: { paymentRef: 'payment' },
    handler: (ctx, input) => checkout.checkPaymentStatus(ctx, input.paymentRef),
  });

const registerPayment = ({ checkout }: SalesServices) =>
  operation({
    path: '/document/registerPayment',
    methods: ['POST'],
    summary: "Record the payment of an invoice's open balance (staff)",
    description:
      "Pays the invoice's open amount (its gross total less what was paid) and completes its order. " +
      '`paymentMethod` is CARD when `online`, else BANK, unless given (CARD, CASH or BANK). ' +
      'An invoice already paid answers INVALID_STATE.',
    allow: Allow.employees,
    sessionParameter: 'required',
    tags: ['document'],
    input: RegisterPaymentRequest,
    response: PaymentRecord,
    records: { invoice: 'invoice' },
    handler: (ctx, input) => checkout.registerPayment(ctx, input),
  });

const ticketPage = ({ pages }: SalesServices) =>
  operation({
    ...redirect,
    path: '/payment/offline/tickets',
    summary: "The tickets of a paid order, from the confirmation e-mail's link (ref and token)",
    input: TicketPageQuery,
    handler: (ctx, input) => pages.tickets(ctx, input.ref, input.token),
  });

/** Every operation of the area, bound to its services. */
export function salesOperations(services: SalesServices): OperationDeclaration[] {
  return [
    printInvoice,
    printInvoiceGet,
    createInvoice,
    createPaymentLink,
    checkPaymentStatus,
    registerPayment,
    ticketPage,
  ].map((declare) => declare(services));
}
