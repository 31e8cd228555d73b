// The demo tenant's settings: a UAE travel agency registered for VAT, so a new user's first quote and invoice show
// what a real agency's do (a tax invoice with its TRN, legal name, Dubai address and telephone, VAT at 5 %, bank
// details and payment terms). Written once, when the demo tenant is provisioned, through the settings' own write
// (the same checks as /settings/write); an admin's later changes are never overwritten.
import type { FastifyBaseLogger } from 'fastify';
import { type WriteSettingsRequest, writeSettings } from '../../src/areas/settings/index.js';
import type { Sql } from '../../src/platform/database/connections.js';
import { adminSeedContext } from './seed-context.js';
import type { TenantRecord } from '../../src/platform/tenancy/tenant.js';

export const DEMO_SETTINGS: WriteSettingsRequest = {
  legalName: 'Demo Travel Agency L.L.C.',
  address: 'Office 1204, Bay Square Building 5\nBusiness Bay, P.O. Box 123456\nDubai, United Arab Emirates',
  phone: '+971 4 555 0100',
  contactEmail: 'accounts@demo-travel.example',
  // a sample UAE Tax Registration Number (15 digits), not a real agency's
  taxRegistrationNumber: '100123456700003',
  vatRatePercent: 5,
  // prices offered to consumers in the UAE are shown with VAT: the catalog's prices include it
  pricesIncludeTax: true,
  bankDetails:
    'Bank: Emirates NBD, Business Bay branch\nAccount name: Demo Travel Agency L.L.C.\n' +
    'IBAN: AE07 0331 2345 6789 0123 456\nSWIFT: EBILAEAD',
  quoteTerms:
    'Prices are in UAE dirhams and include VAT at 5 %.\n' +
    'Places are confirmed once the invoice is paid. Free cancellation up to 48 hours before the service; ' +
    'later cancellations and no-shows are charged in full.',
  invoiceDueDays: 7,
};

/** Writes the demo agency's settings on the tenant's database, as its administrator would. */
export async function seedDemoSettings(tenant: TenantRecord, db: Sql, log: FastifyBaseLogger): Promise<void> {
  const ctx = adminSeedContext(tenant, db, log);
  await writeSettings(ctx, DEMO_SETTINGS);
}
