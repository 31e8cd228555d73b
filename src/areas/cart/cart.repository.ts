// SQL of carts and their items. Plain rows out.
import type postgres from 'postgres';
import type { Fragment, Queryable } from '../../platform/database/connections.js';
import type { SeatsToHold } from '../catalog/index.js';

export interface CartRow {
  cart_id: string;
  session_id: string | null;
  user_id: number | null;
  persistent: boolean;
  currency: string;
  payment_ref: string | null;
  payment_url: string | null;
  order_num: string | null;
  /** The cart's number (unique per tenant): what /blm/cart/addToBooking takes as cartId. */
  cart_number: number;
  /** Bumped by the database on every change of the cart, its items or their holds (bigint as text). */
  version: string;
}

/** What a line of a cart says, as stored. */
export interface LineColumns {
  cart_item_id: string | null;
  /** Null on a flight line, which names no product, variant or unit (and holds no seats). */
  product_id: number | null;
  product_template_id: number | null;
  variant_id: number | null;
  unit_id: number | null;
  unit_name: string;
  description: string;
  /** Decimal text. */
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
  parent_item_id: number | null;
  /** A flight line's offer as priced when it was added (FlightLineOffer); null on a product's line. */
  flight_offer: unknown;
  /** A ticket-supplier line's product, variant, day and reservation (SupplierTicketLine); null on others. */
  supplier_ticket: unknown;
  /** Until when a ticket-supplier line's reservation is kept for the cart. */
  supplier_held_until: Date | null;
}

export interface ItemRow extends LineColumns {
  item_id: number;
  hold_id: string | null;
  /** The hold still keeps its seats at the time asked. */
  held: boolean;
}

const CART_COLUMNS = [
  'cart_id',
  'version',
  'session_id',
  'user_id',
  'persistent',
  'currency',
  'payment_ref',
  'payment_url',
  'order_num',
  'cart_number',
];

/** Whose cart: a session's transient cart, else the user's persistent one. */
export interface CartOwner {
  sessionId: string | null;
  userId: number | null;
}

/**
 * The condition on `carts` that finds the owner's active cart: the session's transient cart, else the user's
 * persistent one. A guest's (or a token's without a session row) is one index lookup. The same conditions as
 * OWNER_KINDS below, as a fragment for statements composed of fragments (an add).
 */
function ownerCart(db: Queryable, owner: CartOwner): Fragment {
  if (owner.userId === null) {
    return db`carts.session_id = ${owner.sessionId}::bigint AND carts.status = 'ACTIVE' AND NOT carts.persistent`;
  }
  if (owner.sessionId === null) {
    return db`carts.user_id = ${owner.userId}::int AND carts.status = 'ACTIVE' AND carts.persistent`;
  }
  return db`carts.status = 'ACTIVE' AND carts.cart_id = COALESCE(
    (SELECT s.cart_id FROM carts s WHERE s.session_id = ${owner.sessionId}::bigint AND s.status = 'ACTIVE' AND NOT s.persistent),
    (SELECT u.cart_id FROM carts u WHERE u.user_id = ${owner.userId}::int AND u.status = 'ACTIVE' AND u.persistent))`;
}

/** An item of a loaded cart, with its hold's expiry while it keeps its seats (null once it ended). */
export type LoadedItem = ItemRow & { hold_expires_at: Date | null };

/**
 * The statements every cart load runs are static text, built once per process and prepared once per connection:
 * a tagged template with fragments is rebuilt on every call, which cost a load as much CPU as the query itself.
 * Values are bound parameters all the same. One statement per kind of owner, each finding the cart by one index.
 */
const OWNER_KINDS = {
  session: {
    where: `carts.session_id = $1::bigint AND carts.status = 'ACTIVE' AND NOT carts.persistent`,
    params: (owner: CartOwner) => [owner.sessionId],
  },
  user: {
    where: `carts.user_id = $1::int AND carts.status = 'ACTIVE' AND carts.persistent`,
    params: (owner: CartOwner) => [owner.userId],
  },
  either: {
    where: `carts.status = 'ACTIVE' AND carts.cart_id = COALESCE(
      (SELECT s.cart_id FROM carts s WHERE s.session_id = $1::bigint AND s.status = 'ACTIVE' AND NOT s.persistent),
      (SELECT u.cart_id FROM carts u WHERE u.user_id = $2::int AND u.status = 'ACTIVE' AND u.persistent))`,
    params: (owner: CartOwner) => [owner.sessionId, owner.userId],
  },
} as const;

type OwnerKind = keyof typeof OWNER_KINDS;

const ownerKind = (owner: CartOwner): OwnerKind =>
  owner.userId === null ? 'session' : owner.sessionId === null ? 'user' : 'either';

/** One statement per kind of owner: `text` gets the owner's condition and the number of the next parameter. */
const perOwnerKind = (text: (where: string, next: number) => string): Record<OwnerKind, string> => ({
  session: text(OWNER_KINDS.session.where, 2),
  user: text(OWNER_KINDS.user.where, 2),
  either: text(OWNER_KINDS.either.where, 3),
});

/** Runs the owner's kind of a per-owner statement, the owner's parameters first. */
function runForOwner<T extends object>(
  db: Queryable,
  statements: Record<OwnerKind, string>,
  owner: CartOwner,
  more: unknown[] = [],
  lock = '',
): Promise<T[]> {
  const kind = ownerKind(owner);
  const params = [...OWNER_KINDS[kind].params(owner), ...more] as postgres.ParameterOrJSON<never>[];
  return db.unsafe<T[]>(`${statements[kind]}${lock}`, params, { prepare: true });
}

const CART_SELECT = CART_COLUMNS.map((column) => `carts.${column}`).join(', ');

/**
 * The columns of an ItemRow from cart_items `i` and its hold's state `h` (the catalog's view catalog_hold_states,
 * a plain view: the join costs what a join of the holds' table costs); `$now` is the parameter of the time asked.
 */
const itemSelect = (now: string) => `
  i.item_id, i.cart_item_id, i.product_id, i.product_template_id, i.variant_id, i.unit_id, i.unit_name,
  i.description, i.unit_price, i.quantity, i.is_child, i.is_infant, i.book_date::text AS book_date, i.time_slot,
  i.start_time, i.ext_attr, i.pickup_location, i.service_location, i.xfer_type, i.ppc, i.resv_name,
  i.hold_id::text AS hold_id, i.parent_item_id, i.flight_offer, i.supplier_ticket, i.supplier_held_until,
  CASE WHEN i.supplier_ticket IS NULL THEN COALESCE(h.held_until > ${now}, false)
       ELSE i.supplier_released_at IS NULL AND i.supplier_held_until > ${now} END AS held`;

const LOAD_CART = perOwnerKind(
  (where, next) => `
    SELECT ${CART_SELECT}, ${itemSelect(`$${next}`)}, h.held_until AS hold_expires_at
    FROM carts
    LEFT JOIN cart_items i ON i.cart_id = carts.cart_id
    LEFT JOIN catalog_hold_states h ON h.hold_id = i.hold_id
    WHERE ${where}
    ORDER BY i.item_id`,
);

const FIND_CART = perOwnerKind((where) => `SELECT ${CART_COLUMNS.join(', ')} FROM carts WHERE ${where}`);

const CART_VERSION = perOwnerKind((where) => `SELECT cart_id, version FROM carts WHERE ${where}`);

/** The active cart of a session (transient) or of a user (persistent). */
export async function findActiveCart(db: Queryable, owner: CartOwner): Promise<CartRow | undefined> {
  const [row] = await runForOwner<CartRow>(db, FIND_CART, owner);
  return row;
}

/** The active cart of a session (transient) or of a user (persistent), its row locked for the transaction. */
export async function lockActiveCart(db: Queryable, owner: CartOwner): Promise<CartRow | undefined> {
  const [row] = await runForOwner<CartRow>(db, FIND_CART, owner, [], ' FOR UPDATE');
  return row;
}

/** The owner's active cart's id and version: one small row, to tell whether a kept view still holds. */
export async function cartVersion(
  db: Queryable,
  owner: CartOwner,
): Promise<{ cart_id: string; version: string } | undefined> {
  const [row] = await runForOwner<{ cart_id: string; version: string }>(db, CART_VERSION, owner);
  return row;
}

/** The owner's active cart with its items (in order), in one round trip. */
export async function loadCart(
  db: Queryable,
  owner: CartOwner,
  now: Date,
): Promise<{ cart: CartRow; items: LoadedItem[] } | undefined> {
  const rows = await runForOwner<CartRow & Omit<LoadedItem, 'item_id'> & { item_id: number | null }>(
    db,
    LOAD_CART,
    owner,
    [now],
  );
  const [first] = rows;
  if (!first) return undefined;
  const cart: CartRow = {
    cart_id: first.cart_id,
    session_id: first.session_id,
    user_id: first.user_id,
    persistent: first.persistent,
    currency: first.currency,
    payment_ref: first.payment_ref,
    payment_url: first.payment_url,
    order_num: first.order_num,
    cart_number: first.cart_number,
    version: first.version,
  };
  // An empty cart comes as one row without an item; the rows of items carry the cart's columns too (unread).
  const items = first.item_id === null ? [] : (rows as LoadedItem[]);
  return { cart, items };
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
  const existing = await findActiveCart(db, cart.persistent ? { sessionId: null, userId: cart.userId } : cart);
  if (!existing) throw new Error('cart neither inserted nor found');
  return existing;
}

export async function markCart(db: Queryable, cartId: string, status: 'DELETED' | 'ORDERED', now: Date): Promise<void> {
  await db`UPDATE carts SET status = ${status}, updated_at = ${now} WHERE cart_id = ${cartId}`;
}

const SELECT_ITEMS = `
  SELECT ${itemSelect('$2')}
  FROM cart_items i LEFT JOIN catalog_hold_states h ON h.hold_id = i.hold_id
  WHERE i.cart_id = $1
  ORDER BY i.item_id`;

export function selectItems(db: Queryable, cartId: string, now: Date): Promise<ItemRow[]> {
  return db.unsafe<ItemRow[]>(SELECT_ITEMS, [cartId, now], { prepare: true });
}

/** A new line of a cart as the service decided it; its cart, number and hold come with `addLine`. */
export interface NewLine extends LineColumns {
  /** The catalog's price when staff set another one (decimal text), and who did. */
  catalog_price: string | null;
  price_set_by: number | null;
}

/** Which cart a line goes to: a known (locked) cart, or the owner's active cart in the tenant's currency. */
export type CartTarget = { cartId: string } | { owner: CartOwner; currency: string };

/**
 * Adds one line in one statement: numbers it from the cart's counter (locking the cart's row), holds its seats
 * when `seats` is given (the catalog's database function catalog_hold_seats, the hold's holder being this cart's
 * item) and inserts it. Answers the cart and the line's number, or undefined when nothing was added: no such cart,
 * or the seats were not free as counted.
 */
export async function addLine(
  db: Queryable,
  target: CartTarget,
  line: NewLine,
  seats: SeatsToHold | undefined,
  now: Date,
): Promise<{ cartId: string; itemId: number } | undefined> {
  const cart =
    'cartId' in target
      ? db`cart_id = ${target.cartId}`
      : db`${ownerCart(db, target.owner)} AND carts.currency = ${target.currency}`;
  // The seats are taken only once the cart's row is numbered: without a cart, the function is not called.
  const held = seats
    ? db`held AS (
        SELECT h.hold_id
        FROM numbered n,
          catalog_hold_seats(${seats.variantId}::int, ${seats.date}::date, ${seats.startTime}::text,
            ${seats.quantity}::int, ${seats.expiresAt}::timestamptz, ${seats.now}::timestamptz,
            cart_id => n.cart_id, item_id => n.item_id) h)`
    : db`held AS (SELECT NULL::bigint AS hold_id)`;
  const [row] = await db<{ cart_id: string; item_id: number }[]>`
    WITH numbered AS (
      UPDATE carts SET next_item_id = next_item_id + 1, updated_at = ${now}
      WHERE ${cart}
      RETURNING cart_id, next_item_id - 1 AS item_id),
    ${held},
    added AS (
      INSERT INTO cart_items (
        cart_id, item_id, hold_id, cart_item_id, product_id, product_template_id, variant_id, unit_id, unit_name,
        description, unit_price, catalog_price, price_set_by, quantity, is_child, is_infant, book_date, time_slot,
        start_time, ext_attr, pickup_location, service_location, xfer_type, ppc, resv_name, parent_item_id,
        flight_offer, supplier_ticket, supplier_held_until)
      SELECT n.cart_id, n.item_id, h.hold_id, ${line.cart_item_id}::text, ${line.product_id}::int,
        ${line.product_template_id}::int, ${line.variant_id}::int, ${line.unit_id}::int, ${line.unit_name}::text,
        ${line.description}::text, ${line.unit_price}::numeric, ${line.catalog_price}::numeric,
        ${line.price_set_by}::int, ${line.quantity}::int, ${line.is_child}, ${line.is_infant},
        ${line.book_date}::date, ${line.time_slot}::text, ${line.start_time}::text, ${line.ext_attr}::text,
        ${line.pickup_location}::text, ${line.service_location}::text, ${line.xfer_type}::text,
        ${line.ppc}::numeric, ${line.resv_name}::text, ${line.parent_item_id}::int,
        ${line.flight_offer === null ? null : JSON.stringify(line.flight_offer)}::text::jsonb,
        ${line.supplier_ticket === null ? null : JSON.stringify(line.supplier_ticket)}::text::jsonb,
        ${line.supplier_held_until}::timestamptz
      FROM numbered n, held h
      RETURNING cart_id, item_id)
    SELECT cart_id::text, item_id FROM added`;
  return row && { cartId: row.cart_id, itemId: row.item_id };
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

/** Moves a cart's items, renumbered after the target's; their holds follow them (the catalog's function). */
export async function moveItems(db: Queryable, fromCartId: string, toCartId: string): Promise<void> {
  const moved = await db<{ first: number; hold_id: string | null }[]>`
    WITH target AS (
      UPDATE carts t SET next_item_id = t.next_item_id + s.next_item_id
      FROM carts s WHERE t.cart_id = ${toCartId} AND s.cart_id = ${fromCartId}
      RETURNING t.next_item_id - s.next_item_id AS first)
    UPDATE cart_items SET
      cart_id = ${toCartId},
      item_id = item_id + (SELECT first FROM target),
      parent_item_id = parent_item_id + (SELECT first FROM target)
    WHERE cart_id = ${fromCartId}
    RETURNING (SELECT first FROM target) AS first, hold_id::text`;
  const holdIds = moved.flatMap((item) => (item.hold_id === null ? [] : [item.hold_id]));
  const offset = moved[0]?.first;
  if (offset !== undefined && holdIds.length > 0) {
    await db`SELECT catalog_move_cart_holds(${holdIds}::bigint[], ${toCartId}::uuid, ${offset}::int)`;
  }
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

/** A cart by its number, whoever owns it and whatever its status, locked for the transaction (a booking merge). */
export async function lockCartByNumber(
  db: Queryable,
  cartNumber: number,
): Promise<(CartRow & { status: string }) | undefined> {
  const [row] = await db<(CartRow & { status: string })[]>`
    SELECT ${db(CART_COLUMNS)}, status FROM carts WHERE cart_number = ${cartNumber} FOR UPDATE`;
  return row;
}
