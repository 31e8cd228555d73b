// Customers as other areas see them: camelCase, found by id or e-mail, created at checkout when new. Each takes
// the caller's handle, so it runs in the caller's transaction.
import type { Queryable } from '../../platform/database/connections.js';
import * as repo from './customers.repository.js';

export interface Customer {
  customerId: number;
  custName: string;
  email: string | null;
  mobilePhone: string | null;
}

export interface NewCustomer {
  email: string;
  custName: string;
  mobilePhone: string | null;
  /** The user the customer record belongs to, when a logged-in user creates it. */
  userId: number | null;
}

const toCustomer = (row: repo.CustomerRow): Customer => ({
  customerId: row.customer_id,
  custName: row.cust_name,
  email: row.email,
  mobilePhone: row.mobile_phone,
});

/** The active customer of that id, if any. */
export async function findById(db: Queryable, customerId: number): Promise<Customer | undefined> {
  const row = await repo.selectActiveById(db, customerId);
  return row && toCustomer(row);
}

/** A customer as a document addresses it: the address as lines, and the tax number. */
export interface CustomerAddress {
  /** Street, second line, postal code and city, country; null when none is known. */
  address: string | null;
  taxNumber: string | null;
}

/** The address and tax number of the customer of that id (archived too: its documents still name it). */
export async function addressOf(db: Queryable, customerId: number): Promise<CustomerAddress | undefined> {
  const row = await repo.selectAddress(db, customerId);
  if (!row) return undefined;
  const cityLine = [row.zip, row.city].filter(Boolean).join(' ');
  const lines = [row.street, row.street2, cityLine, row.country_name].filter((line) => line);
  return { address: lines.length > 0 ? lines.join('\n') : null, taxNumber: row.tax_number };
}

/** The oldest active customer of that e-mail address (case-insensitive), if any. */
export async function findByEmail(db: Queryable, email: string): Promise<Customer | undefined> {
  const row = await repo.selectActiveByEmail(db, email);
  return row && toCustomer(row);
}

/**
 * The active customer of that e-mail address, created when there is none (an existing one is not changed). Two
 * checkouts of one new address at once get the same record: the second insert finds the address taken (the unique
 * index) and reads the first one's row.
 */
export async function findOrCreateByEmail(db: Queryable, customer: NewCustomer): Promise<Customer> {
  const found = await repo.selectActiveByEmail(db, customer.email);
  if (found) return toCustomer(found);
  const inserted = await repo.insertCustomerUnlessTaken(db, {
    name: customer.custName,
    email: customer.email,
    mobilePhone: customer.mobilePhone,
    userId: customer.userId,
  });
  const row = await (inserted === undefined
    ? repo.selectActiveByEmail(db, customer.email)
    : repo.selectActiveById(db, inserted));
  if (!row) throw new Error(`customer of ${customer.email} neither inserted nor found`);
  return toCustomer(row);
}
