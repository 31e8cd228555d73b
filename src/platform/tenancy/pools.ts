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

interface Entry {
  sql: Sql;
  leases: number;
}

export function createTenantPools(deps: {
  server: ServerAddress;
  secretBox: SecretBox;
  maxConnections: number;
  poolSize: number;
  acquireTimeoutMs: number;
  connectTimeoutSeconds: number;
  log: FastifyBaseLogger;
}): TenantPools {
  const poolSize = Math.min(deps.poolSize, deps.maxConnections);
  // Map order is recency order: a used entry is moved to the end, the least recently used is first.
  const entries = new Map<string, Entry>();
  let closingConnections = 0;
  let waiters: Array<() => void> = [];

  const live = () => entries.size * poolSize;
  const reserved = () => live() + closingConnections;

  const wakeWaiters = () => {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };

  const close = (sql: Sql, timeoutSeconds: number) => {
    closingConnections += poolSize;
    sql
      .end({ timeout: timeoutSeconds })
      .catch((error) => deps.log.warn({ err: error }, 'closing a tenant pool failed'))
      .finally(() => {
        closingConnections -= poolSize;
        wakeWaiters();
      });
  };

  const evictIdle = (): boolean => {
    for (const [tenantId, entry] of entries) {
      if (entry.leases > 0) continue;
      entries.delete(tenantId);
      close(entry.sql, 1);
      return true;
    }
    return false;
  };

  const open = (tenant: TenantRecord): Entry => {
    const entry: Entry = {
      leases: 0,
      sql: connect(deps.server, {
        database: tenant.dbName,
        max: poolSize,
        connectTimeoutSeconds: deps.connectTimeoutSeconds,
        login: { user: tenant.dbUser, password: deps.secretBox.open(tenant.dbPassSealed) },
        idleTimeoutSeconds: 30,
        applicationName: `travel-commerce:${tenant.tenantCode}`,
      }),
    };
    entries.set(tenant.tenantId, entry);
    return entry;
  };

  const lease = (tenantId: string, entry: Entry): PoolLease => {
    entry.leases += 1;
    entries.delete(tenantId);
    entries.set(tenantId, entry);
    let released = false;
    return {
      sql: entry.sql,
      release() {
        if (released) return;
        released = true;
        entry.leases -= 1;
        if (entry.leases === 0 && waiters.length > 0) wakeWaiters();
      },
    };
  };

  return {
    async acquire(tenant) {
      const deadline = Date.now() + deps.acquireTimeoutMs;
      for (;;) {
        const cached = entries.get(tenant.tenantId);
        if (cached) return lease(tenant.tenantId, cached);
        // Evict idle pools until the room is there once the pools already closing are gone: an evicted pool
        // keeps counting until its connections are closed, so the check is on the live pools only.
        while (live() + poolSize > deps.maxConnections && evictIdle()) {
          // one more idle pool is closing
        }
        if (reserved() + poolSize <= deps.maxConnections) return lease(tenant.tenantId, open(tenant));
        const wait = deadline - Date.now();
        if (wait <= 0) {
          throw new ApiError(ErrorCode.GENERAL, 'The service is busy; try again shortly', 503);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    async evict(tenantId) {
      const entry = entries.get(tenantId);
      if (!entry) return;
      entries.delete(tenantId);
      close(entry.sql, 0);
    },
    stats: () => ({ openPools: entries.size, reservedConnections: reserved() }),
    async closeAll() {
      const all = [...entries.values()];
      entries.clear();
      await Promise.allSettled(all.map((entry) => entry.sql.end({ timeout: 5 })));
    },
  };
}
