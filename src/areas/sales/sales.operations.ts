// Checkout operations of the cart, payments and invoices of /document, and the payment-gateway redirects.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Allow } from '../../platform/auth/roles.js';
import { sha256 } from '../../platform/crypto.js';
import { VERBATIM } from '../../platform/http/input.js';
import { defineOperation } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import { OrderCheckResult } from '../../integrations/payment-gateway/index.js';
import { ticketsForReference } from '../offline-tickets/index.js';
import { CartView, cartPolicy } from '../cart/index.js';
import type { CheckoutService } from './checkout.service.js';
import type { createInvoiceDocuments } from './invoice-document.js';
import type { PaymentOutcomes } from './payment-outcome.js';
import { renderPage } from './redirect-pages.js';
import * as repo from './sales.repository.js';

const Customer = Type.Object({
  customerId: Type.Optional(Type.Integer({ minimum: 1 })),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  custName: Type.Optional(Type.String({ maxLength: 200 })),
  mobilePhone: Type.Optional(Type.String({ maxLength: 50 })),
});

const PaymentRecord = Type.Object({
  paymentId: Type.Integer(),
  invoiceNumber: Type.String(),
  amount: Type.Number(),
  paymentDate: Type.String(),
  online: Type.Boolean(),
  paymentMethod: Type.String(),
  status: Type.String(),
});

const Ref = Type.Object({ ref: Type.String({ maxLength: 100, description: "The cart's orderNum" }) });

type InvoiceDocuments = ReturnType<typeof createInvoiceDocuments>;

const html = (body: string, status = 200) =>
  new RawAnswer('text/html; charset=utf-8', body, { status, headers: { 'cache-control': 'no-store' } });

export function registerSalesOperations(
  app: FastifyInstance,
  deps: { checkout: CheckoutService; outcomes: PaymentOutcomes; documents: InvoiceDocuments; dataDir: string },
): void {
  const { checkout, outcomes, documents } = deps;
  const successPage = async (tenantCode: string, paid: { order: repo.SalesOrderRow; ticketCount: number }) =>
    html(
      await renderPage(deps.dataDir, tenantCode, 'offline-success', {
        customerName: paid.order.customer_name ?? '',
        customerEmail: paid.order.customer_email ?? '',
        cartReference: paid.order.order_num,
        ticketCount: paid.ticketCount,
      }),
    );
  defineOperation(app, {
    path: '/document/printInvoice',
    methods: ['POST'],
    summary: 'The invoice as a PDF (attachment): own invoices for guests and customers, any for staff',
    allow: Allow.anyone,
    tags: ['document'],
    input: Type.Object({ docnum: Type.String({ maxLength: 50 }) }),
    response: Type.String({ description: 'application/pdf' }),
    handler: (ctx, input) => documents.print(ctx, input.docnum, undefined),
  });
  defineOperation(app, {
    path: '/document/printInvoice',
    methods: ['GET'],
    summary: 'The invoice as a PDF; the session may come as query `token` (browser downloads)',
    allow: Allow.anyone,
    tags: ['document'],
    input: Type.Object({
      docnum: Type.String({ maxLength: 50 }),
      token: Type.Optional(Type.String({ maxLength: 512, [VERBATIM]: true })),
    }),
    response: Type.String({ description: 'application/pdf' }),
    handler: (ctx, input) => documents.print(ctx, input.docnum, input.token),
  });
  defineOperation(app, {
    ...cartPolicy,
    path: '/cart/createInvoice',
    methods: ['POST'],
    summary: 'Order the cart and invoice it (paid: staff only); the seats are sold',
    input: Type.Object({ customer: Type.Optional(Customer), paid: Type.Optional(Type.Boolean()) }),
    response: Type.Object({ invoices: Type.Array(Type.String()) }),
    handler: (ctx, input) => checkout.createInvoice(ctx, input),
  });
  defineOperation(app, {
    ...cartPolicy,
    path: '/cart/createPaymentLink',
    methods: ['POST'],
    summary: "A payment link on the gateway for the cart's total; its seats stay held until the link expires",
    input: Type.Object({
      customer: Type.Optional(Customer),
      options: Type.Optional(
        Type.Object({
          host: Type.Optional(
            Type.String({ maxLength: 253, description: "The tenant's host the gateway sends the browser back to" }),
          ),
          device: Type.Optional(Type.Union([Type.Literal('small'), Type.Literal('medium'), Type.Literal('large')])),
        }),
      ),
    }),
    response: CartView,
    handler: (ctx, input) => checkout.createPaymentLink(ctx, input),
  });
  defineOperation(app, {
    ...cartPolicy,
    path: '/cart/checkPaymentStatus',
    methods: ['POST'],
    summary: "The gateway's order check result for one of the caller's payment links",
    input: Type.Object({ paymentRef: Type.String({ maxLength: 200 }) }),
    response: OrderCheckResult,
    handler: (ctx, input) => checkout.checkPaymentStatus(ctx, input.paymentRef),
  });
  defineOperation(app, {
    path: '/document/registerPayment',
    methods: ['POST'],
    summary: "Record the payment of an invoice's open balance (staff)",
    allow: Allow.employees,
    sessionParameter: 'required',
    tags: ['document'],
    input: Type.Object({ invoice: Type.String({ maxLength: 50 }), online: Type.Optional(Type.Boolean()) }),
    response: PaymentRecord,
    handler: (ctx, input) => checkout.registerPayment(ctx, input.invoice, input.online ?? false),
  });

  const redirect = {
    allow: Allow.anyone,
    tags: ['payment redirects'],
    input: Ref,
    response: Type.String({ description: 'text/html' }),
  } as const;
  defineOperation(app, {
    ...redirect,
    path: '/payment/offline/success',
    methods: ['GET'],
    summary: 'The gateway sends the payer here after paying: checked with the gateway, then the sale is completed once',
    handler: async (ctx, input) => {
      const outcome = await outcomes.success(ctx, input.ref);
      if (outcome.kind === 'paid') return successPage(ctx.tenant.tenantCode, outcome);
      const message =
        outcome.kind === 'refused'
          ? outcome.reason
          : 'Your payment was received, but we could not complete your order yet.';
      return html(
        await renderPage(deps.dataDir, ctx.tenant.tenantCode, 'error', { cartReference: input.ref, message }),
      );
    },
  });
  for (const [path, status, page] of [
    ['/payment/offline/cancel', 'CANCELLED_PAYMENT', 'offline-cancel'],
    ['/payment/offline/decline', 'DECLINED', 'offline-decline'],
  ] as const) {
    defineOperation(app, {
      ...redirect,
      path,
      methods: ['GET'],
      summary: `The gateway sends the payer here: payment status ${status}, the reservation stays, a failure e-mail once`,
      handler: async (ctx, input) => {
        const outcome = await outcomes.failure(ctx, input.ref, status);
        if (outcome.kind === 'refused') {
          return html(
            await renderPage(deps.dataDir, ctx.tenant.tenantCode, 'error', {
              cartReference: input.ref,
              message: outcome.reason,
            }),
          );
        }
        if (outcome.kind === 'paid') return successPage(ctx.tenant.tenantCode, outcome);
        return html(
          await renderPage(deps.dataDir, ctx.tenant.tenantCode, page, {
            customerName: outcome.kind === 'recorded' ? (outcome.order.customer_name ?? '') : '',
            cartReference: input.ref,
          }),
        );
      },
    });
  }
  defineOperation(app, {
    allow: Allow.anyone,
    tags: ['payment redirects'],
    path: '/payment/offline/tickets',
    methods: ['GET'],
    summary: "The tickets of a paid order, from the confirmation e-mail's link (ref and token)",
    input: Type.Object({
      ref: Type.String({ maxLength: 100 }),
      token: Type.String({ maxLength: 200, [VERBATIM]: true }),
    }),
    response: Type.String({ description: 'text/html' }),
    handler: async (ctx, input) => {
      const order = await repo.findOrderByNumber(ctx.db, input.ref, false);
      const [stored] = order
        ? await ctx.db<
            { hash: Buffer | null }[]
          >`SELECT download_token_hash AS hash FROM sales_orders WHERE sales_order_id = ${order.sales_order_id}`
        : [];
      if (order?.status !== 'COMPLETED' || !stored?.hash || Buffer.compare(stored.hash, sha256(input.token)) !== 0) {
        return html(
          await renderPage(deps.dataDir, ctx.tenant.tenantCode, 'error', {
            cartReference: input.ref,
            message: 'This ticket link is not valid.',
          }),
          404,
        );
      }
      const lines = await repo.selectLines(ctx.db, order.sales_order_id);
      const tickets = await ticketsForReference(ctx.db, order.order_num);
      const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      const items = [
        ...lines.map(
          (line) =>
            `<li>${escapeHtml(line.description)}${line.detail ? ` — ${escapeHtml(line.detail)}` : ''} × ${line.quantity}</li>`,
        ),
        ...tickets.map((ticket) => `<li>Ticket code <strong>${escapeHtml(ticket.code)}</strong></li>`),
      ].join('');
      return html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your tickets</title></head><body><h1>Order ${escapeHtml(order.order_num)}</h1><ul>${items}</ul></body></html>`,
      );
    },
  });
}
