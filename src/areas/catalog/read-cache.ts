// Catalog reads (tree, products, attributes, variants, terms) change only when staff edit the catalog, yet are
// the busiest requests of a shop. A node keeps their answers for a few seconds; every catalog write drops the
// tenant's entries at once on every node (NOTIFY on the platform database). Availability is never cached:
// seats change with every hold.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../../platform/database/connections.js';

export const CATALOG_CHANGED_CHANNEL = 'tc_catalog_changed';
export const TTL_MS = 5_000;
/** Per kind of read and tenant: a bound on memory, not a tuning knob (the TTL keeps entries few). */
const MAX_KEYS = 2_000;

/** One kind of read (products, the tree, …), typed by its answer. */
export interface ReadCache<T> {
  read(tenantId: string, key: string, load: () => Promise<T>): Promise<T>;
}

export interface CatalogReadCaches {
  cache<T>(): ReadCache<T>;
  /** Drops the tenant's entries here and on every other node; call it after a catalog write committed. */
  invalidate(tenantId: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createCatalogReadCaches(deps: {
  platformDb: Sql;
  log: FastifyBaseLogger;
  now?: () => number;
}): CatalogReadCaches {
  const now = deps.now ?? Date.now;
  const droppers: Array<(tenantId: string | undefined) => void> = [];
  let unlisten: (() => Promise<void>) | undefined;
  const dropAll = (tenantId: string | undefined) => {
    for (const drop of droppers) drop(tenantId);
  };

  return {
    cache<T>(): ReadCache<T> {
      const byTenant = new Map<string, Map<string, { value: T; expiresAt: number }>>();
      droppers.push((tenantId) => (tenantId === undefined ? byTenant.clear() : byTenant.delete(tenantId)));
      return {
        async read(tenantId, key, load) {
          const entries = byTenant.get(tenantId);
          const hit = entries?.get(key);
          if (hit && hit.expiresAt > now()) return hit.value;
          const value = await load();
          const tenantEntries = entries ?? new Map<string, { value: T; expiresAt: number }>();
          if (tenantEntries.size >= MAX_KEYS) tenantEntries.clear();
          tenantEntries.set(key, { value, expiresAt: now() + TTL_MS });
          byTenant.set(tenantId, tenantEntries);
          return value;
        },
      };
    },
    async invalidate(tenantId) {
      dropAll(tenantId);
      await deps.platformDb.notify(CATALOG_CHANGED_CHANNEL, tenantId).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'catalog change broadcast failed; other nodes catch up within 5 s');
      });
    },
    async start() {
      const listening = await deps.platformDb.listen(
        CATALOG_CHANGED_CHANNEL,
        (tenantId) => dropAll(tenantId),
        () => {
          // After a reconnect, a change may have been missed: start afresh.
          dropAll(undefined);
        },
      );
      unlisten = listening.unlisten;
    },
    async stop() {
      await unlisten?.();
      dropAll(undefined);
    },
  };
}
