// Customers and trip requests as the API shows them: camelCase, datetimes in the tenant's timezone, money rounded
// to the currency's minor unit.
import { decimalAmount } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import type { FullCustomerRow } from './customers.repository.js';
import type { CustomerSummary, CustomerView } from './customers.schemas.js';
import type { TripRequestRow } from './trip-requests.repository.js';
import type { TripRequest } from './trip-requests.schemas.js';

export function toCustomerSummary(row: FullCustomerRow): CustomerSummary {
  return {
    customerId: row.customer_id,
    custCode: row.cust_code,
    custName: row.cust_name,
    fullName: row.full_name,
    orgType: row.org_type,
    email: row.email,
    mobilePhone: row.mobile_phone,
    phone: row.phone,
    doNotEmail: row.do_not_email,
    taxNumber: row.tax_number,
    website: row.website,
    street: row.street,
    street2: row.street2,
    zip: row.zip,
    city: row.city,
    countryId: row.country_id,
    countryName: row.country_name,
    isCompany: row.is_company,
    isCustomer: row.is_customer,
    isPartner: row.is_partner,
    active: row.active,
    supplierRank: row.supplier_rank,
    parentId: row.parent_id,
    parentName: row.parent_name,
    contacts: row.contacts,
    contactMedium: row.contact_medium,
  };
}

export function toCustomerView(row: FullCustomerRow, contacts: readonly FullCustomerRow[]): CustomerView {
  return { ...toCustomerSummary(row), contactList: contacts.map(toCustomerSummary) };
}

export function toTripRequest(row: TripRequestRow, tenant: { timezone: string; currency: string }): TripRequest {
  return {
    requestId: row.request_id,
    destination: row.destination,
    travelDates: row.travel_dates,
    numTravelers: row.num_travelers,
    budget: row.budget === null ? null : decimalAmount(row.budget, tenant.currency),
    currency: tenant.currency,
    requirements: row.requirements,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    status: row.status,
    createdDate: formatDateTime(row.created_at, tenant.timezone),
  };
}
