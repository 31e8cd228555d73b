// Database pools of the tenants, opened lazily and kept in an LRU cache. The cache never reserves more than
// `maxConnections` connections in all: a pool counts for its full size from its opening until its
// connections are closed, and only a pool no request is using is evicted. A request that finds no room
// waits for one until `acquireTimeoutMs`, then is answered 503 instead of hanging.
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../crypto.js';
import { connect, type ServerAddress, type Sql } from '../database/connections.js';
import { ApiError, ErrorCode } from '../http/errors.js';
import type { PoolLease } from '../http/kernel.js';
import type { TenantRecord } from './tenant.js';

export interface TenantPools {
  acquire(tenant: TenantRecord): Promise<PoolLease>;
  /** Closes a tenant's pool at once (suspension); its connections' queries are cut off. */
  evict(tenantId: string): Promise<void>;
  stats(): { openPools: number; reservedConnections: number };
  closeAll(): Promise<void>;
}

interface TenantPoolsDeps {
  server: ServerAddress;
  secretBox: SecretBox;
  maxConnections: number;
  poolSize: number;
  acquireTimeoutMs: number;
  connectTimeoutSeconds: number;
  log: FastifyBaseLogger;
}

interface Entry {
  sql: Sql;
  leases: number;
}

/** The cache's mutable state, shared by the steps below. */
interface PoolCache {
  deps: TenantPoolsDeps;
  poolSize: number;
  // Map order is recency order: a used entry is moved to the end, the least recently used is first.
  entries: Map<string, Entry>;
  closingConnections: number;
  waiters: Array<() => void>;
}

export function createTenantPools(deps: TenantPoolsDeps): TenantPools {
  const cache: PoolCache = {
    deps,
    poolSize: Math.min(deps.poolSize, deps.maxConnections),
    entries: new Map(),
    closingConnections: 0,
    waiters: [],
  };
  return {
    acquire: (tenant) => acquire(cache, tenant),
    evict: async (tenantId) => evict(cache, tenantId),
    stats: () => ({ openPools: cache.entries.size, reservedConnections: reserved(cache) }),
    closeAll: () => closeAll(cache),
  };
}

const live = (cache: PoolCache) => cache.entries.size * cache.poolSize;
const reserved = (cache: PoolCache) => live(cache) + cache.closingConnections;

async function acquire(cache: PoolCache, tenant: TenantRecord): Promise<PoolLease> {
  const { deps, poolSize } = cache;
  const deadline = Date.now() + deps.acquireTimeoutMs;
  for (;;) {
    const cached = cache.entries.get(tenant.tenantId);
    if (cached) return lease(cache, tenant.tenantId, cached);
    // Evict idle pools until the room is there once the pools already closing are gone: an evicted pool
    // keeps counting until its connections are closed, so the check is on the live pools only.
    while (live(cache) + poolSize > deps.maxConnections && evictIdle(cache)) {
      // one more idle pool is closing
    }
    if (reserved(cache) + poolSize <= deps.maxConnections) {
      return lease(cache, tenant.tenantId, open(cache, tenant));
    }
    const wait = deadline - Date.now();
    if (wait <= 0) {
      throw new ApiError(ErrorCode.GENERAL, 'The service is busy; try again shortly', 503);
    }
    await waitForRoom(cache, wait);
  }
}

/** Resolves when a pool is closed or a lease released, or after `waitMs` at the latest. */
function waitForRoom(cache: PoolCache, waitMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    cache.waiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function wakeWaiters(cache: PoolCache): void {
  const woken = cache.waiters;
  cache.waiters = [];
  for (const wake of woken) wake();
}

function close(cache: PoolCache, sql: Sql, timeoutSeconds: number): void {
  cache.closingConnections += cache.poolSize;
  sql
    .end({ timeout: timeoutSeconds })
    .catch((error) => cache.deps.log.warn({ err: error }, 'closing a tenant pool failed'))
    .finally(() => {
      cache.closingConnections -= cache.poolSize;
      wakeWaiters(cache);
    });
}

function evictIdle(cache: PoolCache): boolean {
  for (const [tenantId, entry] of cache.entries) {
    if (entry.leases > 0) continue;
    cache.entries.delete(tenantId);
    close(cache, entry.sql, 1);
    return true;
  }
  return false;
}

function open(cache: PoolCache, tenant: TenantRecord): Entry {
  const { deps } = cache;
  const entry: Entry = {
    leases: 0,
    sql: connect(deps.server, {
      database: tenant.dbName,
      max: cache.poolSize,
      connectTimeoutSeconds: deps.connectTimeoutSeconds,
      login: { user: tenant.dbUser, password: deps.secretBox.open(tenant.dbPassSealed) },
      idleTimeoutSeconds: 30,
      applicationName: `travel-commerce:${tenant.tenantCode}`,
    }),
  };
  cache.entries.set(tenant.tenantId, entry);
  return entry;
}

function lease(cache: PoolCache, tenantId: string, entry: Entry): PoolLease {
  entry.leases += 1;
  cache.entries.delete(tenantId);
  cache.entries.set(tenantId, entry);
  let released = false;
  return {
    sql: entry.sql,
    release() {
      if (released) return;
      released = true;
      entry.leases -= 1;
      if (entry.leases === 0 && cache.waiters.length > 0) wakeWaiters(cache);
    },
  };
}

function evict(cache: PoolCache, tenantId: string): void {
  const entry = cache.entries.get(tenantId);
  if (!entry) return;
  cache.entries.delete(tenantId);
  close(cache, entry.sql, 0);
}

async function closeAll(cache: PoolCache): Promise<void> {
  const all = [...cache.entries.values()];
  cache.entries.clear();
  await Promise.allSettled(all.map((entry) => entry.sql.end({ timeout: 5 })));
}
