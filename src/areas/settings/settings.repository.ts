// SQL of tenant_settings: the agency's one row of settings.
import type { Queryable } from '../../platform/database/connections.js';

export interface SettingsRow {
  notification_email: string | null;
  quote_validity_days: number;
  /** numeric(5,2) as PostgreSQL prints it ('5.00'). */
  vat_rate_percent: string;
  tax_registration_number: string | null;
  prices_include_tax: boolean;
  legal_name: string | null;
  address: string | null;
  phone: string | null;
  contact_email: string | null;
  bank_details: string | null;
  quote_terms: string | null;
  invoice_due_days: number;
  /** `#rrggbb` in lower case, or null: the service's own. */
  brand_color: string | null;
  accent_color: string | null;
  contact_whatsapp: string | null;
  cancellation_policy: string | null;
}

/** The settings a write names (undefined: unchanged; null: cleared, for the texts that may be). */
export interface SettingsChange {
  notificationEmail?: string | null;
  quoteValidityDays?: number;
  vatRatePercent?: string;
  taxRegistrationNumber?: string | null;
  pricesIncludeTax?: boolean;
  legalName?: string | null;
  address?: string | null;
  phone?: string | null;
  contactEmail?: string | null;
  bankDetails?: string | null;
  quoteTerms?: string | null;
  invoiceDueDays?: number;
  brandColor?: string | null;
  accentColor?: string | null;
  contactWhatsapp?: string | null;
  cancellationPolicy?: string | null;
}

const COLUMNS =
  'notification_email, quote_validity_days, vat_rate_percent, tax_registration_number, prices_include_tax, ' +
  'legal_name, address, phone, contact_email, bank_details, quote_terms, invoice_due_days, brand_color, accent_color, ' +
  'contact_whatsapp, cancellation_policy';

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
  // a text that may be cleared: the value named (null too), else the column as it is
  const text = (value: string | null | undefined, column: string) =>
    db`CASE WHEN ${value !== undefined} THEN ${value ?? null}::text ELSE ${db(column)} END`;
  await db`INSERT INTO tenant_settings (id) VALUES (true) ON CONFLICT (id) DO NOTHING`;
  const [updated] = await db<SettingsRow[]>`
    UPDATE tenant_settings SET
      notification_email = ${text(change.notificationEmail, 'notification_email')},
      quote_validity_days = coalesce(${change.quoteValidityDays ?? null}::integer, quote_validity_days),
      vat_rate_percent = coalesce(${change.vatRatePercent ?? null}::numeric, vat_rate_percent),
      tax_registration_number = ${text(change.taxRegistrationNumber, 'tax_registration_number')},
      prices_include_tax = coalesce(${change.pricesIncludeTax ?? null}::boolean, prices_include_tax),
      legal_name = ${text(change.legalName, 'legal_name')},
      address = ${text(change.address, 'address')},
      phone = ${text(change.phone, 'phone')},
      contact_email = ${text(change.contactEmail, 'contact_email')},
      bank_details = ${text(change.bankDetails, 'bank_details')},
      quote_terms = ${text(change.quoteTerms, 'quote_terms')},
      invoice_due_days = coalesce(${change.invoiceDueDays ?? null}::integer, invoice_due_days),
      brand_color = ${text(change.brandColor, 'brand_color')},
      accent_color = ${text(change.accentColor, 'accent_color')},
      contact_whatsapp = ${text(change.contactWhatsapp, 'contact_whatsapp')},
      cancellation_policy = ${text(change.cancellationPolicy, 'cancellation_policy')},
      updated_by = ${updatedBy},
      updated_at = ${now}
    WHERE id
    RETURNING ${db.unsafe(COLUMNS)}`;
  if (!updated) throw new Error('tenant_settings update returned no row');
  return updated;
}
