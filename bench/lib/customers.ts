// The customers scenario's data: `count` customers of one tenant in one INSERT … SELECT generate_series, with
// names and addresses varied as a real agency's are (30 first names × 30 surnames, three mail domains, a company
// every 25th row, UAE mobile numbers), each e-mail unique as the unique index wants. Then ANALYZE, so the planner
// knows the table as it would after a day of autovacuum.
import type { Sql } from '../../src/platform/database/connections.js';

const FIRST_NAMES = [
  'Layla',
  'Omar',
  'Mariam',
  'Ahmed',
  'Fatima',
  'Yusuf',
  'Aisha',
  'Khalid',
  'Noor',
  'Hassan',
  'Sara',
  'Ali',
  'Huda',
  'Rashid',
  'Amira',
  'John',
  'Emma',
  'Liam',
  'Olivia',
  'Ravi',
  'Priya',
  'Chen',
  'Mei',
  'Ivan',
  'Olga',
  'Lucas',
  'Sofia',
  'Mateo',
  'Hana',
  'Kenji',
];
const SURNAMES = [
  'Haddad',
  'Khalil',
  'Mansour',
  'Nasser',
  'Saleh',
  'Farouk',
  'Aziz',
  'Hamdan',
  'Qasim',
  'Rahman',
  'Smith',
  'Jones',
  'Brown',
  'Taylor',
  'Wilson',
  'Patel',
  'Sharma',
  'Kumar',
  'Wang',
  'Li',
  'Ivanov',
  'Petrova',
  'Garcia',
  'Martinez',
  'Rossi',
  'Muller',
  'Dubois',
  'Tanaka',
  'Sato',
  'Kim',
];
const DOMAINS = ['example.com', 'mail.example', 'inbox.example'];

/** Inserts the customers; answers the id of the one in the middle (the baseline's primary-key read). */
export async function seedCustomers(sql: Sql, count: number): Promise<{ middleId: number }> {
  await sql`
    INSERT INTO customers (cust_name, email, mobile_phone, city, country_id, is_company)
    SELECT CASE WHEN n % 25 = 0 THEN s || ' Travel LLC' ELSE f || ' ' || s END,
           lower(f) || '.' || lower(s) || n || '@' || d,
           '+9715' || lpad(((n::bigint * 7919) % 100000000)::text, 8, '0'),
           'Dubai', 784, n % 25 = 0
    FROM generate_series(1, ${count}::int) n
    CROSS JOIN LATERAL (
      SELECT (${FIRST_NAMES}::text[])[1 + n % 30] AS f,
             (${SURNAMES}::text[])[1 + (n / 30) % 30] AS s,
             (${DOMAINS}::text[])[1 + n % 3] AS d
    ) picked`;
  // VACUUM, not only ANALYZE: rows inserted after a GIN index sit in its pending list, read linearly by every
  // search until a vacuum (autovacuum, on a live table) merges them; a table of 100,000 customers has long had one.
  await sql`VACUUM ANALYZE customers`;
  const [middle] = await sql<{ customer_id: number }[]>`
    SELECT customer_id FROM customers ORDER BY customer_id OFFSET ${Math.floor(count / 2)} LIMIT 1`;
  if (!middle) throw new Error('no customers were inserted');
  return { middleId: middle.customer_id };
}
