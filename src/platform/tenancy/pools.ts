// Database pools of the tenants, opened lazily and kept in a cache that keeps the busiest tenants open, with a cap
// on the real connections of the node (`maxConnections`).
//
// Why the cap holds: a tenant pool is a list of *members*, each a postgres.js instance with `max: 1`, so a
// member has at most one connection to PostgreSQL. A member takes one slot of the node's budget from the
// moment it is made until its `end()` has resolved (its socket is closed), and one is made only while
// `members + closing < maxConnections`, checked synchronously right before it is made. So the connections of
// all tenant pools never exceed the cap, whatever postgres.js does inside a member (connect lazily, reconnect
// after `max_lifetime`): `reservedConnections` in `stats()` is that count and is ≤ the cap at every moment.
//
// How a request gets a connection (`acquire` gives it a lease on one member for the whole request):
// - its tenant's pool is open: an idle member of it; else a new member if the pool has fewer than `poolSize`
//   and a slot is free (none is taken from requests waiting for a first connection, and none while the cache
//   was full in the last `GROW_PAUSE_MS`); else the member with the
//   fewest leases, shared (postgres.js pipelines the queries, a transaction waits for the connection). It
//   never waits for the cache.
// - its tenant has no pool: a new pool of one member if a slot is free; else slots are freed (`freeOneSlot`: idle
//   spare members, then busy spares retire, then the least used idle pool) and the request waits for one, until
//   `acquireTimeoutMs`, then is answered 503 instead of hanging. "Least used" is by heat: the tenant's requests of
//   late, each counting 1 and halving every 30 s, kept across its pools' lives (tenant-heat.ts).
// - a member without leases for `idleTimeoutMs` is closed; a pool without members is dropped.
// So a pool opens with one connection, grows with its tenant's concurrent requests up to `poolSize`, and shrinks
// when idle or another tenant waits; a request never waits for a whole pool to open, at most for one connection.
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../crypto.js';
import { connect, type ServerAddress, type Sql } from '../database/connections.js';
import { ApiError, ErrorCode } from '../http/errors.js';
import type { PoolLease } from '../http/kernel.js';
import type { TenantRecord } from './tenant.js';
import { TenantHeat } from './tenant-heat.js';

export interface TenantPoolStats {
  /** Tenants with a pool (at least one member). */
  openPools: number;
  /** Connection slots held: open members plus members still closing; never above `maxConnections`. */
  reservedConnections: number;
  /** Open members (each at most one PostgreSQL connection). */
  connections: number;
  /** Members whose connection is being closed. */
  closingConnections: number;
  /** Requests waiting for a first connection of their tenant. */
  waiting: number;
  maxConnections: number;
}

export interface TenantPools {
  acquire(tenant: TenantRecord): Promise<PoolLease>;
  /**
   * A lease at once when the tenant has a pool here (acquire's common case, without its promise and tick);
   * undefined when it has none (acquire then opens one or waits for a slot).
   */
  leaseOpen(tenant: TenantRecord): PoolLease | undefined;
  /** True while the tenant has a pool (at least one connection) on this node. */
  isOpen(tenantId: string): boolean;
  /** Closes a tenant's pool at once (suspension); its connections' queries are cut off. */
  evict(tenantId: string): Promise<void>;
  /** Closes the tenant's connections no lease holds (background work done with a tenant nobody uses here). */
  closeIdle(tenantId: string): Promise<void>;
  stats(): TenantPoolStats;
  closeAll(): Promise<void>;
}

/** Runs `work` on a lease of the tenant's pool, released however `work` ends. */
export async function withTenantLease<T>(
  pools: Pick<TenantPools, 'acquire'>,
  tenant: TenantRecord,
  work: (sql: Sql) => Promise<T>,
): Promise<T> {
  const lease = await pools.acquire(tenant);
  try {
    return await work(lease.sql);
  } finally {
    lease.release();
  }
}

interface TenantPoolsDeps {
  server: ServerAddress;
  secretBox: SecretBox;
  maxConnections: number;
  poolSize: number;
  acquireTimeoutMs: number;
  connectTimeoutSeconds: number;
  /** A member (one connection) no request has used for this long is closed. Default 30 s. */
  idleTimeoutMs?: number;
  /** PostgreSQL's application_name of a connection is `<this>:<tenant code>`. Default `travel-commerce`. */
  applicationName?: string;
  log: FastifyBaseLogger;
}

/** One connection of a tenant pool: a postgres.js instance with `max: 1`. */
interface Member {
  sql: Sql;
  leases: number;
  /** When its last lease was released (Date.now()). */
  idleSince: number;
  /** A spare the cache wants back: given no new lease, closed when its last one is released. */
  retiring: boolean;
}

interface Pool {
  tenantId: string;
  members: Member[];
}

/** The cache's mutable state, shared by the steps below. */
interface PoolCache {
  deps: TenantPoolsDeps;
  poolSize: number;
  idleTimeoutMs: number;
  // Map order is recency order: a used pool is moved to the end, the least recently used is first.
  pools: Map<string, Pool>;
  /** The pool at the end of that order (the last leased). */
  mostRecent: Pool | undefined;
  members: number;
  closing: number;
  /** Members retiring: slots that free themselves once their leases are released. */
  retiring: number;
  waiters: Array<() => void>;
  closed: boolean;
  sweeper: NodeJS.Timeout;
  /** No pool grows before this time (Date.now()): a request found no free slot shortly before. */
  growAfter: number;
  /** Per tenant, with or without a pool; forgotten once it has cooled down to nothing and has no pool. */
  heat: TenantHeat;
}

const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
/**
 * After a request found the cache full, no pool grows for this long. Without it, every slot freed for a new
 * tenant could go to a busy pool instead, whose spare connection the next new tenant closes again: a connection
 * opened and closed per request (measured: 0.08 of the bare LRU over 50 tenants round-robin).
 */
const GROW_PAUSE_MS = 5_000;

export function createTenantPools(deps: TenantPoolsDeps): TenantPools {
  const idleTimeoutMs = deps.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const cache: PoolCache = {
    deps,
    poolSize: Math.max(1, Math.min(deps.poolSize, deps.maxConnections)),
    idleTimeoutMs,
    pools: new Map(),
    mostRecent: undefined,
    members: 0,
    closing: 0,
    retiring: 0,
    waiters: [],
    closed: false,
    growAfter: 0,
    heat: new TenantHeat(),
    sweeper: setInterval(() => sweep(cache), Math.max(50, Math.min(idleTimeoutMs / 2, 5_000))),
  };
  cache.sweeper.unref();
  return {
    acquire: (tenant) => acquire(cache, tenant),
    leaseOpen: (tenant) => leaseOpen(cache, tenant),
    isOpen: (tenantId) => cache.pools.has(tenantId),
    evict: async (tenantId) => evict(cache, tenantId),
    closeIdle: (tenantId) => closeIdleOf(cache, tenantId),
    stats: () => ({
      openPools: cache.pools.size,
      reservedConnections: reserved(cache),
      connections: cache.members,
      closingConnections: cache.closing,
      waiting: cache.waiters.length,
      maxConnections: cache.deps.maxConnections,
    }),
    closeAll: () => closeAll(cache),
  };
}

const reserved = (cache: PoolCache) => cache.members + cache.closing;
/** A slot is free for a first connection of a tenant. */
const slotFree = (cache: PoolCache) => reserved(cache) < cache.deps.maxConnections;
/** A slot is free for a pool to grow, after every request waiting for a first connection has one. */
const slotFreeToGrow = (cache: PoolCache) => reserved(cache) + cache.waiters.length < cache.deps.maxConnections;

const busy = () => new ApiError(ErrorCode.GENERAL, 'The service is busy; try again shortly', 503);

function leaseOpen(cache: PoolCache, tenant: TenantRecord): PoolLease | undefined {
  const pool = cache.closed ? undefined : cache.pools.get(tenant.tenantId);
  if (!pool) return undefined;
  cache.heat.warm(tenant.tenantId, Date.now());
  return lease(cache, pool, memberFor(cache, pool, tenant));
}

async function acquire(cache: PoolCache, tenant: TenantRecord): Promise<PoolLease> {
  const open = leaseOpen(cache, tenant);
  if (open) return open;
  const deadline = Date.now() + cache.deps.acquireTimeoutMs;
  cache.heat.warm(tenant.tenantId, Date.now());
  for (;;) {
    if (cache.closed) throw busy();
    const pool = cache.pools.get(tenant.tenantId);
    if (pool) return lease(cache, pool, memberFor(cache, pool, tenant));
    if (slotFree(cache)) {
      const opened: Pool = { tenantId: tenant.tenantId, members: [] };
      cache.pools.set(tenant.tenantId, opened);
      return lease(cache, opened, openMember(cache, opened, tenant));
    }
    cache.growAfter = Date.now() + GROW_PAUSE_MS;
    // Free slots until, once they are, there is one for each waiting request and this one.
    while (cache.closing + cache.retiring < cache.waiters.length + 1 && freeOneSlot(cache)); // one more closes
    if (deadline <= Date.now()) throw busy();
    await waitForSlot(cache, deadline - Date.now());
  }
}

/** An idle member; else a new one if the pool may grow and a slot is free; else the least busy, shared. */
function memberFor(cache: PoolCache, pool: Pool, tenant: TenantRecord): Member {
  let least: Member | undefined;
  for (const member of pool.members) {
    if (member.retiring) continue;
    if (member.leases === 0) return member;
    if (!least || member.leases < least.leases) least = member;
  }
  const mayGrow = pool.members.length < cache.poolSize && slotFreeToGrow(cache) && Date.now() >= cache.growAfter;
  if (!least && !slotFree(cache)) return keepRetiring(cache, pool);
  if (!least || mayGrow) return openMember(cache, pool, tenant);
  return least;
}

/** Every member of the pool retiring (its last other one closed idle) and no slot free: one stays after all. */
function keepRetiring(cache: PoolCache, pool: Pool): Member {
  const [member] = pool.members;
  if (!member) throw new Error('tenant pools: an open pool has no member');
  member.retiring = false;
  cache.retiring -= 1;
  return member;
}

function openMember(cache: PoolCache, pool: Pool, tenant: TenantRecord): Member {
  const { deps } = cache;
  // The invariant of this file: a member is made only within the cap.
  if (!slotFree(cache)) throw new Error('tenant pools: no connection slot is free');
  const member: Member = {
    leases: 0,
    idleSince: Date.now(),
    retiring: false,
    sql: connect(deps.server, {
      database: tenant.dbName,
      max: 1,
      connectTimeoutSeconds: deps.connectTimeoutSeconds,
      login: { user: tenant.dbUser, password: deps.secretBox.open(tenant.dbPassSealed) },
      // The cache closes idle members itself; postgres.js closing one earlier only lowers the count.
      idleTimeoutSeconds: Math.ceil(cache.idleTimeoutMs / 1000) + 60,
      applicationName: `${deps.applicationName ?? 'travel-commerce'}:${tenant.tenantCode}`,
    }),
  };
  pool.members.push(member);
  cache.members += 1;
  return member;
}

function lease(cache: PoolCache, pool: Pool, member: Member): PoolLease {
  member.leases += 1;
  if (cache.mostRecent !== pool) {
    // moved to the end of the recency order (a Map's insertion order), unless it is there already
    cache.pools.delete(pool.tenantId);
    cache.pools.set(pool.tenantId, pool);
    cache.mostRecent = pool;
  }
  let released = false;
  return {
    sql: member.sql,
    release() {
      if (released) return;
      released = true;
      member.leases -= 1;
      if (member.leases === 0 && member.retiring) closeMember(cache, pool, member, 1);
      else if (member.leases === 0) {
        member.idleSince = Date.now();
        if (cache.waiters.length > 0) wakeWaiters(cache);
      }
    },
  };
}

/** Resolves when a slot is freed or a member becomes idle, or after `waitMs` at the latest. */
function waitForSlot(cache: PoolCache, waitMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      cache.waiters = cache.waiters.filter((waiter) => waiter !== wake);
      resolve();
    }, waitMs);
    cache.waiters.push(wake);
  });
}

function wakeWaiters(cache: PoolCache): void {
  const woken = cache.waiters;
  cache.waiters = [];
  for (const wake of woken) wake();
}

/** Removes `member` from its pool (dropping an empty pool) and closes it; its slot is free once it is closed. */
function closeMember(cache: PoolCache, pool: Pool, member: Member, timeoutSeconds: number): Promise<void> {
  if (member.retiring) cache.retiring -= 1;
  member.retiring = false;
  pool.members = pool.members.filter((other) => other !== member);
  if (pool.members.length === 0 && cache.pools.get(pool.tenantId) === pool) cache.pools.delete(pool.tenantId);
  cache.members -= 1;
  cache.closing += 1;
  return member.sql
    .end({ timeout: timeoutSeconds })
    .catch((error) => cache.deps.log.warn({ err: error }, 'closing a tenant connection failed'))
    .finally(() => {
      cache.closing -= 1;
      wakeWaiters(cache);
    });
}

/**
 * Frees one slot, keeping the most tenants open: an idle spare member of a pool that keeps another; else a busy
 * spare of the fullest pool retires (no new lease; closed once its leases are released); else the only member of
 * the coldest idle pool (the least recently used of equally cold ones). False when none can be.
 * Spares first: one connection serves a tenant's concurrent reads nearly as well (postgres.js pipelines them) while
 * another tenant waits for a slot; left open until idle, busy spares cost a fifth of the throughput and half again
 * of the p99 (bench scale, 500 tenants, Zipf). The coldest next: a job visiting every tenant, or a tenant seen
 * once, would otherwise push out the pools of tenants in use one by one, as plain LRU does.
 */
function freeOneSlot(cache: PoolCache): boolean {
  let [fullest, fullestCount]: [Pool | undefined, number] = [undefined, 1];
  for (const pool of cache.pools.values()) {
    const spares = pool.members.filter((member) => !member.retiring);
    if (spares.length < 2) continue;
    const idle = spares.find((candidate) => candidate.leases === 0);
    if (idle) {
      closeMember(cache, pool, idle, 1);
      return true;
    }
    if (spares.length > fullestCount) [fullest, fullestCount] = [pool, spares.length];
  }
  const spare = fullest?.members.filter((member) => !member.retiring).sort((a, b) => a.leases - b.leases)[0];
  if (spare) {
    spare.retiring = true;
    cache.retiring += 1;
    return true;
  }
  return closeColdestIdlePool(cache);
}

function closeColdestIdlePool(cache: PoolCache): boolean {
  const now = Date.now();
  let coldest: { pool: Pool; member: Member; heat: number } | undefined;
  for (const pool of cache.pools.values()) {
    const member = pool.members[0];
    if (!member || pool.members.length !== 1 || member.leases !== 0) continue;
    const heat = cache.heat.of(pool.tenantId, now);
    if (!coldest || heat < coldest.heat) coldest = { pool, member, heat };
  }
  if (!coldest) return false;
  closeMember(cache, coldest.pool, coldest.member, 1);
  return true;
}

/** The periodic round: idle members closed, tenants without a pool that have cooled down forgotten. */
function sweep(cache: PoolCache): void {
  closeIdleMembers(cache);
  cache.heat.forgetCold(Date.now(), (tenantId) => cache.pools.has(tenantId));
}

function closeIdleMembers(cache: PoolCache): void {
  const before = Date.now() - cache.idleTimeoutMs;
  for (const pool of [...cache.pools.values()]) {
    for (const member of [...pool.members]) {
      if (member.leases === 0 && member.idleSince <= before) closeMember(cache, pool, member, 1);
    }
  }
}

async function closeIdleOf(cache: PoolCache, tenantId: string): Promise<void> {
  const pool = cache.pools.get(tenantId);
  const idle = pool?.members.filter((member) => member.leases === 0) ?? [];
  await Promise.all(idle.map((member) => pool && closeMember(cache, pool, member, 1)));
}

function evict(cache: PoolCache, tenantId: string): void {
  const pool = cache.pools.get(tenantId);
  if (!pool) return;
  for (const member of [...pool.members]) closeMember(cache, pool, member, 0);
  cache.pools.delete(tenantId);
}

async function closeAll(cache: PoolCache): Promise<void> {
  cache.closed = true;
  clearInterval(cache.sweeper);
  const all = [...cache.pools.values()].flatMap((pool) => pool.members);
  cache.pools.clear();
  cache.heat.clear();
  cache.members = 0;
  cache.retiring = 0;
  wakeWaiters(cache);
  await Promise.allSettled(all.map((member) => member.sql.end({ timeout: 5 })));
}
