// Baseline of `tenants-scale`: bare Fastify 5 + postgres.js over the tenants' databases. GET /item reads one
// bench_items row by primary key in the database of the Host's tenant (`<code>.<base domain>`), through an
// LRU of single-connection pools holding at most BENCH_LRU_CAP of them: a database not in it gets a new pool,
// and the least recently used one is ended (not awaited, as an LRU's dispose does).
import Fastify from 'fastify';
import postgres from 'postgres';
import { tenantDatabaseName } from '../../src/platform/tenancy/tenant.js';
import { announceReady, answerRequests, portOf, stopOn } from '../lib/child-side.js';
import { serveItem } from '../lib/items.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const cap = Number(process.env.BENCH_LRU_CAP ?? 50);
const pools = new Map<string, postgres.Sql>();

function poolFor(host: string): postgres.Sql {
  const database = tenantDatabaseName(host.split('.')[0] ?? '');
  const cached = pools.get(database);
  if (cached) {
    pools.delete(database);
    pools.set(database, cached);
    return cached;
  }
  while (pools.size >= cap) {
    const [oldest, sql] = pools.entries().next().value ?? [];
    if (!oldest || !sql) break;
    pools.delete(oldest);
    void sql.end({ timeout: 5 });
  }
  const sql = postgres(url as string, {
    database,
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'tc-bench-lru' },
  });
  pools.set(database, sql);
  return sql;
}

const app = Fastify({ logger: false });
serveItem(app, (request) => poolFor(request.hostname));
await app.listen({ host: '127.0.0.1', port: 0 });
stopOn(async () => {
  await app.close();
  await Promise.allSettled([...pools.values()].map((sql) => sql.end({ timeout: 5 })));
});
answerRequests(async (request) => {
  if (request.kind !== 'reset-pool') throw new Error(`bare-lru does not answer ${request.kind}`);
  const old = [...pools.values()];
  pools.clear();
  await Promise.allSettled(old.map((sql) => sql.end({ timeout: 5 })));
  return { kind: 'pool-reset' };
});
announceReady({ http: portOf(app) });
