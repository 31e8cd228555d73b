// SQL of the customers table: the people and companies an agency sells to. The one place that reads or writes it
// (other areas go through customers.lookup.ts). A company's contacts are customers whose parent_id names it.
import { type Fragment, type Queryable, unprepared } from '../../platform/database/connections.js';

/** The few fields other areas see (customers.lookup.ts). */
export interface CustomerRow {
  customer_id: number;
  cust_name: string;
  email: string | null;
  mobile_phone: string | null;
}

/** Every field of the specification's Customer, with the names of its country and parent company. */
export interface FullCustomerRow extends CustomerRow {
  cust_code: string | null;
  full_name: string | null;
  org_type: string | null;
  phone: string | null;
  do_not_email: boolean;
  tax_number: string | null;
  website: string | null;
  street: string | null;
  street2: string | null;
  zip: string | null;
  city: string | null;
  country_id: number | null;
  country_name: string | null;
  is_company: boolean;
  is_customer: boolean;
  is_partner: boolean;
  active: boolean;
  supplier_rank: number;
  parent_id: number | null;
  parent_name: string | null;
  contact_medium: string | null;
  /** The ids of a company's contacts (customers whose parent it is), by id. */
  contacts: number[];
}

// The country's name comes from the common area's function (docs/tables.md), never from its table.
const fullColumns = (db: Queryable) => db`
  c.customer_id, c.cust_code, c.cust_name, c.full_name, c.org_type, c.email, c.mobile_phone, c.phone,
  c.do_not_email, c.tax_number, c.website, c.street, c.street2, c.zip, c.city, c.country_id,
  common_country_name(c.country_id) AS country_name, c.is_company, c.is_customer, c.is_partner, c.active,
  c.supplier_rank, c.parent_id, (SELECT p.cust_name FROM customers p WHERE p.customer_id = c.parent_id) AS parent_name,
  c.contact_medium,
  ARRAY(SELECT k.customer_id FROM customers k WHERE k.parent_id = c.customer_id ORDER BY k.customer_id) AS contacts`;

export async function selectActiveById(db: Queryable, customerId: number): Promise<CustomerRow | undefined> {
  const [row] = await db<CustomerRow[]>`
    SELECT customer_id, cust_name, email, mobile_phone FROM customers WHERE customer_id = ${customerId} AND active`;
  return row;
}

/** The oldest active customer of that e-mail address (case-insensitive). */
export async function selectActiveByEmail(db: Queryable, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db<CustomerRow[]>`
    SELECT customer_id, cust_name, email, mobile_phone FROM customers
    WHERE lower(email) = lower(${email}) AND active ORDER BY customer_id LIMIT 1`;
  return row;
}

/** Whether a customer of that id exists, active or not. */
export async function customerExists(db: Queryable, customerId: number): Promise<boolean> {
  const [row] = await db`SELECT 1 FROM customers WHERE customer_id = ${customerId}`;
  return row !== undefined;
}

/** A customer, active or not, with every field. */
export async function selectFullById(db: Queryable, customerId: number): Promise<FullCustomerRow | undefined> {
  const [row] = await db<
    FullCustomerRow[]
  >`SELECT ${fullColumns(db)} FROM customers c WHERE c.customer_id = ${customerId}`;
  return row;
}

/** A company's contacts (the customers whose parent it is), by id. */
export function selectContacts(db: Queryable, companyId: number): Promise<FullCustomerRow[]> {
  return db<FullCustomerRow[]>`
    SELECT ${fullColumns(db)} FROM customers c WHERE c.parent_id = ${companyId} ORDER BY c.customer_id`;
}

/** A filter value and whether the column must equal it (any case) or contain it. */
export interface TextFilter {
  /** Lower case; for a substring match the caller has escaped %, _ and \ (rules: likeEscaped). */
  value: string;
  match: 'contains' | 'equals';
}

export interface CustomerFilter {
  custName: TextFilter | null;
  email: TextFilter | null;
  mobilePhone: TextFilter | null;
  isCompany: boolean | null;
  active: boolean | null;
}

// A substring is matched with LIKE on the column's stored lower-case copy (name, e-mail: migration 0028), which the
// trigram indexes answer; a column with no copy (the mobile number) with ILIKE. Equality uses lower(…)'s index.
function textCondition(db: Queryable, column: TextColumn, filter: TextFilter | null) {
  if (filter === null) return db`true`;
  const pattern = `%${filter.value}%`;
  if (filter.match === 'equals') return db`${column.lower} = ${filter.value}`;
  return column.folded ? db`${column.folded} LIKE ${pattern}` : db`${column.raw} ILIKE ${pattern}`;
}

interface TextColumn {
  raw: Fragment;
  lower: Fragment;
  folded?: Fragment;
}

/**
 * Customers matching every filter given, by name then id, at most `limit`. A search by text is planned for its own
 * pattern (an unnamed statement): a surname a thirtieth of the customers share is answered by walking the name index
 * until the page is full (well under a millisecond at 100,000 customers), a part of one e-mail address by its
 * trigram index and a sort of the few matches. A prepared statement's generic plan cannot tell the two apart: it
 * once walked the name index through the whole table for an e-mail part matching 112 (165 ms), and matching every
 * row by trigrams first costs 2 ms for the common surname. The full columns' subqueries are computed for the
 * answered rows only (PostgreSQL evaluates them after the sort when there is a LIMIT).
 */
export function searchCustomers(db: Queryable, filter: CustomerFilter, limit: number): Promise<FullCustomerRow[]> {
  const name = { raw: db`c.cust_name`, lower: db`lower(c.cust_name)`, folded: db`c.name_folded` };
  const email = { raw: db`c.email`, lower: db`lower(c.email)`, folded: db`c.email_folded` };
  const mobile = { raw: db`c.mobile_phone`, lower: db`lower(c.mobile_phone)` };
  const query = db<FullCustomerRow[]>`
    SELECT ${fullColumns(db)} FROM customers c
    WHERE ${textCondition(db, name, filter.custName)}
      AND ${textCondition(db, email, filter.email)}
      AND ${textCondition(db, mobile, filter.mobilePhone)}
      AND (${filter.isCompany}::boolean IS NULL OR c.is_company = ${filter.isCompany})
      AND (${filter.active}::boolean IS NULL OR c.active = ${filter.active})
    ORDER BY c.cust_name, c.customer_id LIMIT ${limit}`;
  const byText = filter.custName !== null || filter.email !== null || filter.mobilePhone !== null;
  return byText ? unprepared(query) : query;
}

/** Active companies without a parent whose name contains `pattern` (escaped), any case: [name, id] pairs. */
export async function lookupCompanies(db: Queryable, pattern: string, limit: number): Promise<Array<[string, number]>> {
  const rows = await db<{ cust_name: string; customer_id: number }[]>`
    SELECT cust_name, customer_id FROM customers
    WHERE is_company AND active AND parent_id IS NULL AND name_folded LIKE ${`%${pattern}%`}
    ORDER BY cust_name, customer_id
    LIMIT ${limit}`;
  return rows.map((row) => [row.cust_name, row.customer_id]);
}

/** A company may have contacts: it exists, and whether it is a company. Locked, so it cannot change meanwhile. */
export async function lockParent(db: Queryable, customerId: number): Promise<{ is_company: boolean } | undefined> {
  const [row] = await db<{ is_company: boolean }[]>`
    SELECT is_company FROM customers WHERE customer_id = ${customerId} AND active FOR SHARE`;
  return row;
}

export async function countryExists(db: Queryable, countryId: number): Promise<boolean> {
  const [row] = await db<{ found: boolean }[]>`SELECT common_country_name(${countryId}::int) IS NOT NULL AS found`;
  return row?.found ?? false;
}

export interface NewCustomerRow {
  name: string;
  email: string;
  mobilePhone: string | null;
  userId: number | null;
  phone?: string | null;
  street?: string | null;
  street2?: string | null;
  zip?: string | null;
  city?: string | null;
  countryId?: number | null;
  taxNumber?: string | null;
  isCompany?: boolean;
  parentId?: number | null;
}

/**
 * Inserts an active customer unless an active one already has the e-mail (the unique index of 0018, any case):
 * then no row, even when a concurrent insert took it a moment ago (ON CONFLICT waits for it).
 */
export async function insertCustomerUnlessTaken(db: Queryable, customer: NewCustomerRow): Promise<number | undefined> {
  const [row] = await db<{ customer_id: number }[]>`
    INSERT INTO customers (cust_name, email, mobile_phone, user_id, phone, street, street2, zip, city, country_id,
                           tax_number, is_company, parent_id)
    VALUES (${customer.name}, ${customer.email}, ${customer.mobilePhone}, ${customer.userId},
            ${customer.phone ?? null}, ${customer.street ?? null}, ${customer.street2 ?? null}, ${customer.zip ?? null},
            ${customer.city ?? null}, ${customer.countryId ?? null}, ${customer.taxNumber ?? null},
            ${customer.isCompany ?? false}, ${customer.parentId ?? null})
    ON CONFLICT (lower(email)) WHERE active AND NOT email_duplicate DO NOTHING
    RETURNING customer_id`;
  return row?.customer_id;
}

/** What a document addressed to the customer prints: its address and tax number, archived or not. */
export interface CustomerAddressRow {
  street: string | null;
  street2: string | null;
  zip: string | null;
  city: string | null;
  country_name: string | null;
  tax_number: string | null;
}

export async function selectAddress(db: Queryable, customerId: number): Promise<CustomerAddressRow | undefined> {
  const [row] = await db<CustomerAddressRow[]>`
    SELECT street, street2, zip, city, common_country_name(country_id) AS country_name, tax_number
    FROM customers WHERE customer_id = ${customerId}`;
  return row;
}
