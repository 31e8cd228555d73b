// /platform/tenant/*: provisioning and administration of tenants, for holders of a platform token.
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, platformOperation } from '../../platform/http/operation.js';
import { notFound } from '../../platform/http/errors.js';
import type { TenantLifecycle } from '../../platform/tenancy/lifecycle.js';
import type { Provisioner } from '../../platform/tenancy/provisioning.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { selectTenantById } from '../../platform/tenancy/tenant.repository.js';
import type { Sql } from '../../platform/database/connections.js';
import { formatDateTime } from '../../platform/time.js';
import {
  ProvisionRequest,
  ProvisionResult,
  RefreshRequest,
  RefreshResult,
  TenantIdRequest,
  TenantView,
} from './platform-admin.schemas.js';

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

const provision = (deps: {
  provisioner: Provisioner;
  lifecycle: TenantLifecycle;
  registry: TenantRegistry;
  platformDb: Sql;
}) =>
  platformOperation({
    path: '/platform/tenant/provision',
    methods: ['POST'],
    summary: 'Create a tenant: database cloned from the template, identity realm, admin user, registry row',
    access: 'platform',
    input: ProvisionRequest,
    response: ProvisionResult,
    handler: async (_ctx, input) => {
      const made = await deps.provisioner.provision(input);
      return {
        tenantId: made.tenant.tenantId,
        tenantCode: made.tenant.tenantCode,
        tenantName: made.tenant.tenantName,
        status: made.tenant.status,
        dbName: made.tenant.dbName,
        realm: made.tenant.realm,
        clients: made.clients,
        roles: made.roles,
        systemSession: made.systemSession,
        adminUser: made.adminUser,
      };
    },
  });

const suspend = (deps: {
  provisioner: Provisioner;
  lifecycle: TenantLifecycle;
  registry: TenantRegistry;
  platformDb: Sql;
}) =>
  platformOperation({
    path: '/platform/tenant/suspend',
    methods: ['POST'],
    summary: 'Suspend a tenant: its hosts answer 403 and its database pools close on every node',
    access: 'platform',
    input: TenantIdRequest,
    response: TenantView,
    handler: async (_ctx, input) => toTenantView(await deps.lifecycle.suspend(input.tenantId)),
  });

const activate = (deps: {
  provisioner: Provisioner;
  lifecycle: TenantLifecycle;
  registry: TenantRegistry;
  platformDb: Sql;
}) =>
  platformOperation({
    path: '/platform/tenant/activate',
    methods: ['POST'],
    summary: 'Activate a suspended tenant',
    access: 'platform',
    input: TenantIdRequest,
    response: TenantView,
    handler: async (_ctx, input) => toTenantView(await deps.lifecycle.activate(input.tenantId)),
  });

const refresh = (deps: {
  provisioner: Provisioner;
  lifecycle: TenantLifecycle;
  registry: TenantRegistry;
  platformDb: Sql;
}) =>
  platformOperation({
    path: '/platform/tenant/refresh',
    methods: ['POST'],
    summary: 'Reload the registry on every node; with tenantId, one tenant (its pools close when not ACTIVE)',
    access: 'platform',
    input: RefreshRequest,
    response: RefreshResult,
    handler: async (_ctx, input) => {
      const tenants = await deps.lifecycle.refresh(input.tenantId);
      return { refreshed: tenants.length, tenants: tenants.map(toTenantView) };
    },
  });

const list = (deps: {
  provisioner: Provisioner;
  lifecycle: TenantLifecycle;
  registry: TenantRegistry;
  platformDb: Sql;
}) =>
  platformOperation({
    path: '/platform/tenant/list',
    methods: ['GET'],
    summary: 'Every tenant of the registry (no secrets)',
    access: 'platform',
    response: Type.Array(TenantView),
    handler: async () => deps.registry.all().map(toTenantView),
  });

const read = (deps: {
  provisioner: Provisioner;
  lifecycle: TenantLifecycle;
  registry: TenantRegistry;
  platformDb: Sql;
}) =>
  platformOperation({
    path: '/platform/tenant/read',
    methods: ['POST'],
    summary: 'One tenant of the registry (no secrets)',
    access: 'platform',
    input: TenantIdRequest,
    response: TenantView,
    handler: async (_ctx, input) => {
      const tenant = await selectTenantById(deps.platformDb, input.tenantId);
      if (!tenant) throw notFound('Tenant');
      return toTenantView(tenant);
    },
  });

/** Every operation of the area, bound to its services. */
export function platformAdminOperations(deps: {
  provisioner: Provisioner;
  lifecycle: TenantLifecycle;
  registry: TenantRegistry;
  platformDb: Sql;
}): OperationDeclaration[] {
  return [provision, suspend, activate, refresh, list, read].map((declare) => declare(deps));
}
