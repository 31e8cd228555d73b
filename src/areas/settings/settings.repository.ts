// SQL of tenant_settings: the agency's one row of settings.
import type { Queryable } from '../../platform/database/connections.js';

export interface SettingsRow {
  notification_email: string | null;
  quote_validity_days: number;
  /** numeric(5,2) as PostgreSQL prints it ('5.00'). */
  vat_rate_percent: string;
  tax_registration_number: string | null;
  prices_include_tax: boolean;
  /** `#rrggbb` in lower case, or null: the service's own. */
  brand_color: string | null;
  accent_color: string | null;
  contact_email: string | null;
  contact_phone: string | null;
}

export interface SettingsChange {
  notificationEmail?: string | null;
  quoteValidityDays?: number;
  vatRatePercent?: string;
  taxRegistrationNumber?: string | null;
  pricesIncludeTax?: boolean;
  brandColor?: string | null;
  accentColor?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
}

const COLUMNS =
  'notification_email, quote_validity_days, vat_rate_percent, tax_registration_number, prices_include_tax, ' +
  'brand_color, accent_color, contact_email, contact_phone';

export async function selectSettings(db: Queryable): Promise<SettingsRow | undefined> {
  const [row] = await db<SettingsRow[]>`SELECT ${db.unsafe(COLUMNS)} FROM tenant_settings WHERE id`;
  return row;
}

/**
 * Writes the fields the change names; the others keep their value (their column default on the first write, which
 * creates the row). Each statement is atomic, and the insert is a no-op once the row exists.
 */
export async function upsertSettings(
  db: Queryable,
  change: SettingsChange,
  updatedBy: number | null,
  now: Date,
): Promise<SettingsRow> {
  const has = (key: keyof SettingsChange) => change[key] !== undefined;
  await db`INSERT INTO tenant_settings (id) VALUES (true) ON CONFLICT (id) DO NOTHING`;
  const [updated] = await db<SettingsRow[]>`
    UPDATE tenant_settings SET
      notification_email = CASE WHEN ${has('notificationEmail')} THEN ${change.notificationEmail ?? null}
                                ELSE notification_email END,
      quote_validity_days = coalesce(${change.quoteValidityDays ?? null}::integer, quote_validity_days),
      vat_rate_percent = coalesce(${change.vatRatePercent ?? null}::numeric, vat_rate_percent),
      tax_registration_number = CASE WHEN ${has('taxRegistrationNumber')} THEN ${change.taxRegistrationNumber ?? null}
                                     ELSE tax_registration_number END,
      prices_include_tax = coalesce(${change.pricesIncludeTax ?? null}::boolean, prices_include_tax),
      brand_color = CASE WHEN ${has('brandColor')} THEN ${change.brandColor ?? null} ELSE brand_color END,
      accent_color = CASE WHEN ${has('accentColor')} THEN ${change.accentColor ?? null} ELSE accent_color END,
      contact_email = CASE WHEN ${has('contactEmail')} THEN ${change.contactEmail ?? null} ELSE contact_email END,
      contact_phone = CASE WHEN ${has('contactPhone')} THEN ${change.contactPhone ?? null} ELSE contact_phone END,
      updated_by = ${updatedBy},
      updated_at = ${now}
    WHERE id
    RETURNING ${db.unsafe(COLUMNS)}`;
  if (!updated) throw new Error('tenant_settings update returned no row');
  return updated;
}
