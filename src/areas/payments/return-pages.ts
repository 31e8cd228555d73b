// The pages the payer of a payment link lands on, at the paths its owner kind declares (contract §6: they stay as
// they are). Without the link's `t` a page names the reference it was given and nothing else; with it, what the
// gateway reported: a payment received names what was paid for (the owner's summary, or its own page) and the amount;
// a decline or a cancel offers to try again (the owner's link while it may still be paid, else the kind's retry
// address) and gives the agency's contact; a payment received that is still being recorded says so, calmly. Pages are
// the tenant's template per outcome, else the shipped one (files re-read on every request, placeholders
// HTML-escaped: platform/rendering/html.ts); no-referrer and no-store, as the address holds the token.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import { displayAmount } from '../../platform/money.js';
import type { Brands } from '../../platform/rendering/branding.js';
import { escapeHtml, renderTenantPage, type TemplateValues } from '../../platform/rendering/html.js';
import { contactLinks, type SettingsApi } from '../settings/index.js';
import type { PageOutcome } from './link-settle.js';
import * as links from './links.repository.js';
import type { OwnerSummary, PaymentOwner, TemplatePage } from './owners.js';

const SHIPPED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../templates/payment');

const FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{title}}</title></head>
<body><h1>{{title}}</h1><p>Reference: {{cartReference}}</p><p>{{message}}</p></body></html>`;

const STILL_RECORDING =
  'We are still recording it on your booking: you will receive a confirmation by e-mail as soon as it is done.';
const UNCONFIRMED =
  'We could not confirm the outcome of your payment with the payment gateway yet; please open this page again shortly.';
const ERROR_TITLE = 'We could not finish your payment';

const answer = (body: string) =>
  new RawAnswer('text/html; charset=utf-8', body, {
    headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });

/** The message of a simple owner's page for outcomes without a template of their own. */
function simpleMessage(outcome: PageOutcome, ref: string): string {
  switch (outcome.kind) {
    case 'paid':
      return `Thank you: your payment of ${outcome.amount} ${outcome.currency} for ${ref} is received.`;
    case 'unpaid':
      return `The payment for ${ref} is not completed (${outcome.statusText}).`;
    case 'unconfirmed':
      return `We could not confirm the payment for ${ref} with the payment gateway yet; please check again shortly.`;
    case 'failedAfterPayment':
      return `Thank you: your payment for ${ref} is received. ${STILL_RECORDING}`;
    case 'refused':
      return `${outcome.reason} (${ref})`;
    case 'unknown':
      return `Payment reference ${ref}.`;
  }
}

/** The one page of a simple owner for an outcome it has no template for, tenant-named. */
function simplePage(ctx: TenantContext, outcome: PageOutcome, ref: string): RawAnswer {
  const brand = escapeHtml(ctx.tenant.tenantName);
  return answer(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment · ${brand}</title></head>
<body><main><h1>${brand}</h1><p>${escapeHtml(simpleMessage(outcome, ref))}</p></main></body></html>`);
}

/** A decline or a cancel the gateway reported: the payer may try again. */
const triedAndFailed = (outcome: PageOutcome): outcome is Extract<PageOutcome, { kind: 'unpaid' }> =>
  outcome.kind === 'unpaid' && (outcome.ending === 'DECLINED' || outcome.ending === 'CANCELLED');

const summaryValues = (summary: OwnerSummary | undefined): TemplateValues =>
  summary
    ? { summaryTitle: summary.title, summaryLines: summary.lines.map((line) => ({ ...line })) }
    : { summaryTitle: '', summaryLines: [] };

/** The usual template of an outcome: `<prefix>-…` for a templated kind, `link-…` for a simple one. */
async function usualTemplate(
  ctx: TenantContext,
  owner: PaymentOwner,
  outcome: PageOutcome,
  ownerId: number | undefined,
): Promise<TemplatePage | undefined> {
  const pages = owner.returns;
  const prefix = pages.style === 'templated' ? pages.templatePrefix : 'link';
  const summary = ownerId === undefined ? undefined : await owner.summaryOf?.(ctx.db, ownerId, ctx.now);
  switch (outcome.kind) {
    case 'paid': {
      const payer =
        ownerId === undefined
          ? null
          : pages.style === 'templated'
            ? await pages.payerName(ctx.db, ownerId)
            : (summary?.payer.name ?? null);
      const amountPaid = displayAmount(outcome.amount, outcome.currency);
      const values = { customerName: payer ?? '', amountPaid, ...summaryValues(summary) };
      return { name: `${prefix}-success`, title: 'Payment received', values };
    }
    case 'unpaid':
      if (outcome.ending === 'CANCELLED')
        return { name: `${prefix}-cancel`, title: 'Payment cancelled', values: summaryValues(summary) };
      if (outcome.ending === 'DECLINED')
        return { name: `${prefix}-decline`, title: 'Payment declined', values: summaryValues(summary) };
      if (pages.style === 'simple') return undefined;
      return {
        name: 'error',
        title: ERROR_TITLE,
        values: { message: `The payment is not completed (${outcome.statusText}).` },
      };
    case 'failedAfterPayment':
      return { name: 'received', title: 'Payment received', values: { message: STILL_RECORDING } };
    default:
      if (pages.style === 'simple') return undefined;
      if (outcome.kind === 'refused') return { name: 'error', title: ERROR_TITLE, values: { message: outcome.reason } };
      if (outcome.kind === 'unconfirmed')
        return { name: 'error', title: ERROR_TITLE, values: { message: UNCONFIRMED } };
      return { name: 'payment-reference', title: 'Your payment', values: {} };
  }
}

export interface ReturnPagesDeps {
  dataDir: string;
  /** The agency's contact, on every page that follows a link's token. */
  settings: Pick<SettingsApi, 'read'>;
  /** The agency's name and colours (settings brandColor, accentColor) on every page. */
  brands: Pick<Brands, 'of'>;
}

/** What the payer's browser came back with: the link's reference, its token, and the settled outcome. */
export interface Returned {
  ref: string;
  token: string | undefined;
  outcome: PageOutcome;
  /** Known only with the link's token. */
  ownerId: number | undefined;
}

export function createReturnPages(deps: ReturnPagesDeps) {
  /** Where the payer pays again: the owner's link while it may be paid, else the kind's retry address; else ''. */
  async function retryUrl(ctx: TenantContext, owner: PaymentOwner, returned: Returned, ownerId: number) {
    const active = await links.selectActiveLink(ctx.db, owner.kind, ownerId, ctx.now);
    if (active) return active.payment_url;
    const retry = owner.returns.retry;
    if (!retry || !returned.token) return '';
    return `${retry}?ref=${encodeURIComponent(returned.ref)}&t=${encodeURIComponent(returned.token)}`;
  }

  /** The agency's name, colours and contact (its e-mail, phone and WhatsApp), on every page. */
  const agency = async (ctx: TenantContext): Promise<TemplateValues> => {
    const brand = await deps.brands.of(ctx.tenant, ctx.db);
    const settings = await deps.settings.read(ctx);
    const { brandColor, brandTextColor, accentColor, accentTextColor } = brand;
    return {
      tenantName: brand.name,
      brand: { brandColor, brandTextColor, accentColor, accentTextColor },
      ...contactLinks(settings.contact),
    };
  };

  async function render(ctx: TenantContext, page: TemplatePage, values: TemplateValues): Promise<RawAnswer> {
    const body = await renderTenantPage(
      { dataDir: deps.dataDir, tenantCode: ctx.tenant.tenantCode, shippedDir: SHIPPED },
      { name: page.name, fallback: FALLBACK, values: { title: page.title, ...values, ...page.values } },
    );
    return answer(body);
  }

  return {
    async page(ctx: TenantContext, owner: PaymentOwner, returned: Returned): Promise<RawAnswer> {
      const { outcome, ownerId, ref } = returned;
      const pages = owner.returns;
      const own =
        pages.style === 'templated' ? await pages.pageOf?.(ctx.db, outcome, ownerId, ctx.tenant.timezone) : undefined;
      const page = own ?? (await usualTemplate(ctx, owner, outcome, ownerId));
      if (!page) return simplePage(ctx, outcome, ref);
      const values: TemplateValues = { ...(await agency(ctx)), cartReference: ref };
      if (ownerId !== undefined && triedAndFailed(outcome)) {
        values.retryUrl = await retryUrl(ctx, owner, returned, ownerId);
      }
      return render(ctx, page, values);
    },

    /** A payer's retry that cannot be taken (the owner was paid meanwhile, or takes no payment now). */
    async retryRefused(ctx: TenantContext, ref: string, reason: string): Promise<RawAnswer> {
      const page = { name: 'link-unavailable', title: 'This payment cannot be made now', values: { message: reason } };
      return render(ctx, page, { ...(await agency(ctx)), cartReference: ref });
    },
  };
}

export type ReturnPageRenderer = ReturnType<typeof createReturnPages>;
