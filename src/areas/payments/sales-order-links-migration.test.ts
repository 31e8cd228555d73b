// Migration 0045 on a tenant with orders of every payment state: each order's link moves to payment_links (kind
// sales-order, named by the order number) with its gateway order, page, amount and token hash, its status from the
// order's; an order made before tokens gets a hash nobody holds; an order without a link moves nothing; the
// order's link columns and processing_error go, payment_expires_at stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../test/support/database.js';
import { loadMigrations, migrate } from '../../platform/database/migrate.js';

let db: Awaited<ReturnType<typeof scratchDatabase>>;

beforeAll(async () => {
  db = await scratchDatabase('tc_sales_order_links_0045');
});
afterAll(() => db?.drop());

const at = new Date('2026-05-01T10:00:00Z');
const until = new Date('2026-05-01T10:30:00Z');

/** An order with (or without, ref null) a link in the former columns. */
async function order(num: string, status: string, payment: string, ref: string | null, token: string | null) {
  const [row] = await db.sql<{ sales_order_id: number }[]>`
    INSERT INTO sales_orders (order_num, currency, total, status, payment_status, payment_ref, payment_url,
                              payment_expires_at, callback_token_hash, user_id, created_at, updated_at)
    VALUES (${num}, 'AED', 75, ${status}, ${payment}, ${ref}, ${ref && `https://pay/${ref}`}, ${until},
            ${token && Buffer.from(token)}, 3, ${at}, ${until})
    RETURNING sales_order_id`;
  return row?.sales_order_id;
}

describe('migration 0045 on orders with links', () => {
  it("moves each order's link with its status, and drops the order's link columns", async () => {
    const all = await loadMigrations('tenant');
    await migrate(
      db.sql,
      all.filter((migration) => migration.version < '0045'),
    );
    const ids = {
      paid: await order('TC-1', 'COMPLETED', 'PAID', 'ORD-1', 't1'),
      notFulfilled: await order('TC-2', 'PAID_NOT_FULFILLED', 'PAID', 'ORD-2', 't2'),
      pending: await order('TC-3', 'OPEN', 'PENDING', 'ORD-3', 't3'),
      unrecorded: await order('TC-4', 'OPEN', 'PAID', 'ORD-4', 't4'),
      declined: await order('TC-5', 'OPEN', 'DECLINED', 'ORD-5', 't5'),
      cancelled: await order('TC-6', 'CANCELLED', 'CANCELLED_PAYMENT', 'ORD-6', 't6'),
      expired: await order('TC-7', 'CANCELLED', 'EXPIRED', 'ORD-7', null),
      invoiced: await order('TC-8', 'OPEN', 'UNPAID', null, null),
    };
    await migrate(
      db.sql,
      all.filter((migration) => migration.version === '0045'),
    );
    const moved = await db.sql`
      SELECT owner_kind, owner_id, link_reference, gateway_order_ref, payment_url, amount::text AS amount, currency,
             status, callback_token_hash, expires_at, created_at, created_by, settled_at
      FROM payment_links ORDER BY link_id`;
    const link = (id: number | undefined, n: number, status: string, token: string | null) => ({
      owner_kind: 'sales-order',
      owner_id: id,
      link_reference: `TC-${n}`,
      gateway_order_ref: `ORD-${n}`,
      payment_url: `https://pay/ORD-${n}`,
      amount: '75.000',
      currency: 'AED',
      status,
      callback_token_hash: token === null ? expect.any(Buffer) : Buffer.from(token),
      expires_at: until,
      created_at: at,
      created_by: 3,
      settled_at: status === 'ACTIVE' ? null : until,
    });
    expect(moved).toEqual([
      link(ids.paid, 1, 'PAID', 't1'),
      link(ids.notFulfilled, 2, 'PAID', 't2'),
      link(ids.pending, 3, 'ACTIVE', 't3'),
      link(ids.unrecorded, 4, 'ACTIVE', 't4'),
      link(ids.declined, 5, 'DECLINED', 't5'),
      link(ids.cancelled, 6, 'CANCELLED', 't6'),
      link(ids.expired, 7, 'EXPIRED', null),
    ]);
    // the pre-token order's hash is a SHA-256 of something random, not of an empty or known token
    expect((moved[6]?.callback_token_hash as Buffer | undefined)?.length).toBe(32);
    const columns = await db.sql<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns
      WHERE table_name = 'sales_orders'
        AND column_name IN ('payment_ref', 'payment_url', 'callback_token_hash', 'processing_error', 'payment_expires_at')`;
    expect(columns.map((column) => column.column_name)).toEqual(['payment_expires_at']);
  });
});
