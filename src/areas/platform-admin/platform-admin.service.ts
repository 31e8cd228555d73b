// Provisioning and administration of tenants: the platform's tenancy modules, answered as tenant views (no
// secrets: the database password and the system session never appear beyond provisioning's own answer).
import type { Sql } from '../../platform/database/connections.js';
import { notFound } from '../../platform/http/errors.js';
import type { TenantLifecycle } from '../../platform/tenancy/lifecycle.js';
import type { ProvisionRequest, Provisioner } from '../../platform/tenancy/provisioning.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { selectTenantById } from '../../platform/tenancy/tenant.repository.js';
import { formatDateTime } from '../../platform/time.js';
import type { ProvisionResult, RefreshResult, TenantView } from './platform-admin.schemas.js';

export interface PlatformAdminDeps {
  provisioner: Provisioner;
  lifecycle: TenantLifecycle;
  registry: TenantRegistry;
  platformDb: Sql;
}

export function toTenantView(tenant: TenantRecord): TenantView {
  return {
    tenantId: tenant.tenantId,
    tenantCode: tenant.tenantCode,
    tenantName: tenant.tenantName,
    status: tenant.status,
    dbName: tenant.dbName,
    dbUser: tenant.dbUser,
    realm: tenant.realm,
    timezone: tenant.timezone,
    currency: tenant.currency,
    market: tenant.market,
    adminEmail: tenant.adminEmail,
    createdAt: formatDateTime(tenant.createdAt, tenant.timezone),
    updatedAt: formatDateTime(tenant.updatedAt, tenant.timezone),
  };
}

export function createPlatformAdminService(deps: PlatformAdminDeps) {
  return {
    async provision(request: ProvisionRequest): Promise<ProvisionResult> {
      const made = await deps.provisioner.provision(request);
      const { tenant } = made;
      return {
        tenantId: tenant.tenantId,
        tenantCode: tenant.tenantCode,
        tenantName: tenant.tenantName,
        status: tenant.status,
        dbName: tenant.dbName,
        realm: tenant.realm,
        clients: made.clients,
        roles: made.roles,
        systemSession: made.systemSession,
        adminUser: made.adminUser,
      };
    },
    suspend: async (tenantId: string) => toTenantView(await deps.lifecycle.suspend(tenantId)),
    activate: async (tenantId: string) => toTenantView(await deps.lifecycle.activate(tenantId)),
    async refresh(tenantId: string | undefined): Promise<RefreshResult> {
      const tenants = await deps.lifecycle.refresh(tenantId);
      return { refreshed: tenants.length, tenants: tenants.map(toTenantView) };
    },
    list: async () => deps.registry.all().map(toTenantView),
    async read(tenantId: string): Promise<TenantView> {
      const tenant = await selectTenantById(deps.platformDb, tenantId);
      if (!tenant) throw notFound('Tenant');
      return toTenantView(tenant);
    },
  };
}

export type PlatformAdminService = ReturnType<typeof createPlatformAdminService>;
