// SQL of the customers table: the people and companies an agency sells to.
import type { Queryable } from '../../platform/database/connections.js';

export interface CustomerRow {
  customer_id: number;
  cust_name: string;
  email: string | null;
  mobile_phone: string | null;
}

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

export async function insertCustomer(
  db: Queryable,
  customer: { name: string; email: string; mobilePhone: string | null; userId: number | null },
): Promise<CustomerRow> {
  const [row] = await db<CustomerRow[]>`
    INSERT INTO customers (cust_name, email, mobile_phone, user_id)
    VALUES (${customer.name}, ${customer.email}, ${customer.mobilePhone}, ${customer.userId})
    RETURNING customer_id, cust_name, email, mobile_phone`;
  if (!row) throw new Error('customer insert returned no row');
  return row;
}
