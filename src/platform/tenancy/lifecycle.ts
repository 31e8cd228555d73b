// Suspension, activation and registry refresh of tenants, effective on every node of the cluster.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../database/connections.js';
import { ApiError, ErrorCode, notFound } from '../http/errors.js';
import type { TenantPools } from './pools.js';
import { REGISTRY_REFRESH_CHANNEL, TENANT_CHANGED_CHANNEL, type TenantRegistry } from './registry.js';
import type { TenantRecord } from './tenant.js';
import type { TenantDatabases } from './tenant-databases.js';
import { forEachConcurrently } from '../for-each-concurrently.js';
import { selectTenantById, updateTenantStatus } from './tenant.repository.js';

export interface TenantLifecycle {
  suspend(tenantId: string): Promise<TenantRecord>;
  activate(tenantId: string): Promise<TenantRecord>;
  /** Every node reloads the whole registry, or one tenant (and drops its pools when it is not ACTIVE). */
  refresh(tenantId?: string): Promise<TenantRecord[]>;
  /** Applies pending tenant migrations to every ACTIVE tenant (start-up). */
  migrateAll(): Promise<void>;
}

export function createTenantLifecycle(deps: {
  platformDb: Sql;
  registry: TenantRegistry;
  pools: TenantPools;
  databases: TenantDatabases;
  log: FastifyBaseLogger;
}): TenantLifecycle {
  const { platformDb, registry, pools, databases } = deps;

  const load = async (tenantId: string): Promise<TenantRecord> => {
    const tenant = await selectTenantById(platformDb, tenantId);
    if (!tenant) throw notFound('Tenant');
    return tenant;
  };

  const setStatus = async (tenant: TenantRecord, status: TenantRecord['status']): Promise<TenantRecord> => {
    const updated = await updateTenantStatus(platformDb, tenant.tenantId, status);
    if (!updated) throw notFound('Tenant');
    // The row's trigger tells the other nodes; this node need not wait for its own notification.
    await registry.reloadOne(tenant.tenantId);
    return updated;
  };

  return {
    async suspend(tenantId) {
      const tenant = await load(tenantId);
      if (tenant.status === 'SUSPENDED') throw new ApiError(ErrorCode.INVALID_STATE, 'The tenant is already suspended');
      const suspended = await setStatus(tenant, 'SUSPENDED');
      await pools.evict(tenantId);
      try {
        // Cuts the connections every node holds and refuses new ones, even from a node that missed the news.
        await databases.setConnectionsAllowed(tenant.dbName, false);
      } catch (error) {
        await setStatus(tenant, 'ACTIVE');
        throw error;
      }
      return suspended;
    },
    async activate(tenantId) {
      const tenant = await load(tenantId);
      if (tenant.status === 'ACTIVE') throw new ApiError(ErrorCode.INVALID_STATE, 'The tenant is already active');
      await databases.setConnectionsAllowed(tenant.dbName, true);
      // Migrations that landed while it was suspended are applied before it serves again.
      await databases.migrate(tenant);
      return setStatus(tenant, 'ACTIVE');
    },
    async refresh(tenantId) {
      if (tenantId === undefined) {
        await platformDb.notify(REGISTRY_REFRESH_CHANNEL, '*');
        await registry.reloadAll();
        return registry.all();
      }
      await load(tenantId);
      await platformDb.notify(TENANT_CHANGED_CHANNEL, tenantId);
      const tenant = await registry.reloadOne(tenantId);
      if (tenant?.status !== 'ACTIVE') await pools.evict(tenantId);
      return tenant ? [tenant] : [];
    },
    async migrateAll() {
      const active = registry.all().filter((tenant) => tenant.status === 'ACTIVE');
      await forEachConcurrently(active, 4, async (tenant) => {
        try {
          const applied = await databases.migrate(tenant);
          if (applied.length) deps.log.info({ tenant: tenant.tenantCode, applied }, 'tenant database migrated');
        } catch (error) {
          deps.log.error({ err: error, tenant: tenant.tenantCode }, 'tenant database migration failed');
        }
      });
    },
  };
}
