import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/schema.js';
import { HEX_COLOR_PATTERN } from '../../platform/rendering/branding.js';

function Color(description: string) {
  return Type.String({ pattern: HEX_COLOR_PATTERN, description });
}

export const Settings = Type.Object({
  notificationEmail: Type.String({
    description: "Where trip-request notifications go (the admin's e-mail unless set)",
  }),
  quoteValidityDays: Type.Integer({ description: 'Days a new quote stays valid (validUntil), 1-365' }),
  vatRatePercent: Type.Number({ description: 'Sales tax (VAT) rate in percent, at most two decimals; 0 = no tax' }),
  taxRegistrationNumber: Nullable(Type.String({ description: 'Tax registration number printed on tax invoices' })),
  pricesIncludeTax: Type.Boolean({ description: 'Entered prices include the tax (it is taken out, not added)' }),
  brandColor: Type.String({
    description:
      "The agency's colour on its pages (sign-in, tickets, quotes, payments): #rrggbb, the service's unless set",
  }),
  accentColor: Type.String({ description: 'The colour of buttons and links on those pages: #rrggbb' }),
  contactEmail: Nullable(Type.String({ description: 'The address those pages give for help; null: none shown' })),
  contactPhone: Nullable(Type.String({ description: 'The phone number those pages give for help; null: none shown' })),
});
export type Settings = Static<typeof Settings>;

export const WriteSettingsRequest = Type.Object({
  notificationEmail: Type.Optional(
    Nullable(Type.String({ format: 'email', maxLength: 254, description: "null: back to the admin's e-mail" })),
  ),
  quoteValidityDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  vatRatePercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'At most two decimals' })),
  taxRegistrationNumber: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 40 }))),
  pricesIncludeTax: Type.Optional(Type.Boolean()),
  brandColor: Type.Optional(Nullable(Color("#rrggbb; null: back to the service's colour"))),
  accentColor: Type.Optional(Nullable(Color("#rrggbb; null: back to the service's colour"))),
  contactEmail: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254, description: 'null: none' }))),
  contactPhone: Type.Optional(
    Nullable(Type.String({ minLength: 3, maxLength: 40, pattern: '^\\+?[0-9 ()./-]+$', description: 'null: none' })),
  ),
});
export type WriteSettingsRequest = Static<typeof WriteSettingsRequest>;
