// Migration 0022 on a tenant that already has orders and invoices: they carry no tax (net = total, tax 0, rate 0)
// and keep their totals; products are not exempt; the gross checks then hold for every new row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../test/support/database.js';
import { loadMigrations, migrate } from '../../platform/database/migrate.js';

let db: Awaited<ReturnType<typeof scratchDatabase>>;

beforeAll(async () => {
  db = await scratchDatabase('tc_sales_0022');
});
afterAll(() => db?.drop());

describe('migration 0022 on existing orders', () => {
  it('leaves earlier orders and invoices untaxed, with their totals', async () => {
    const all = await loadMigrations('tenant');
    await migrate(
      db.sql,
      all.filter((migration) => migration.version < '0022'),
    );
    const [order] = await db.sql<{ sales_order_id: number }[]>`
      INSERT INTO sales_orders (order_num, currency, total) VALUES ('T-SO-1', 'AED', 150.5) RETURNING sales_order_id`;
    if (!order) throw new Error('no order');
    await db.sql`
      INSERT INTO sales_order_lines (sales_order_id, line_no, product_id, variant_id, description, quantity, unit_price, total)
      VALUES (${order.sales_order_id}, 1, 7, 9, 'Aquaventure', 2, 75.25, 150.5)`;
    await db.sql`
      INSERT INTO invoices (invoice_number, sales_order_id, currency, total, issue_date)
      VALUES ('INV-T-1', ${order.sales_order_id}, 'AED', 150.5, '2026-01-02')`;

    await migrate(
      db.sql,
      all.filter((migration) => migration.version === '0022'),
    );
    expect(
      await db.sql`SELECT total::text, tax_rate_percent::text, tax_registration_number, reference FROM sales_orders`,
    ).toEqual([{ total: '150.500', tax_rate_percent: '0.00', tax_registration_number: null, reference: null }]);
    expect(await db.sql`SELECT quantity::text, net::text, tax::text, total::text FROM sales_order_lines`).toEqual([
      { quantity: '2.000', net: '150.500', tax: '0.000', total: '150.500' },
    ]);
    expect(await db.sql`SELECT net_total::text, tax_total::text, total::text FROM invoices`).toEqual([
      { net_total: '150.500', tax_total: '0.000', total: '150.500' },
    ]);
    // a line whose gross is not its net plus tax is refused
    await expect(
      db.sql`
        INSERT INTO sales_order_lines (sales_order_id, line_no, description, quantity, unit_price, total, net, tax)
        VALUES (${order.sales_order_id}, 2, 'Guide', 1, 100, 105, 100, 4)`,
    ).rejects.toMatchObject({ code: '23514' });
  });
});
