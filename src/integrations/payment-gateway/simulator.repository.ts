// SQL of the payment simulator's orders (platform database, db/platform/0003_payment_simulator.sql). Plain
// objects out; the instant of every change is the caller's clock, so tests can move time.
import type { Queryable } from '../../platform/database/connections.js';

export type SimulatorDevice = 'small' | 'medium' | 'large';
/** The states the table stores; Expired is derived (see simulatorStatus). */
export type StoredStatus = 1 | 3 | -3 | -2;

export interface SimulatorCustomer {
  email?: string;
  name?: string;
  phone?: string;
}

export interface SimulatorOrder {
  orderRef: string;
  cartRef: string;
  amountMinor: number;
  currency: string;
  description: string;
  test: boolean;
  returnUrls: { authorised: string; declined: string; cancelled: string };
  customer: SimulatorCustomer | null;
  language: string | null;
  device: SimulatorDevice | null;
  statusCode: StoredStatus;
  transactionRef: string | null;
  transactionCode: string | null;
  createdAt: Date;
  expiresAt: Date;
  updatedAt: Date;
}

interface OrderRow {
  order_ref: string;
  cart_ref: string;
  /** bigint arrives as text from postgres.js. */
  amount_minor: string;
  currency: string;
  description: string;
  test: boolean;
  return_authorised: string;
  return_declined: string;
  return_cancelled: string;
  customer: unknown;
  language: string | null;
  device: string | null;
  status_code: number;
  transaction_ref: string | null;
  transaction_code: string | null;
  created_at: Date;
  expires_at: Date;
  updated_at: Date;
}

function storedStatus(code: number): StoredStatus {
  if (code === 1 || code === 3 || code === -3 || code === -2) return code;
  throw new Error(`payment_simulator_orders holds an unknown status ${code}`);
}

function device(text: string | null): SimulatorDevice | null {
  return text === 'small' || text === 'medium' || text === 'large' ? text : null;
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The jsonb column back to the shape written; anything else (a hand edit) counts as no customer. */
function customer(value: unknown): SimulatorCustomer | null {
  if (typeof value !== 'object' || value === null) return null;
  return {
    email: 'email' in value ? optionalText(value.email) : undefined,
    name: 'name' in value ? optionalText(value.name) : undefined,
    phone: 'phone' in value ? optionalText(value.phone) : undefined,
  };
}

function toOrder(row: OrderRow): SimulatorOrder {
  return {
    orderRef: row.order_ref,
    cartRef: row.cart_ref,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    description: row.description,
    test: row.test,
    returnUrls: {
      authorised: row.return_authorised,
      declined: row.return_declined,
      cancelled: row.return_cancelled,
    },
    customer: customer(row.customer),
    language: row.language,
    device: device(row.device),
    statusCode: storedStatus(row.status_code),
    transactionRef: row.transaction_ref,
    transactionCode: row.transaction_code,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    updatedAt: row.updated_at,
  };
}

export type NewSimulatorOrder = Omit<SimulatorOrder, 'statusCode' | 'transactionRef' | 'transactionCode' | 'updatedAt'>;

/** The customer's given details only: JSON has no undefined. */
function definedFields(details: SimulatorCustomer): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(details)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** Stores a new pending order; undefined when its cart ref is taken (Telr's E56). */
export async function insertOrder(db: Queryable, order: NewSimulatorOrder): Promise<SimulatorOrder | undefined> {
  const customerJson = order.customer ? db.json(definedFields(order.customer)) : null;
  const [row] = await db<OrderRow[]>`
    INSERT INTO payment_simulator_orders (
      order_ref, cart_ref, amount_minor, currency, description, test,
      return_authorised, return_declined, return_cancelled, customer, language, device,
      status_code, created_at, expires_at, updated_at)
    VALUES (
      ${order.orderRef}, ${order.cartRef}, ${order.amountMinor}, ${order.currency}, ${order.description},
      ${order.test}, ${order.returnUrls.authorised}, ${order.returnUrls.declined}, ${order.returnUrls.cancelled},
      ${customerJson}, ${order.language}, ${order.device},
      1, ${order.createdAt}, ${order.expiresAt}, ${order.createdAt})
    ON CONFLICT (cart_ref) DO NOTHING
    RETURNING *`;
  return row ? toOrder(row) : undefined;
}

export async function findOrder(db: Queryable, orderRef: string): Promise<SimulatorOrder | undefined> {
  const [row] = await db<OrderRow[]>`SELECT * FROM payment_simulator_orders WHERE order_ref = ${orderRef}`;
  return row ? toOrder(row) : undefined;
}

export interface Settlement {
  statusCode: Exclude<StoredStatus, 1>;
  transactionRef: string | null;
  transactionCode: string | null;
}

/**
 * Moves a pending, unexpired order to its final state; undefined when it was not (any more) pending or has
 * expired. One conditional UPDATE, so of two racing actions exactly one settles the order.
 */
export async function settleOrder(
  db: Queryable,
  orderRef: string,
  settlement: Settlement,
  now: Date,
): Promise<SimulatorOrder | undefined> {
  const [row] = await db<OrderRow[]>`
    UPDATE payment_simulator_orders
    SET status_code = ${settlement.statusCode},
        transaction_ref = ${settlement.transactionRef},
        transaction_code = ${settlement.transactionCode},
        updated_at = ${now}
    WHERE order_ref = ${orderRef} AND status_code = 1 AND expires_at > ${now}
    RETURNING *`;
  return row ? toOrder(row) : undefined;
}
