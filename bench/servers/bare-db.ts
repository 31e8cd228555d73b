// Baseline (c): bare Fastify 5 + postgres.js, one GET route reading one bench_items row by primary key.
// The pool has as many connections as one tenant pool of the service (BENCH_POOL_SIZE).
import Fastify from 'fastify';
import postgres from 'postgres';
import { announceReady, portOf, stopOn } from '../lib/child-side.js';
import { readItem } from '../lib/items.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const sql = postgres(url, {
  max: Number(process.env.BENCH_POOL_SIZE ?? 5),
  onnotice: () => {},
  connection: { application_name: 'tc-bench-baseline' },
});
const app = Fastify({ logger: false });
app.get(
  '/item',
  {
    schema: {
      response: {
        200: {
          type: 'object',
          properties: { id: { type: 'integer' }, name: { type: 'string' }, stock: { type: 'integer' } },
        },
      },
    },
  },
  () => readItem(sql),
);
await app.listen({ host: '127.0.0.1', port: 0 });
stopOn(async () => {
  await app.close();
  await sql.end({ timeout: 5 });
});
announceReady({ http: portOf(app) });
