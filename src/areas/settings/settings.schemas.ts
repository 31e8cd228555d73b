import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/schema.js';
import { HEX_COLOR_PATTERN } from '../../platform/rendering/branding.js';
import { SETTINGS_LIMITS as LIMITS } from './settings.rules.js';

function Color(description: string) {
  return Type.String({ pattern: HEX_COLOR_PATTERN, description });
}

const PhoneNumber = Type.String({
  minLength: 3,
  maxLength: LIMITS.phone,
  pattern: '^\\+?[0-9 ()./-]+$',
  description: 'As it is to be shown and dialled, e.g. +971 50 123 4567; null: none',
});

export const Settings = Type.Object({
  notificationEmail: Type.String({
    description: "Where trip-request notifications and quote answers go (the admin's e-mail unless set)",
  }),
  quoteValidityDays: Type.Integer({
    description: 'Days a new quote stays valid: until the end of that calendar day (validUntil), 1-365',
  }),
  vatRatePercent: Type.Number({ description: 'Sales tax (VAT) rate in percent, at most two decimals; 0 = no tax' }),
  taxRegistrationNumber: Nullable(
    Type.String({ description: 'Tax registration number (TRN) printed on tax invoices and quotes' }),
  ),
  pricesIncludeTax: Type.Boolean({ description: 'Entered prices include the tax (it is taken out, not added)' }),
  legalName: Nullable(
    Type.String({ description: "The agency's registered name on its documents (its tenant name when null)" }),
  ),
  address: Nullable(Type.String({ description: "The agency's address on its documents, one line per line" })),
  phone: Nullable(
    Type.String({ description: "The agency's telephone number on its documents and, for help, on its pages" }),
  ),
  contactEmail: Nullable(
    Type.String({ description: "The agency's e-mail address on its documents and, for help, on its pages" }),
  ),
  bankDetails: Nullable(
    Type.String({
      description: 'How to pay by bank transfer (bank, account name, IBAN, SWIFT), printed on unpaid invoices',
    }),
  ),
  quoteTerms: Nullable(Type.String({ description: 'The terms and conditions printed under quotes and on their page' })),
  invoiceDueDays: Type.Integer({ description: 'Days from issue to due date of a new invoice; 0 = due on receipt' }),
  brandColor: Type.String({
    description:
      "The agency's colour on its pages (sign-in, tickets, quotes, payments): #rrggbb, the service's unless set",
  }),
  accentColor: Type.String({ description: 'The colour of buttons and links on those pages: #rrggbb' }),
  contactWhatsapp: Nullable(Type.String({ description: 'The WhatsApp number the tickets and payment pages give' })),
  cancellationPolicy: Nullable(
    Type.String({ description: 'The cancellation policy tickets show for a product without one of its own' }),
  ),
});
export type Settings = Static<typeof Settings>;

/** An optional text setting: null clears it; given, it is 1 to `maxLength` characters (trimmed). */
const TextSetting = (maxLength: number, description: string) =>
  Type.Optional(Nullable(Type.String({ minLength: 1, maxLength, description: `${description}; null clears it` })));

export const WriteSettingsRequest = Type.Object({
  notificationEmail: Type.Optional(
    Nullable(Type.String({ format: 'email', maxLength: 254, description: "null: back to the admin's e-mail" })),
  ),
  quoteValidityDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  vatRatePercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'At most two decimals' })),
  taxRegistrationNumber: Type.Optional(
    Nullable(
      Type.String({
        minLength: 1,
        maxLength: LIMITS.taxRegistrationNumber,
        description:
          'Letters, digits, spaces, dots, hyphens and slashes; a tenant of the UAE market: 15 digits (a UAE TRN)',
      }),
    ),
  ),
  pricesIncludeTax: Type.Optional(Type.Boolean()),
  legalName: TextSetting(LIMITS.legalName, 'One line'),
  address: TextSetting(LIMITS.address, `At most ${LIMITS.addressLines} lines`),
  phone: TextSetting(LIMITS.phone, 'Digits, spaces and + ( ) - . /, with at least 5 digits'),
  contactEmail: Type.Optional(
    Nullable(Type.String({ format: 'email', maxLength: 254, description: 'null clears it' })),
  ),
  bankDetails: TextSetting(LIMITS.bankDetails, `At most ${LIMITS.bankDetailsLines} lines`),
  quoteTerms: TextSetting(LIMITS.quoteTerms, 'Plain text, line breaks kept'),
  invoiceDueDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  brandColor: Type.Optional(Nullable(Color("#rrggbb; null: back to the service's colour"))),
  accentColor: Type.Optional(Nullable(Color("#rrggbb; null: back to the service's colour"))),
  contactWhatsapp: Type.Optional(Nullable(PhoneNumber)),
  cancellationPolicy: Type.Optional(
    Nullable(Type.String({ minLength: 1, maxLength: 4000, description: 'null: none' })),
  ),
});
export type WriteSettingsRequest = Static<typeof WriteSettingsRequest>;
