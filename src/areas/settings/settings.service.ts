// The agency's settings: read by other areas (a quote's validity and terms, tax on documents, the agency's identity
// and bank details on them, where notifications go) and by employees, written by the admin. A tenant that never
// wrote them has every default.
import { loggedInUserId } from '../../platform/auth/session.js';
import type { Queryable } from '../../platform/database/connections.js';
import { invalidFormat } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { brandingOf, type TenantLook } from '../../platform/rendering/branding.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import * as repo from './settings.repository.js';
import {
  checkLines,
  checkOneLine,
  checkPhone,
  checkTaxRegistrationNumber,
  SETTINGS_LIMITS as LIMITS,
} from './settings.rules.js';
import type { Settings, WriteSettingsRequest } from './settings.schemas.js';
import type { TaxPolicy } from './tax.rules.js';

/** The agency as its documents name it: what is not set is null (the legal name falls back to the tenant's name). */
export interface AgencyDetails {
  legalName: string;
  /** One line per line of the address. */
  address: string | null;
  phone: string | null;
  email: string | null;
  /** How to pay by bank transfer, as the admin wrote it (lines). */
  bankDetails: string | null;
}

export interface TenantSettings {
  /** Where trip-request notifications and quote answers go: the set address, else the admin's e-mail. */
  notificationEmail: string;
  quoteValidityDays: number;
  tax: TaxPolicy;
  agency: AgencyDetails;
  /** The terms and conditions of quotes; null: none. */
  quoteTerms: string | null;
  /** Days from an invoice's issue to its due date (0: due on receipt). */
  invoiceDueDays: number;
  /** The look and contact of the agency's pages (its contact is the agency's e-mail and phone), null where unset. */
  look: TenantLook;
  /** Whom the agency's tickets and payment pages name for help (its e-mail and phone, and WhatsApp); null where unset. */
  contact: AgencyContact;
  /** The policy a ticket shows when its product has none. */
  cancellationPolicy: string | null;
}

export interface AgencyContact {
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
}

const DEFAULTS: repo.SettingsRow = {
  notification_email: null,
  quote_validity_days: 30,
  vat_rate_percent: '0',
  tax_registration_number: null,
  prices_include_tax: false,
  legal_name: null,
  address: null,
  phone: null,
  contact_email: null,
  bank_details: null,
  quote_terms: null,
  invoice_due_days: 0,
  brand_color: null,
  accent_color: null,
  contact_whatsapp: null,
  cancellation_policy: null,
};

/** '5.00' → '5', '5.50' → '5.5': the rate as decimal text without trailing zeros. */
const trimRate = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

/** What reading the settings needs: the tenant (its admin's e-mail, its name) and a handle, a transaction's or the pool's. */
export interface SettingsReader {
  tenant: TenantRecord;
  db: Queryable;
}

function toTenantSettings(ctx: SettingsReader, row: repo.SettingsRow): TenantSettings {
  return {
    notificationEmail: row.notification_email ?? ctx.tenant.adminEmail,
    quoteValidityDays: row.quote_validity_days,
    tax: {
      ratePercent: trimRate(row.vat_rate_percent),
      registrationNumber: row.tax_registration_number,
      pricesIncludeTax: row.prices_include_tax,
    },
    agency: {
      legalName: row.legal_name ?? ctx.tenant.tenantName,
      address: row.address,
      phone: row.phone,
      email: row.contact_email,
      bankDetails: row.bank_details,
    },
    quoteTerms: row.quote_terms,
    invoiceDueDays: row.invoice_due_days,
    look: {
      brandColor: row.brand_color,
      accentColor: row.accent_color,
      contactEmail: row.contact_email,
      contactPhone: row.phone,
    },
    contact: { phone: row.phone, whatsapp: row.contact_whatsapp, email: row.contact_email },
    cancellationPolicy: row.cancellation_policy,
  };
}

function toSettings(settings: TenantSettings, row: repo.SettingsRow): Settings {
  // The colours in force: the service's where the agency chose none.
  const { brandColor, accentColor } = brandingOf('', settings.look);
  return {
    notificationEmail: settings.notificationEmail,
    quoteValidityDays: settings.quoteValidityDays,
    vatRatePercent: Number(settings.tax.ratePercent),
    taxRegistrationNumber: settings.tax.registrationNumber,
    pricesIncludeTax: settings.tax.pricesIncludeTax,
    // as set: null means "the tenant's name" on documents
    legalName: row.legal_name,
    address: settings.agency.address,
    phone: settings.agency.phone,
    contactEmail: settings.agency.email,
    bankDetails: settings.agency.bankDetails,
    quoteTerms: settings.quoteTerms,
    invoiceDueDays: settings.invoiceDueDays,
    brandColor,
    accentColor,
    contactWhatsapp: settings.contact.whatsapp,
    cancellationPolicy: settings.cancellationPolicy,
  };
}

/** A colour as stored: lower case; null stays null (back to the service's). */
const storedColor = (color: string | null | undefined) =>
  color === undefined ? undefined : (color?.toLowerCase() ?? null);

/** The rate as decimal text, refused when it has more than two decimals (a JSON number like 5.255). */
function rateText(rate: number): string {
  const text = String(rate);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) throw invalidFormat('vatRatePercent', 'has more than two decimals');
  return text;
}

/** A value given (null too: cleared) passed through its check; undefined stays undefined (unchanged). */
function checked<T>(value: T | null | undefined, check: (value: T) => T): T | null | undefined {
  return value === undefined || value === null ? value : check(value);
}

function changeOf(ctx: TenantContext, input: WriteSettingsRequest): repo.SettingsChange {
  return {
    notificationEmail: input.notificationEmail,
    quoteValidityDays: input.quoteValidityDays,
    vatRatePercent: input.vatRatePercent === undefined ? undefined : rateText(input.vatRatePercent),
    taxRegistrationNumber: checked(input.taxRegistrationNumber, (trn) =>
      checkTaxRegistrationNumber(trn, ctx.tenant.market),
    ),
    pricesIncludeTax: input.pricesIncludeTax,
    legalName: checked(input.legalName, (name) => checkOneLine('legalName', name)),
    address: checked(input.address, (address) => checkLines('address', address, LIMITS.addressLines)),
    phone: checked(input.phone, checkPhone),
    contactEmail: input.contactEmail,
    bankDetails: checked(input.bankDetails, (text) => checkLines('bankDetails', text, LIMITS.bankDetailsLines)),
    quoteTerms: checked(input.quoteTerms, (text) => checkLines('quoteTerms', text, Number.POSITIVE_INFINITY)),
    invoiceDueDays: input.invoiceDueDays,
    brandColor: storedColor(input.brandColor),
    accentColor: storedColor(input.accentColor),
    contactWhatsapp: input.contactWhatsapp,
    cancellationPolicy: checked(input.cancellationPolicy, (text) =>
      checkLines('cancellationPolicy', text, Number.POSITIVE_INFINITY),
    ),
  };
}

/** The tenant's settings, defaults where none are written. Runs on the handle given (pool or transaction). */
export async function readSettings(ctx: SettingsReader): Promise<TenantSettings> {
  return toTenantSettings(ctx, (await repo.selectSettings(ctx.db)) ?? DEFAULTS);
}

/** Writes the settings named, as the admin does through /settings/write (the demo tenant's are seeded this way). */
export async function writeSettings(ctx: TenantContext, input: WriteSettingsRequest): Promise<Settings> {
  const row = await repo.upsertSettings(ctx.db, changeOf(ctx, input), loggedInUserId(ctx.session), ctx.now);
  return toSettings(toTenantSettings(ctx, row), row);
}

export const settingsService = {
  async read(ctx: TenantContext): Promise<Settings> {
    const row = (await repo.selectSettings(ctx.db)) ?? DEFAULTS;
    return toSettings(toTenantSettings(ctx, row), row);
  },
  write: writeSettings,
};
