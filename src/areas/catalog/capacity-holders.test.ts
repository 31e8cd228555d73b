// Holders of capacity holds in typed columns (db/tenant/0011_capacity_hold_holders.sql): holds that named their cart
// item in a `cart:<cart>:<item>` reference are migrated to it, and the cart's version follows them by the typed
// holder; the catalog's database function refuses a hold that names no holder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../test/support/database.js';
import { loadMigrations, migrate } from '../../platform/database/migrate.js';

const HOLDERS = '0011';

describe('capacity holds name their holder in typed columns', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  let cartId: string;

  beforeAll(async () => {
    db = await scratchDatabase('tc_holders');
    const migrations = await loadMigrations('tenant');
    await migrate(
      db.sql,
      migrations.filter((m) => m.version < HOLDERS),
    );
    // Holds as the string references left them; slots are not the point here (no foreign keys checked).
    await db.sql.begin(async (tx) => {
      await tx`SET LOCAL session_replication_role = replica`;
      const [cart] = await tx<{ cart_id: string }[]>`
        INSERT INTO carts (currency) VALUES ('AED') RETURNING cart_id::text`;
      cartId = cart?.cart_id ?? '';
      await tx`
        INSERT INTO capacity_holds (slot_id, quantity, reference, expires_at) VALUES
          (1, 2, ${`cart:${cartId}:3`}, now() + interval '30 minutes'),
          (1, 1, 'booking-7', now() + interval '30 minutes')`;
    });
    await migrate(db.sql, migrations);
  });
  afterAll(() => db.drop());

  const versionOf = async () => {
    const [cart] = await db.sql<{ version: string }[]>`SELECT version FROM carts WHERE cart_id = ${cartId}`;
    return BigInt(cart?.version ?? -1);
  };

  it('migrates a cart reference to the cart and item it named, and keeps other references', async () => {
    const rows = await db.sql`
      SELECT holder_kind, cart_id::text, item_id, reference FROM capacity_holds ORDER BY hold_id`;
    expect(rows).toEqual([
      { holder_kind: 'CART_ITEM', cart_id: cartId, item_id: 3, reference: null },
      { holder_kind: 'REFERENCE', cart_id: null, item_id: null, reference: 'booking-7' },
    ]);
  });

  it("bumps the cart's version when its migrated hold changes, and not for another holder's", async () => {
    const before = await versionOf();
    await db.sql`UPDATE capacity_holds SET status = 'RELEASED' WHERE reference = 'booking-7'`;
    expect(await versionOf()).toBe(before);
    await db.sql`UPDATE capacity_holds SET status = 'RELEASED' WHERE cart_id = ${cartId} AND item_id = 3`;
    expect(await versionOf()).toBe(before + 1n);
  });

  it('catalog_hold_seats records the holder it is given and refuses a hold that names none', async () => {
    await db.sql.begin(async (tx) => {
      await tx`SET LOCAL session_replication_role = replica`;
      await tx`
        INSERT INTO inventory_slots (servid, slot_date, start_time, capacity) VALUES (1, '2030-01-02', '', 4)`;
    });
    const hold = (holder: string) =>
      db.sql.unsafe(`
        SELECT hold_id::text, slot_id FROM catalog_hold_seats(1, '2030-01-02', '', 1, now() + interval '1 hour', now()
          ${holder})`);
    const [held] = await hold(`, cart_id => '${cartId}', item_id => 4`);
    expect(held).toEqual({ hold_id: expect.any(String), slot_id: expect.any(Number) });
    const [row] = await db.sql`
      SELECT holder_kind, cart_id::text, item_id FROM capacity_holds WHERE hold_id = ${held?.hold_id ?? ''}`;
    expect(row).toEqual({ holder_kind: 'CART_ITEM', cart_id: cartId, item_id: 4 });
    await expect(hold('')).rejects.toThrow(/capacity_holds_holder/);
    await expect(hold(`, item_id => 4, reference => 'x'`)).rejects.toThrow(/capacity_holds_holder/);
    // Four seats, one held by the cart: three more holds of one seat each, then a refusal (no row).
    for (const reference of ['second', 'third', 'fourth']) {
      expect(await hold(`, reference => '${reference}'`)).toHaveLength(1);
    }
    expect(await hold(`, reference => 'fifth'`)).toHaveLength(0);
  });
});
