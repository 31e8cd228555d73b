// Each node keeps the tenant registry in memory. Changes reach every node by LISTEN/NOTIFY on the platform
// database (a trigger announces every row change, hand edits included); a reconciliation timer reloads
// everything in case a notification was missed (a dropped LISTEN connection, say).
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../database/connections.js';
import type { TenantRecord } from './tenant.js';
import { selectAllTenants, selectTenantById } from './tenant.repository.js';

export const TENANT_CHANGED_CHANNEL = 'tc_tenant_changed';
export const REGISTRY_REFRESH_CHANNEL = 'tc_registry_refresh';

/** Called with the tenant as it is now (undefined when its row is gone). */
export type TenantChangeListener = (tenantId: string, tenant: TenantRecord | undefined) => void;

export interface TenantRegistry {
  byCode(code: string): TenantRecord | undefined;
  byId(tenantId: string): TenantRecord | undefined;
  all(): TenantRecord[];
  reloadAll(): Promise<void>;
  reloadOne(tenantId: string): Promise<TenantRecord | undefined>;
  onChange(listener: TenantChangeListener): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createTenantRegistry(deps: {
  platformDb: Sql;
  reconcileIntervalMs: number;
  log: FastifyBaseLogger;
}): TenantRegistry {
  const { platformDb, log } = deps;
  let byCode = new Map<string, TenantRecord>();
  let byId = new Map<string, TenantRecord>();
  const listeners: TenantChangeListener[] = [];
  let timer: NodeJS.Timeout | undefined;
  const unlisten: Array<() => Promise<void>> = [];

  const announce = (tenantId: string, tenant: TenantRecord | undefined) => {
    for (const listener of listeners) listener(tenantId, tenant);
  };

  const put = (tenantId: string, tenant: TenantRecord | undefined) => {
    const previous = byId.get(tenantId);
    if (previous) byCode.delete(previous.tenantCode);
    if (tenant) {
      byId.set(tenantId, tenant);
      byCode.set(tenant.tenantCode, tenant);
    } else {
      byId.delete(tenantId);
    }
    announce(tenantId, tenant);
  };

  const registry: TenantRegistry = {
    byCode: (code) => byCode.get(code),
    byId: (tenantId) => byId.get(tenantId),
    all: () => [...byId.values()],
    async reloadAll() {
      const tenants = await selectAllTenants(platformDb);
      const previous = byId;
      byId = new Map(tenants.map((tenant) => [tenant.tenantId, tenant]));
      byCode = new Map(tenants.map((tenant) => [tenant.tenantCode, tenant]));
      for (const tenant of tenants) {
        const before = previous.get(tenant.tenantId);
        if (!before || before.status !== tenant.status || before.updatedAt.getTime() !== tenant.updatedAt.getTime()) {
          announce(tenant.tenantId, tenant);
        }
      }
      for (const tenantId of previous.keys()) if (!byId.has(tenantId)) announce(tenantId, undefined);
    },
    async reloadOne(tenantId) {
      const tenant = await selectTenantById(platformDb, tenantId);
      put(tenantId, tenant);
      return tenant;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async start() {
      await registry.reloadAll();
      const changed = await platformDb.listen(
        TENANT_CHANGED_CHANNEL,
        (tenantId) => {
          registry.reloadOne(tenantId).catch((error) => log.warn({ err: error, tenantId }, 'tenant reload failed'));
        },
        // Runs again after the LISTEN connection was re-established: catch up on what was missed meanwhile.
        () => {
          registry.reloadAll().catch((error) => log.warn({ err: error }, 'registry reload failed'));
        },
      );
      const refresh = await platformDb.listen(REGISTRY_REFRESH_CHANNEL, () => {
        registry.reloadAll().catch((error) => log.warn({ err: error }, 'registry reload failed'));
      });
      unlisten.push(changed.unlisten, refresh.unlisten);
      timer = setInterval(() => {
        registry.reloadAll().catch((error) => log.warn({ err: error }, 'registry reconciliation failed'));
      }, deps.reconcileIntervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await Promise.allSettled(unlisten.map((stop) => stop()));
    },
  };
  return registry;
}
