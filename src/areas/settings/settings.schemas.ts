import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/schema.js';

const PhoneNumber = Type.String({
  minLength: 3,
  maxLength: 40,
  pattern: '^\\+?[0-9 ()./-]+$',
  description: 'As it is to be shown and dialled, e.g. +971 4 123 4567; null: none',
});

export const Settings = Type.Object({
  notificationEmail: Type.String({
    description: "Where trip-request notifications go (the admin's e-mail unless set)",
  }),
  quoteValidityDays: Type.Integer({ description: 'Days a new quote stays valid (validUntil), 1-365' }),
  vatRatePercent: Type.Number({ description: 'Sales tax (VAT) rate in percent, at most two decimals; 0 = no tax' }),
  taxRegistrationNumber: Nullable(Type.String({ description: 'Tax registration number printed on tax invoices' })),
  pricesIncludeTax: Type.Boolean({ description: 'Entered prices include the tax (it is taken out, not added)' }),
  contactEmail: Nullable(Type.String({ description: 'The address the tickets and payment pages give for help' })),
  contactPhone: Nullable(Type.String({ description: 'The phone number the tickets and payment pages give' })),
  contactWhatsapp: Nullable(Type.String({ description: 'The WhatsApp number the tickets and payment pages give' })),
  cancellationPolicy: Nullable(
    Type.String({ description: 'The cancellation policy tickets show for a product without one of its own' }),
  ),
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
  contactEmail: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254, description: 'null: none' }))),
  contactPhone: Type.Optional(Nullable(PhoneNumber)),
  contactWhatsapp: Type.Optional(Nullable(PhoneNumber)),
  cancellationPolicy: Type.Optional(
    Nullable(Type.String({ minLength: 1, maxLength: 4000, description: 'null: none' })),
  ),
});
export type WriteSettingsRequest = Static<typeof WriteSettingsRequest>;
