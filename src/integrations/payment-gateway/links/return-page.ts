// The page the payer of a payment link lands on, for areas whose links come back to one address (bookings, visa
// invoices). Without the link's token it names the reference it was given and nothing else; with it, what the
// gateway reported. No personal data either way.
import { escapeHtml } from '../../../platform/html.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { RawAnswer } from '../../../platform/http/raw.js';
import type { LinkOutcome } from './link-settlement.js';

function messageOf(outcome: LinkOutcome, ref: string): string {
  switch (outcome.kind) {
    case 'paid':
      return `Thank you: your payment of ${outcome.amount} ${outcome.currency} for ${ref} is received.`;
    case 'unpaid':
      return `The payment for ${ref} is not completed (${outcome.statusText}).`;
    case 'unconfirmed':
      return `We could not confirm the payment for ${ref} with the payment gateway yet; please check again shortly.`;
    case 'unknown':
      return `Payment reference ${ref}.`;
  }
}

/** The page, tenant-named; no-referrer and no-store, as the address holds the link's token. */
export function linkReturnPage(ctx: TenantContext, outcome: LinkOutcome, ref: string): RawAnswer {
  const brand = escapeHtml(ctx.tenant.tenantName);
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment · ${brand}</title></head>
<body><main><h1>${brand}</h1><p>${escapeHtml(messageOf(outcome, ref))}</p></main></body></html>`;
  return new RawAnswer('text/html; charset=utf-8', body, {
    headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}
