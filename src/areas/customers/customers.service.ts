// The customer records staff work with: look a company up by name, search, read one with its contacts, create one
// (optionally as a contact of a company). An e-mail address belongs to one active customer (contract §7.4).
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import * as repo from './customers.repository.js';
import { filterMatch, LIMITS, likeEscaped } from './customers.rules.js';
import type {
  CreateCustomerRequest,
  CustomerSummary,
  CustomerView,
  SearchCustomersRequest,
} from './customers.schemas.js';
import { toCustomerSummary, toCustomerView } from './customers.view.js';

/** Active companies without a parent whose name contains `namepart`: [name, customerId] pairs, by name. */
export function companyLookup(ctx: TenantContext, namepart: string): Promise<Array<[string, number]>> {
  return repo.lookupCompanies(ctx.db, likeEscaped(namepart.toLowerCase()), LIMITS.companyLookupRows);
}

export async function search(ctx: TenantContext, input: SearchCustomersRequest): Promise<CustomerSummary[]> {
  const filter: repo.CustomerFilter = {
    custName: filterMatch('name', input.custName, input.method),
    email: filterMatch('email', input.email, input.method),
    mobilePhone: filterMatch('mobile', input.mobilePhone, input.method),
    isCompany: input.isCompany ?? null,
    active: input.active ?? null,
  };
  return (await repo.searchCustomers(ctx.db, filter, input.limit ?? LIMITS.searchRows)).map(toCustomerSummary);
}

/** A customer, active or not, with its company's name and, for a company, its contacts in full. */
export async function read(ctx: TenantContext, customerId: number): Promise<CustomerView> {
  const row = await repo.selectFullById(ctx.db, customerId);
  if (!row) throw notFound('Customer');
  const contacts = row.contacts.length > 0 ? await repo.selectContacts(ctx.db, customerId) : [];
  return toCustomerView(row, contacts);
}

const emailTaken = (email: string) =>
  new ApiError(ErrorCode.DUPLICATE, `Parameter email: a customer with the e-mail address ${email} exists`);

/**
 * A new active customer. Its company (`parentId`) is share-locked while the contact is added, so it cannot be
 * archived meanwhile. A taken e-mail is refused by the insert itself (the unique index), so two creates of one
 * address at once cannot both succeed.
 */
export async function create(ctx: TenantContext, input: CreateCustomerRequest): Promise<CustomerView> {
  const customerId = await withTransaction(ctx, async (tx) => {
    if (input.countryId !== undefined && !(await repo.countryExists(tx, input.countryId))) {
      throw notFound(`Country ${input.countryId}`);
    }
    if (input.parentId !== undefined) {
      const parent = await repo.lockParent(tx, input.parentId);
      if (!parent) throw notFound('Customer');
      if (!parent.is_company) {
        throw new ApiError(ErrorCode.INVALID_STATE, `Customer ${input.parentId} is not a company: it has no contacts`);
      }
    }
    const inserted = await repo.insertCustomerUnlessTaken(tx, {
      name: input.custName,
      email: input.email,
      mobilePhone: input.mobilePhone,
      userId: null,
      phone: input.phone ?? null,
      street: input.street ?? null,
      street2: input.street2 ?? null,
      zip: input.zip ?? null,
      city: input.city ?? null,
      countryId: input.countryId ?? null,
      taxNumber: input.taxNumber ?? null,
      isCompany: input.isCompany ?? false,
      parentId: input.parentId ?? null,
    });
    if (inserted === undefined) throw emailTaken(input.email);
    return inserted;
  });
  return read(ctx, customerId);
}
