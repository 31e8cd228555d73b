// /platform/tenant/*: provisioning and administration of tenants, for holders of a platform token.
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, platformOperation } from '../../platform/http/operation.js';
import {
  ProvisionRequest,
  ProvisionResult,
  RefreshRequest,
  RefreshResult,
  TenantIdRequest,
  TenantView,
} from './platform-admin.schemas.js';
import type { PlatformAdminService } from './platform-admin.service.js';

const platformOnly = { access: 'platform', tags: ['platform'] } as const;

const provision = (admin: PlatformAdminService) =>
  platformOperation({
    ...platformOnly,
    path: '/platform/tenant/provision',
    methods: ['POST'],
    summary: 'Create a tenant: database cloned from the template, identity realm, admin user, registry row',
    input: ProvisionRequest,
    response: ProvisionResult,
    handler: (_ctx, input) => admin.provision(input),
  });

const suspend = (admin: PlatformAdminService) =>
  platformOperation({
    ...platformOnly,
    path: '/platform/tenant/suspend',
    methods: ['POST'],
    summary: 'Suspend a tenant: its hosts answer 403 and its database pools close on every node',
    input: TenantIdRequest,
    response: TenantView,
    handler: (_ctx, input) => admin.suspend(input.tenantId),
  });

const activate = (admin: PlatformAdminService) =>
  platformOperation({
    ...platformOnly,
    path: '/platform/tenant/activate',
    methods: ['POST'],
    summary: 'Activate a suspended tenant',
    input: TenantIdRequest,
    response: TenantView,
    handler: (_ctx, input) => admin.activate(input.tenantId),
  });

const refresh = (admin: PlatformAdminService) =>
  platformOperation({
    ...platformOnly,
    path: '/platform/tenant/refresh',
    methods: ['POST'],
    summary: 'Reload the registry on every node; with tenantId, one tenant (its pools close when not ACTIVE)',
    input: RefreshRequest,
    response: RefreshResult,
    handler: (_ctx, input) => admin.refresh(input.tenantId),
  });

const list = (admin: PlatformAdminService) =>
  platformOperation({
    ...platformOnly,
    path: '/platform/tenant/list',
    methods: ['GET'],
    summary: 'Every tenant of the registry (no secrets)',
    response: Type.Array(TenantView),
    handler: () => admin.list(),
  });

const read = (admin: PlatformAdminService) =>
  platformOperation({
    ...platformOnly,
    path: '/platform/tenant/read',
    methods: ['POST'],
    summary: 'One tenant of the registry (no secrets)',
    input: TenantIdRequest,
    response: TenantView,
    handler: (_ctx, input) => admin.read(input.tenantId),
  });

/** Every operation of the area, bound to its service. */
export function platformAdminOperations(admin: PlatformAdminService): OperationDeclaration[] {
  return [provision, suspend, activate, refresh, list, read].map((declare) => declare(admin));
}
