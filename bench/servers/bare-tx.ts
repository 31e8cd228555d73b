// Baseline of a write: bare Fastify 5 + postgres.js, one route running the transaction of
// ../shared/research/performance-baselines.md ("insert cart item, update cart total") with sql.begin: a
// cart_items insert and the carts row's total update, on a cart picked at random among BENCH_CARTS (1000),
// as many customers' carts would be. The tables are created at start. As many connections as one tenant pool
// of the service (BENCH_POOL_SIZE); `reset-pool` over IPC replaces the pool with a fresh one.
import Fastify from 'fastify';
import postgres from 'postgres';
import { announceReady, answerRequests, portOf, stopOn } from '../lib/child-side.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const CARTS = Number(process.env.BENCH_CARTS ?? 1_000);
const connectPool = () =>
  postgres(url, {
    max: Number(process.env.BENCH_POOL_SIZE ?? 5),
    onnotice: () => {},
    connection: { application_name: 'tc-bench-baseline-tx' },
  });
let sql = connectPool();
await sql.unsafe(`
  CREATE TABLE IF NOT EXISTS carts (
    cart_id integer PRIMARY KEY,
    total numeric(12, 2) NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE IF NOT EXISTS cart_items (
    item_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    cart_id integer NOT NULL REFERENCES carts,
    product_id integer NOT NULL,
    quantity integer NOT NULL,
    price numeric(12, 2) NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now());
  CREATE INDEX IF NOT EXISTS cart_items_cart ON cart_items (cart_id);
  INSERT INTO carts (cart_id) SELECT g FROM generate_series(1, ${CARTS}) g ON CONFLICT DO NOTHING;`);

const app = Fastify({ logger: false });
app.get(
  '/cart/add',
  { schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } } },
  async () => {
    const cartId = 1 + Math.floor(Math.random() * CARTS);
    const productId = 1 + Math.floor(Math.random() * 20);
    await sql.begin(async (tx) => {
      await tx`INSERT INTO cart_items (cart_id, product_id, quantity, price) VALUES (${cartId}, ${productId}, 1, 250)`;
      await tx`UPDATE carts SET total = total + 250, updated_at = now() WHERE cart_id = ${cartId}`;
    });
    return { ok: true };
  },
);
await app.listen({ host: '127.0.0.1', port: 0 });
stopOn(async () => {
  await app.close();
  await sql.end({ timeout: 5 });
});
answerRequests(async (request) => {
  if (request.kind !== 'reset-pool') throw new Error(`bare-tx does not answer ${request.kind}`);
  const old = sql;
  sql = connectPool();
  await old.end({ timeout: 5 });
  return { kind: 'pool-reset' };
});
announceReady({ http: portOf(app) });
