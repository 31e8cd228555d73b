// Migration 0018 on a tenant that already holds customers sharing an e-mail address (two checkouts racing could
// make them): it must not fail; the oldest active customer of each address keeps it, the later active ones are
// flagged and stay as they are, and the unique index then refuses a new active duplicate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../test/support/database.js';
import { loadMigrations, migrate } from '../../platform/database/migrate.js';

let db: Awaited<ReturnType<typeof scratchDatabase>>;

beforeAll(async () => {
  db = await scratchDatabase('tc_customers_0018');
});
afterAll(() => db?.drop());

describe('migration 0018 on existing customers', () => {
  it('keeps duplicates of an e-mail, flags all but the oldest active one, then refuses new ones', async () => {
    const all = await loadMigrations('tenant');
    await migrate(
      db.sql,
      all.filter((migration) => migration.version < '0018'),
    );
    const [archived, oldest, later, latest, other] = await db.sql<{ customer_id: number }[]>`
      INSERT INTO customers (cust_name, email, active)
      VALUES ('Archived', 'sam@example.com', false), ('Sam', 'sam@example.com', true), ('Sam B', 'SAM@example.com', true),
             ('Sam C', 'Sam@Example.com', true), ('Lea', 'lea@example.com', true)
      RETURNING customer_id`;
    await migrate(
      db.sql,
      all.filter((migration) => migration.version === '0018'),
    );
    const rows = await db.sql<{ customer_id: number; active: boolean; email_duplicate: boolean }[]>`
      SELECT customer_id, active, email_duplicate FROM customers ORDER BY customer_id`;
    expect(rows).toEqual([
      { customer_id: archived?.customer_id, active: false, email_duplicate: false },
      { customer_id: oldest?.customer_id, active: true, email_duplicate: false },
      { customer_id: later?.customer_id, active: true, email_duplicate: true },
      { customer_id: latest?.customer_id, active: true, email_duplicate: true },
      { customer_id: other?.customer_id, active: true, email_duplicate: false },
    ]);
    await expect(
      db.sql`INSERT INTO customers (cust_name, email) VALUES ('Sam again', 'SAM@EXAMPLE.COM')`,
    ).rejects.toMatchObject({ code: '23505' });
    await db.sql`INSERT INTO customers (cust_name, email) VALUES ('Someone new', 'new@example.com')`;
  });
});
