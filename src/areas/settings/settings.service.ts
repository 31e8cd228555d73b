// The agency's settings: read by other areas (a quote's validity, tax on documents, where notifications go) and
// by employees, written by the admin. A tenant that never wrote them has every default.
import { loggedInUserId } from '../../platform/auth/session.js';
import type { Queryable } from '../../platform/database/connections.js';
import { invalidFormat } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { brandingOf, type TenantLook } from '../../platform/rendering/branding.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import * as repo from './settings.repository.js';
import type { Settings, WriteSettingsRequest } from './settings.schemas.js';
import type { TaxPolicy } from './tax.rules.js';

export interface TenantSettings {
  /** Where trip-request notifications go: the set address, else the admin's e-mail from provisioning. */
  notificationEmail: string;
  quoteValidityDays: number;
  tax: TaxPolicy;
  /** The look and contact of the agency's pages, null where it chose none. */
  look: TenantLook;
}

const DEFAULTS: repo.SettingsRow = {
  notification_email: null,
  quote_validity_days: 30,
  vat_rate_percent: '0',
  tax_registration_number: null,
  prices_include_tax: false,
  brand_color: null,
  accent_color: null,
  contact_email: null,
  contact_phone: null,
};

/** '5.00' → '5', '5.50' → '5.5': the rate as decimal text without trailing zeros. */
const trimRate = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

/** What reading the settings needs: the tenant (its admin's e-mail) and a handle, a transaction's or the pool's. */
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
    look: {
      brandColor: row.brand_color,
      accentColor: row.accent_color,
      contactEmail: row.contact_email,
      contactPhone: row.contact_phone,
    },
  };
}

function toSettings(settings: TenantSettings): Settings {
  // The colours in force: the service's where the agency chose none.
  const { brandColor, accentColor } = brandingOf('', settings.look);
  return {
    notificationEmail: settings.notificationEmail,
    quoteValidityDays: settings.quoteValidityDays,
    vatRatePercent: Number(settings.tax.ratePercent),
    taxRegistrationNumber: settings.tax.registrationNumber,
    pricesIncludeTax: settings.tax.pricesIncludeTax,
    brandColor,
    accentColor,
    contactEmail: settings.look.contactEmail,
    contactPhone: settings.look.contactPhone,
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

/** The tenant's settings, defaults where none are written. Runs on the handle given (pool or transaction). */
export async function readSettings(ctx: SettingsReader): Promise<TenantSettings> {
  return toTenantSettings(ctx, (await repo.selectSettings(ctx.db)) ?? DEFAULTS);
}

export const settingsService = {
  async read(ctx: TenantContext): Promise<Settings> {
    return toSettings(await readSettings(ctx));
  },

  async write(ctx: TenantContext, input: WriteSettingsRequest): Promise<Settings> {
    const change: repo.SettingsChange = {
      notificationEmail: input.notificationEmail,
      quoteValidityDays: input.quoteValidityDays,
      vatRatePercent: input.vatRatePercent === undefined ? undefined : rateText(input.vatRatePercent),
      taxRegistrationNumber: input.taxRegistrationNumber,
      pricesIncludeTax: input.pricesIncludeTax,
      brandColor: storedColor(input.brandColor),
      accentColor: storedColor(input.accentColor),
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
    };
    const updatedBy = loggedInUserId(ctx.session);
    return toSettings(toTenantSettings(ctx, await repo.upsertSettings(ctx.db, change, updatedBy, ctx.now)));
  },
};
