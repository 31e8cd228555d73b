// The pages the payer of a hotel booking's link lands on (/payment/hotel/success|cancel|decline). Templates are
// files re-read on every request (platform/html.ts): the tenant's own under <data folder>/templates/<tenantCode>/,
// else the shipped templates/payment/hotel-*.html, else a generic page; placeholders are HTML-escaped. Without the
// link's `t` a page names the reference it was given and nothing else (contract §6).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTenantPage } from '../../platform/html.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import type { HotelPaymentOutcome } from './hotel-payments.settlement.js';

const SHIPPED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../templates/payment');

const FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{title}}</title></head>
<body><h1>{{title}}</h1><p>Reference: {{cartReference}}</p><p>{{message}}</p></body></html>`;

type PageName = 'hotel-success' | 'hotel-cancel' | 'hotel-decline' | 'error' | 'payment-reference';

const TITLES: Record<PageName, string> = {
  'hotel-success': 'Payment received',
  'hotel-cancel': 'Payment cancelled',
  'hotel-decline': 'Payment declined',
  error: 'We could not finish your payment',
  'payment-reference': 'Your payment',
};

const FAILED_AFTER_PAYMENT =
  'Your payment was received, but we could not record it on your booking yet. It is not lost.';
const UNCONFIRMED =
  'We could not confirm the outcome of your payment with the payment gateway yet; please open this page again shortly.';

export function createHotelPaymentPages(deps: { dataDir: string }) {
  const page = async (ctx: TenantContext, name: PageName, values: Record<string, string>) => {
    const body = await renderTenantPage(
      { dataDir: deps.dataDir, tenantCode: ctx.tenant.tenantCode, shippedDir: SHIPPED },
      { name, fallback: FALLBACK, values: { title: TITLES[name], ...values } },
    );
    // no-referrer: the address holds the link's `t`, which no link on a tenant's page may pass on
    return new RawAnswer('text/html; charset=utf-8', body, {
      headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
    });
  };

  return {
    page(ctx: TenantContext, cartReference: string, outcome: HotelPaymentOutcome): Promise<RawAnswer> {
      switch (outcome.kind) {
        case 'paid':
          return page(ctx, 'hotel-success', { customerName: outcome.customerName, cartReference });
        case 'cancelled':
          return page(ctx, 'hotel-cancel', { cartReference });
        case 'declined':
          return page(ctx, 'hotel-decline', { cartReference });
        case 'failedAfterPayment':
          return page(ctx, 'error', { cartReference, message: FAILED_AFTER_PAYMENT });
        case 'unconfirmed':
          return page(ctx, 'error', { cartReference, message: UNCONFIRMED });
        case 'open':
          return page(ctx, 'error', {
            cartReference,
            message: `The payment is not completed (${outcome.statusText}).`,
          });
        case 'unknown':
          return page(ctx, 'payment-reference', { cartReference });
      }
    },
  };
}

export type HotelPaymentPages = ReturnType<typeof createHotelPaymentPages>;
