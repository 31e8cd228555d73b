// The HTML pages the payment gateway's browser redirects land on. Templates are files re-read on every request,
// so a tenant can change its pages without a restart: <data folder>/templates/<tenantCode>/<name>.html first,
// then the shipped default templates/payment/<name>.html, then a generic page. {{placeholders}} are HTML-escaped;
// {{{placeholders}}} take markup the page code built from escaped parts (a list), and only from `markup`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTenantPage } from '../../platform/rendering/html.js';

export type PageName =
  | 'offline-success'
  | 'offline-cancel'
  | 'offline-decline'
  | 'tickets'
  | 'error'
  /** A redirect without the order's `t`: it names the reference it was given, nothing of the order. */
  | 'payment-reference';

const SHIPPED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../templates/payment');

const FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{title}}</title></head>
<body><h1>{{title}}</h1><p>Reference: {{cartReference}}</p><p>{{message}}</p></body></html>`;

const TITLES: Record<PageName, string> = {
  'offline-success': 'Payment received',
  'offline-cancel': 'Payment cancelled',
  'offline-decline': 'Payment declined',
  tickets: 'Your tickets',
  error: 'We could not finish your order',
  'payment-reference': 'Your payment',
};

export async function renderPage(
  dataDir: string,
  tenantCode: string,
  name: PageName,
  values: Record<string, string | number>,
  options: { markup?: Record<string, string>; shippedDir?: string } = {},
): Promise<string> {
  return renderTenantPage(
    { dataDir, tenantCode, shippedDir: options.shippedDir ?? SHIPPED },
    { name, fallback: FALLBACK, values: { title: TITLES[name], ...values }, markup: options.markup },
  );
}
