// SQL of carts and their items. Plain rows out.
import type { Queryable } from '../../platform/database/connections.js';

export interface CartRow {
  cart_id: string;
  session_id: string | null;
  user_id: number | null;
  persistent: boolean;
  currency: string;
  payment_ref: string | null;
  payment_url: string | null;
  order_num: string | null;
}

export interface ItemRow {
  item_id: number;
  cart_item_id: string | null;
  product_id: number;
  product_template_id: number | null;
  variant_id: number;
  unit_id: number;
  unit_name: string;
  description: string;
  unit_price: string;
  quantity: number;
  is_child: boolean;
  is_infant: boolean;
  book_date: string | null;
  time_slot: string;
  start_time: string | null;
  ext_attr: string | null;
  pickup_location: string | null;
  service_location: string | null;
  xfer_type: string | null;
  ppc: string | null;
  resv_name: string | null;
  hold_id: string | null;
  parent_item_id: number | null;
  /** The hold still keeps its seats at the time asked. */
  held: boolean;
  hold_expires_at: Date | null;
}

const CART_COLUMNS = [
  'cart_id',
  'session_id',
  'user_id',
  'persistent',
  'currency',
  'payment_ref',
  'payment_url',
  'order_num',
];

/** The active cart of a session (transient) or of a user (persistent); locked when `forUpdate`. */
export async function findActiveCart(
  db: Queryable,
  owner: { sessionId: string | null; userId: number | null },
  forUpdate: boolean,
): Promise<CartRow | undefined> {
  const lock = forUpdate ? db`FOR UPDATE` : db``;
  if (owner.sessionId !== null) {
    const [bySession] = await db<CartRow[]>`
      SELECT ${db(CART_COLUMNS)} FROM carts
      WHERE session_id = ${owner.sessionId} AND status = 'ACTIVE' AND NOT persistent ${lock}`;
    if (bySession) return bySession;
  }
  if (owner.userId === null) return undefined;
  const [byUser] = await db<CartRow[]>`
    SELECT ${db(CART_COLUMNS)} FROM carts
    WHERE user_id = ${owner.userId} AND status = 'ACTIVE' AND persistent ${lock}`;
  return byUser;
}

export async function insertCart(
  db: Queryable,
  cart: { sessionId: string | null; userId: number | null; persistent: boolean; currency: string; now: Date },
): Promise<CartRow> {
  const [row] = await db<CartRow[]>`
    INSERT INTO carts (session_id, user_id, persistent, currency, created_at, updated_at)
    VALUES (${cart.sessionId}, ${cart.userId}, ${cart.persistent}, ${cart.currency}, ${cart.now}, ${cart.now})
    ON CONFLICT DO NOTHING
    RETURNING ${db(CART_COLUMNS)}`;
  if (row) return row;
  // A concurrent request of the same session created it first.
  const existing = await findActiveCart(db, cart.persistent ? { sessionId: null, userId: cart.userId } : cart, false);
  if (!existing) throw new Error('cart neither inserted nor found');
  return existing;
}

export async function markCart(db: Queryable, cartId: string, status: 'DELETED' | 'ORDERED', now: Date): Promise<void> {
  await db`UPDATE carts SET status = ${status}, updated_at = ${now} WHERE cart_id = ${cartId}`;
}

export function selectItems(db: Queryable, cartId: string, now: Date): Promise<ItemRow[]> {
  return db<ItemRow[]>`
    SELECT i.*, i.book_date::text AS book_date, i.hold_id::text AS hold_id,
           COALESCE(h.status = 'HELD' AND h.expires_at > ${now}, false) AS held, h.expires_at AS hold_expires_at
    FROM cart_items i LEFT JOIN capacity_holds h ON h.hold_id = i.hold_id
    WHERE i.cart_id = ${cartId}
    ORDER BY i.item_id`;
}

export async function nextItemId(db: Queryable, cartId: string): Promise<number> {
  const [row] = await db<
    { next: number }[]
  >`SELECT COALESCE(max(item_id) + 1, 0)::int AS next FROM cart_items WHERE cart_id = ${cartId}`;
  return row?.next ?? 0;
}

export type ItemColumns = Record<string, string | number | boolean | null>;

export async function insertItem(db: Queryable, columns: ItemColumns): Promise<void> {
  await db`INSERT INTO cart_items ${db(columns)}`;
}

export async function updateItemQuantity(
  db: Queryable,
  cartId: string,
  itemId: number,
  quantity: number,
  holdId: string | null,
): Promise<void> {
  await db`UPDATE cart_items SET quantity = ${quantity}, hold_id = ${holdId} WHERE cart_id = ${cartId} AND item_id = ${itemId}`;
}

export async function deleteItems(db: Queryable, cartId: string, itemIds: number[]): Promise<void> {
  await db`DELETE FROM cart_items WHERE cart_id = ${cartId} AND item_id = ANY (${itemIds}::int[])`;
}

/** Moves every item of one cart to another, numbering them after the target's own items. */
export async function moveItems(db: Queryable, fromCartId: string, toCartId: string): Promise<void> {
  await db`
    UPDATE cart_items SET
      cart_id = ${toCartId},
      item_id = item_id + (SELECT COALESCE(max(item_id) + 1, 0) FROM cart_items WHERE cart_id = ${toCartId}),
      parent_item_id = parent_item_id + (SELECT COALESCE(max(item_id) + 1, 0) FROM cart_items WHERE cart_id = ${toCartId})
    WHERE cart_id = ${fromCartId}`;
}

export async function setCartPayment(
  db: Queryable,
  cartId: string,
  payment: { orderNum: string; paymentRef: string | null; paymentUrl: string | null; now: Date },
): Promise<void> {
  await db`
    UPDATE carts SET order_num = ${payment.orderNum}, payment_ref = ${payment.paymentRef}, payment_url = ${payment.paymentUrl},
                     updated_at = ${payment.now}
    WHERE cart_id = ${cartId}`;
}
