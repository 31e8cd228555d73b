// Baseline (c): bare Fastify 5 + postgres.js, one GET route reading one bench_items row by primary key.
// The pool has as many connections as one tenant pool of the service (BENCH_POOL_SIZE); `reset-pool` over IPC
// replaces it with a fresh one.
import Fastify from 'fastify';
import postgres from 'postgres';
import { announceReady, answerRequests, portOf, stopOn } from '../lib/child-side.js';
import { serveItem } from '../lib/items.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const connectPool = () =>
  postgres(url, {
    max: Number(process.env.BENCH_POOL_SIZE ?? 5),
    onnotice: () => {},
    connection: { application_name: 'tc-bench-baseline' },
  });
let sql = connectPool();
const app = Fastify({ logger: false });
serveItem(app, () => sql);
await app.listen({ host: '127.0.0.1', port: 0 });
stopOn(async () => {
  await app.close();
  await sql.end({ timeout: 5 });
});
answerRequests(async (request) => {
  if (request.kind !== 'reset-pool') throw new Error(`bare-db does not answer ${request.kind}`);
  const old = sql;
  sql = connectPool();
  await old.end({ timeout: 5 });
  return { kind: 'pool-reset' };
});
announceReady({ http: portOf(app) });
