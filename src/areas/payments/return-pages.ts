// The pages the payer of a payment link lands on, at the paths its owner kind declares (contract §6: they stay as
// they are). Without the link's `t` a page names the reference it was given and nothing else; with it, what the
// gateway reported. No personal data but the payer's name on a templated success page; no-referrer and no-store,
// as the address holds the token. A simple page is one address for every outcome; a templated one is the tenant's
// template per outcome (files re-read on every request, placeholders HTML-escaped: platform/html.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml, renderTenantPage } from '../../platform/rendering/html.js';
import type { Brands } from '../../platform/rendering/branding.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import type { PaymentOwner, ReturnPages, TemplatePage } from './owners.js';
import type { PageOutcome } from './link-settle.js';

const SHIPPED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../templates/payment');

const FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{title}}</title></head>
<body><h1>{{title}}</h1><p>Reference: {{cartReference}}</p><p>{{message}}</p></body></html>`;

const FAILED_AFTER_PAYMENT =
  'Your payment was received, but we could not record it on your booking yet. It is not lost.';
const UNCONFIRMED =
  'We could not confirm the outcome of your payment with the payment gateway yet; please open this page again shortly.';

const answer = (body: string) =>
  new RawAnswer('text/html; charset=utf-8', body, {
    headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });

function simpleMessage(outcome: PageOutcome, ref: string): string {
  switch (outcome.kind) {
    case 'paid':
      return `Thank you: your payment of ${outcome.amount} ${outcome.currency} for ${ref} is received.`;
    case 'unpaid':
      return `The payment for ${ref} is not completed (${outcome.statusText}).`;
    case 'unconfirmed':
      return `We could not confirm the payment for ${ref} with the payment gateway yet; please check again shortly.`;
    case 'failedAfterPayment':
      return `${FAILED_AFTER_PAYMENT} (${ref})`;
    case 'refused':
      return `${outcome.reason} (${ref})`;
    case 'unknown':
      return `Payment reference ${ref}.`;
  }
}

/** The one page of a simple owner, tenant-named. */
function simplePage(ctx: TenantContext, outcome: PageOutcome, ref: string): RawAnswer {
  const brand = escapeHtml(ctx.tenant.tenantName);
  return answer(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment · ${brand}</title></head>
<body><main><h1>${brand}</h1><p>${escapeHtml(simpleMessage(outcome, ref))}</p></main></body></html>`);
}

type Templated = Extract<ReturnPages, { style: 'templated' }>;

/** The template of the outcome, and its values. */
async function templateOf(
  ctx: TenantContext,
  pages: Templated,
  outcome: PageOutcome,
  ownerId: number | undefined,
): Promise<TemplatePage> {
  const own = await pages.pageOf?.(ctx.db, outcome, ownerId);
  if (own) return own;
  const prefix = pages.templatePrefix;
  switch (outcome.kind) {
    case 'paid': {
      const payer = ownerId === undefined ? null : await pages.payerName(ctx.db, ownerId);
      return { name: `${prefix}-success`, title: 'Payment received', values: { customerName: payer ?? '' } };
    }
    case 'unpaid':
      if (outcome.ending === 'CANCELLED') return { name: `${prefix}-cancel`, title: 'Payment cancelled', values: {} };
      if (outcome.ending === 'DECLINED') return { name: `${prefix}-decline`, title: 'Payment declined', values: {} };
      return {
        name: 'error',
        title: ERROR_TITLE,
        values: { message: `The payment is not completed (${outcome.statusText}).` },
      };
    case 'failedAfterPayment':
      return { name: 'error', title: ERROR_TITLE, values: { message: FAILED_AFTER_PAYMENT } };
    case 'refused':
      return { name: 'error', title: ERROR_TITLE, values: { message: outcome.reason } };
    case 'unconfirmed':
      return { name: 'error', title: ERROR_TITLE, values: { message: UNCONFIRMED } };
    case 'unknown':
      return { name: 'payment-reference', title: 'Your payment', values: {} };
  }
}

const ERROR_TITLE = 'We could not finish your payment';

export function createReturnPages(deps: { dataDir: string; brands: Pick<Brands, 'of'> }) {
  return {
    async page(
      ctx: TenantContext,
      owner: PaymentOwner,
      ref: string,
      settled: { outcome: PageOutcome; ownerId: number | undefined },
    ): Promise<RawAnswer> {
      const pages = owner.returns;
      if (pages.style === 'simple') return simplePage(ctx, settled.outcome, ref);
      const { name, title, values } = await templateOf(ctx, pages, settled.outcome, settled.ownerId);
      // The agency's name and contact, which the error page gives for help.
      const brand = await deps.brands.of(ctx.tenant, ctx.db);
      const contact = {
        tenantName: brand.name,
        contactEmail: brand.contactEmail ?? '',
        contactPhone: brand.contactPhone ?? '',
      };
      const body = await renderTenantPage(
        { dataDir: deps.dataDir, tenantCode: ctx.tenant.tenantCode, shippedDir: SHIPPED },
        { name, fallback: FALLBACK, values: { title, cartReference: ref, ...contact, ...values } },
      );
      return answer(body);
    },
  };
}

export type ReturnPageRenderer = ReturnType<typeof createReturnPages>;
