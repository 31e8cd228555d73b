// The tickets pages' templates: files re-read on every request, so a tenant changes its pages without a restart.
// <data folder>/templates/<tenantCode>/<name>.html first, then the shipped templates/bookings/<name>.html.
// {{placeholders}} are HTML-escaped; {{{placeholders}}} take markup this area built from escaped parts.
// The "what to bring" text is <data folder>/templates/<tenantCode>/what-to-bring.txt, else a default.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstReadable, renderTenantPage, type TemplateValues } from '../../../platform/rendering/html.js';

export type TicketPageName = 'booking-tickets' | 'booking-tickets-pending' | 'booking-tickets-missing';

const SHIPPED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../templates/bookings');

const WHAT_TO_BRING_FILE = 'what-to-bring.txt';

// When to arrive is each ticket's own advice (a hotel pickup waits in the lobby; a meeting point is reached early), so
// the default says nothing of it.
export const DEFAULT_WHAT_TO_BRING =
  'Your ticket (on your phone or printed) and a photo ID matching the name on the booking.';

const TITLES: Record<TicketPageName, string> = {
  'booking-tickets': 'Your tickets',
  'booking-tickets-pending': 'Your tickets are being issued',
  'booking-tickets-missing': 'Tickets not found',
};

const FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{title}}</title></head>
<body><h1>{{title}}</h1>{{{tickets}}}</body></html>`;

export async function renderTicketPage(
  dataDir: string,
  tenantCode: string,
  name: TicketPageName,
  values: TemplateValues,
  markup: Record<string, string> = {},
): Promise<string> {
  return renderTenantPage(
    { dataDir, tenantCode, shippedDir: SHIPPED },
    { name, fallback: FALLBACK, values: { title: TITLES[name], ...values }, markup },
  );
}

/** The tenant's own "what to bring" text, else the default. */
export async function whatToBring(dataDir: string, tenantCode: string): Promise<string> {
  const own = await firstReadable([path.join(dataDir, 'templates', tenantCode, WHAT_TO_BRING_FILE)]);
  return own?.trim() || DEFAULT_WHAT_TO_BRING;
}
