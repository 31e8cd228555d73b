// /customer/companyLookup, search, read and create through the API on a fresh tenant: filters and their matching
// rules, companies and their contacts, country names, the unique e-mail, and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { uniqueName } from '../../../test/support/database.js';
import { startTestService } from '../../../test/support/service.js';
import type { CustomerSummary, CustomerView } from './customers.schemas.js';

let t: TestTenant;
let agent: TestUser;

beforeAll(async () => {
  t = await tenant(await startTestService());
  agent = await user(t, 'agent');
});
afterAll(() => t?.service.close());

/** A new customer made by the agent; its name and e-mail carry a unique mark so searches find only this test's. */
async function customer(overrides: Record<string, unknown> = {}): Promise<CustomerView> {
  const mark = uniqueName('c');
  return agent.api.ok<CustomerView>('/customer/create', {
    custName: `Customer ${mark}`,
    email: `${mark}@example.com`,
    mobilePhone: '+971500000000',
    ...overrides,
  });
}

describe('/customer/create and /customer/read', () => {
  it('creates an active customer with every field of the resource, and reads it back', async () => {
    const made = await customer({
      custName: 'Layla Haddad',
      email: 'Layla.Haddad@Example.com',
      phone: '+97142000000',
      street: '1 Creek Road',
      city: 'Dubai',
      countryId: 784,
    });
    expect(made).toEqual({
      customerId: expect.any(Number),
      custCode: null,
      custName: 'Layla Haddad',
      fullName: null,
      orgType: null,
      email: 'Layla.Haddad@Example.com',
      mobilePhone: '+971500000000',
      phone: '+97142000000',
      doNotEmail: false,
      taxNumber: null,
      website: null,
      street: '1 Creek Road',
      street2: null,
      zip: null,
      city: 'Dubai',
      countryId: 784,
      countryName: 'United Arab Emirates',
      isCompany: false,
      isCustomer: true,
      isPartner: false,
      active: true,
      supplierRank: 0,
      parentId: null,
      parentName: null,
      contacts: [],
      contactMedium: null,
      contactList: [],
    });
    expect(await agent.api.ok('/customer/read', { customerId: made.customerId })).toEqual(made);
    // The specification types customerId as a string: its digits are accepted too.
    expect(await agent.api.ok('/customer/read', { customerId: String(made.customerId) })).toEqual(made);
  });

  it('makes a contact of a company: the company lists it, the contact names its company', async () => {
    const company = await customer({ custName: 'Oasis Trading LLC', isCompany: true });
    const first = await customer({ parentId: company.customerId });
    const second = await customer({ parentId: company.customerId });
    expect(first).toMatchObject({ parentId: company.customerId, parentName: 'Oasis Trading LLC', isCompany: false });
    const read = await agent.api.ok<CustomerView>('/customer/read', { customerId: company.customerId });
    expect(read.contacts).toEqual([first.customerId, second.customerId]);
    expect(read.contactList.map((contact) => contact.customerId)).toEqual([first.customerId, second.customerId]);
    expect(read.contactList[0]).toMatchObject({ email: first.email, parentName: 'Oasis Trading LLC' });
  });

  it('refuses a taken e-mail in any case with DUPLICATE, while an archived customer no longer holds it', async () => {
    const taken = await customer();
    await agent.api.expectError(
      '/customer/create',
      { custName: 'Someone else', email: taken.email?.toUpperCase(), mobilePhone: '+971500000009' },
      'DUPLICATE',
      'email',
    );
    await t.db((sql) => sql`UPDATE customers SET active = false WHERE customer_id = ${taken.customerId}`);
    const again = await customer({ email: taken.email });
    expect(again.customerId).not.toBe(taken.customerId);
    // Archived customers stay readable by staff.
    expect(await agent.api.ok('/customer/read', { customerId: taken.customerId })).toMatchObject({ active: false });
  });

  it('gives two concurrent creates of one new e-mail one customer and one DUPLICATE', async () => {
    const email = `${uniqueName('race')}@example.com`;
    const body = { custName: 'Racer', email, mobilePhone: '+971500000003' };
    const answers = await Promise.all([1, 2, 3].map(() => agent.api.call('/customer/create', body)));
    expect(answers.map((answer) => answer.apiStatus.errorCode).sort()).toEqual(['DUPLICATE', 'DUPLICATE', 'OK']);
  });

  it('answers NOTFOUND for an unknown customer, country or parent, INVALID_STATE for a person as parent', async () => {
    await agent.api.expectError('/customer/read', { customerId: 999_999 }, 'NOTFOUND', 'Customer');
    await agent.api.expectError('/customer/read', { customerId: '999999' }, 'NOTFOUND', 'Customer');
    const body = { custName: 'Nobody', email: `${uniqueName('n')}@example.com`, mobilePhone: '+971500000004' };
    await agent.api.expectError('/customer/create', { ...body, countryId: 999 }, 'NOTFOUND', 'Country 999');
    await agent.api.expectError('/customer/create', { ...body, parentId: 999_999 }, 'NOTFOUND', 'Customer');
    const person = await customer();
    await agent.api.expectError(
      '/customer/create',
      { ...body, parentId: person.customerId },
      'INVALID_STATE',
      'company',
    );
  });

  it('names the missing or malformed parameter', async () => {
    const body = { custName: 'Someone', email: `${uniqueName('m')}@example.com`, mobilePhone: '+971500000005' };
    for (const name of ['custName', 'email', 'mobilePhone'] as const) {
      const { [name]: _left, ...rest } = body;
      await agent.api.expectError('/customer/create', rest, 'MISSING_PARAMETER', name);
    }
    await agent.api.expectError('/customer/create', { ...body, email: 'not-an-address' }, 'INVALID_FORMAT', 'email');
    await agent.api.expectError('/customer/create', { ...body, isCompany: 'yes' }, 'INVALID_FORMAT', 'isCompany');
    await agent.api.expectError('/customer/read', {}, 'MISSING_PARAMETER', 'customerId');
    await agent.api.expectError('/customer/read', { customerId: 'abc' }, 'INVALID_FORMAT', 'customerId');
  });

  it('is for employees only: a customer is FORBIDDEN, a guest or nobody NOT_LOGGED_IN', async () => {
    const made = await customer();
    const shopper = await user(t, 'customer');
    await shopper.api.expectError('/customer/read', { customerId: made.customerId }, 'FORBIDDEN');
    await shopper.api.expectError('/customer/search', {}, 'FORBIDDEN');
    await t.api.expectError('/customer/create', { custName: 'x' }, 'NOT_LOGGED_IN');
    await t.api.expectError('/customer/search', {}, 'NOT_LOGGED_IN');
  });
});

describe('/customer/search', () => {
  it('matches custName as a substring in any case, e-mail and mobile exactly unless method is partial', async () => {
    const mark = uniqueName('srch').toLowerCase();
    const made = await customer({ custName: `Mariam ${mark} Khalil`, email: `mariam.${mark}@Example.com` });
    const other = await customer({ custName: `Omar ${mark}`, mobilePhone: '+971 55 123 4567' });
    const ids = (rows: CustomerSummary[]) => rows.map((row) => row.customerId).sort((a, b) => a - b);
    const search = (filter: object) => agent.api.ok<CustomerSummary[]>('/customer/search', filter);

    expect(ids(await search({ custName: mark.toUpperCase() }))).toEqual([made.customerId, other.customerId]);
    expect(ids(await search({ custName: `mariam ${mark}`, method: 'partial' }))).toEqual([made.customerId]);
    expect(await search({ email: `mariam.${mark}` })).toEqual([]);
    expect(ids(await search({ email: `MARIAM.${mark}@example.com` }))).toEqual([made.customerId]);
    expect(ids(await search({ email: `mariam.${mark}`, method: 'partial' }))).toEqual([made.customerId]);
    expect(ids(await search({ custName: mark, mobilePhone: '123 4567', method: 'partial' }))).toEqual([
      other.customerId,
    ]);
    expect(ids(await search({ custName: mark, mobilePhone: '+971 55 123 4567' }))).toEqual([other.customerId]);
    expect(await search({ custName: `${mark} Khal`, method: 'exact' })).toEqual([]);
    expect(ids(await search({ custName: `mariam ${mark} khalil`, method: 'exact' }))).toEqual([made.customerId]);
    const row = (await search({ custName: mark })).find((found) => found.customerId === made.customerId);
    expect(row).toEqual(expect.objectContaining({ email: made.email, contacts: [], active: true }));
    expect(row).not.toHaveProperty('contactList');
  });

  it('filters by isCompany and active, and takes % and _ literally', async () => {
    const mark = uniqueName('flt').toLowerCase();
    const company = await customer({ custName: `${mark} 100% Tours`, isCompany: true });
    const person = await customer({ custName: `${mark} Person_One` });
    await t.db((sql) => sql`UPDATE customers SET active = false WHERE customer_id = ${person.customerId}`);
    const search = (filter: object) =>
      agent.api.ok<CustomerSummary[]>('/customer/search', { custName: mark, ...filter });
    expect((await search({ isCompany: true })).map((row) => row.customerId)).toEqual([company.customerId]);
    expect((await search({ active: false })).map((row) => row.customerId)).toEqual([person.customerId]);
    expect(await search({ active: true, isCompany: false })).toEqual([]);
    expect((await agent.api.ok<CustomerSummary[]>('/customer/search', { custName: `${mark} 100%` })).length).toBe(1);
    expect(await agent.api.ok('/customer/search', { custName: `${mark} 1_0%` })).toEqual([]);
    expect(await agent.api.ok('/customer/search', { custName: `${mark}%person` })).toEqual([]);
  });

  it('answers the first 50 rows by name, up to 200 with limit, never more', async () => {
    const mark = uniqueName('many').toLowerCase();
    await t.db(
      (sql) => sql`
        INSERT INTO customers (cust_name, email)
        SELECT ${mark} || ' ' || lpad(n::text, 3, '0'), ${mark} || n || '@example.com' FROM generate_series(1, 210) n`,
    );
    const page = await agent.api.ok<CustomerSummary[]>('/customer/search', { custName: mark });
    expect(page.map((row) => row.custName)).toEqual(
      Array.from({ length: 50 }, (_, i) => `${mark} ${String(i + 1).padStart(3, '0')}`),
    );
    const rows = await agent.api.ok<CustomerSummary[]>('/customer/search', { custName: mark, limit: 200 });
    expect(rows).toHaveLength(200);
    expect(rows[0]?.custName).toBe(`${mark} 001`);
    expect(rows[199]?.custName).toBe(`${mark} 200`);
    await agent.api.expectError('/customer/search', { custName: mark, limit: 201 }, 'INVALID_FORMAT', 'limit');
    await agent.api.expectError('/customer/search', { custName: mark, limit: 0 }, 'INVALID_FORMAT', 'limit');
  });

  it('refuses a method other than partial or exact, and a non-boolean filter', async () => {
    await agent.api.expectError('/customer/search', { method: 'fuzzy' }, 'INVALID_FORMAT', 'method');
    await agent.api.expectError('/customer/search', { active: 'no' }, 'INVALID_FORMAT', 'active');
  });
});

describe('/customer/companyLookup', () => {
  it('answers [name, customerId] of active companies without a parent, to anyone', async () => {
    const mark = uniqueName('co').toLowerCase();
    const company = await customer({ custName: `${mark} Desert Safaris`, isCompany: true });
    const child = await customer({ custName: `${mark} Desert Branch`, isCompany: true, parentId: company.customerId });
    const archived = await customer({ custName: `${mark} Desert Old`, isCompany: true });
    await customer({ custName: `${mark} Desert Person` });
    await t.db((sql) => sql`UPDATE customers SET active = false WHERE customer_id = ${archived.customerId}`);
    expect(child.parentId).toBe(company.customerId);
    const expected = [[`${mark} Desert Safaris`, company.customerId]];
    expect(await t.api.ok('/customer/companyLookup', { namepart: `${mark} DESERT` })).toEqual(expected);
    expect(await agent.api.ok('/customer/companyLookup', { namepart: `${mark} desert s` })).toEqual(expected);
    expect(await t.api.ok('/customer/companyLookup', { namepart: `${mark} nothing` })).toEqual([]);
    await t.api.expectError('/customer/companyLookup', {}, 'MISSING_PARAMETER', 'namepart');
    await t.api.expectError('/customer/companyLookup', { namepart: 7 }, 'INVALID_FORMAT', 'namepart');
  });
});
