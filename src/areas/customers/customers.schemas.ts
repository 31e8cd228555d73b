import { type Static, Type } from '@sinclair/typebox';
import { LIMITS } from './customers.rules.js';
import { Nullable, RecordId } from '../../platform/http/schema.js';

const Text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const Email = (description: string) => Type.String({ format: 'email', maxLength: 254, description });

const customerFields = {
  customerId: Type.Integer(),
  custCode: Nullable(Type.String()),
  custName: Type.String(),
  fullName: Nullable(Type.String()),
  orgType: Nullable(Type.String()),
  email: Nullable(Type.String()),
  mobilePhone: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  doNotEmail: Type.Boolean(),
  taxNumber: Nullable(Type.String()),
  website: Nullable(Type.String()),
  street: Nullable(Type.String()),
  street2: Nullable(Type.String()),
  zip: Nullable(Type.String()),
  city: Nullable(Type.String()),
  countryId: Nullable(Type.Integer()),
  countryName: Nullable(Type.String()),
  isCompany: Type.Boolean(),
  isCustomer: Type.Boolean(),
  isPartner: Type.Boolean(),
  active: Type.Boolean(),
  supplierRank: Type.Integer(),
  parentId: Nullable(Type.Integer({ description: 'The company this customer is a contact of' })),
  parentName: Nullable(Type.String()),
  contacts: Type.Array(Type.Integer(), { description: "A company's contacts (their customerIds)" }),
  contactMedium: Nullable(Type.String()),
};

/** The specification's Customer without `contactList` (a contact of a company, a search row). */
export const CustomerSummary = Type.Object(customerFields);
export type CustomerSummary = Static<typeof CustomerSummary>;

/** The specification's Customer as /customer/read and /customer/create answer it. */
export const CustomerView = Type.Object({
  ...customerFields,
  contactList: Type.Array(CustomerSummary, { description: "A company's contacts, each in full" }),
});
export type CustomerView = Static<typeof CustomerView>;

export const CompanyLookupRequest = Type.Object({
  namepart: Text(200, 'Part of the company name (any case)'),
});
export const CompanyPair = Type.Tuple([Type.String(), Type.Integer()], { description: '[name, customerId]' });

export const SearchCustomersRequest = Type.Object({
  method: Type.Optional(
    Type.Union([Type.Literal('partial'), Type.Literal('exact')], {
      description:
        'Absent: custName is a substring, email and mobilePhone match exactly; partial: all three are substrings; ' +
        'exact: all three match exactly (names and e-mails in any case)',
    }),
  ),
  custName: Type.Optional(Text(200)),
  email: Type.Optional(Text(254)),
  mobilePhone: Type.Optional(Text(50)),
  isCompany: Type.Optional(Type.Boolean()),
  active: Type.Optional(Type.Boolean({ description: 'Absent: active and inactive customers' })),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LIMITS.searchRowsMax,
      description: `At most this many rows (default ${LIMITS.searchRows})`,
    }),
  ),
});
export type SearchCustomersRequest = Static<typeof SearchCustomersRequest>;

export const ReadCustomerRequest = Type.Object({
  customerId: Type.Union([RecordId(), Type.String({ pattern: '^[1-9][0-9]{0,8}$' })], {
    description: 'The customer id (a number, or its digits as text as the specification types it)',
  }),
});

export const CreateCustomerRequest = Type.Object({
  custName: Text(200),
  email: Email('Unique among active customers, in any case'),
  mobilePhone: Text(50),
  phone: Type.Optional(Text(50)),
  street: Type.Optional(Text(200)),
  street2: Type.Optional(Text(200)),
  zip: Type.Optional(Text(20, 'Postal code')),
  city: Type.Optional(Text(100)),
  countryId: Type.Optional(Type.Integer({ minimum: 1, maximum: 999, description: 'ISO 3166-1 numeric code' })),
  taxNumber: Type.Optional(
    Text(40, "The customer's tax registration number (a company's TRN), printed on its tax invoices"),
  ),
  isCompany: Type.Optional(Type.Boolean()),
  parentId: Type.Optional(
    RecordId(
      'An active company: the new customer becomes one of its contacts (NOTFOUND if none, INVALID_STATE if a person)',
    ),
  ),
});
export type CreateCustomerRequest = Static<typeof CreateCustomerRequest>;
