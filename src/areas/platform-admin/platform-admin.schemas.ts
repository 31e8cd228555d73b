import { type Static, Type } from '@sinclair/typebox';
import { VERBATIM } from '../../platform/http/input.js';

const TenantId = Type.String({ format: 'uuid', description: 'Tenant identifier (UUID)' });

export const ProvisionRequest = Type.Object({
  tenantCode: Type.String({
    description: 'Subdomain, realm name and database name: 3-50 lowercase letters, digits, hyphens',
  }),
  tenantName: Type.String({ minLength: 1, maxLength: 200 }),
  dbUser: Type.String({ description: 'Login role that will own the tenant database' }),
  dbPass: Type.String({ description: 'Its password; stored encrypted', [VERBATIM]: true }),
  adminEmail: Type.String({ format: 'email' }),
  adminUsername: Type.String({ default: 'admin', minLength: 1, maxLength: 100 }),
  timezone: Type.String({ default: 'Asia/Dubai' }),
  currency: Type.String({ default: 'AED', pattern: '^[A-Z]{3}$' }),
  market: Type.String({ default: 'UAE', minLength: 1, maxLength: 20 }),
});
export type ProvisionRequest = Static<typeof ProvisionRequest>;

export const TenantView = Type.Object({
  tenantId: TenantId,
  tenantCode: Type.String(),
  tenantName: Type.String(),
  status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('SUSPENDED')]),
  dbName: Type.String(),
  dbUser: Type.String(),
  realm: Type.String(),
  timezone: Type.String(),
  currency: Type.String(),
  market: Type.String(),
  adminEmail: Type.String(),
  createdAt: Type.String({ description: "yyyy-MM-dd'T'HH:mm:ss in the tenant's timezone" }),
  updatedAt: Type.String(),
});
export type TenantView = Static<typeof TenantView>;

export const ProvisionResult = Type.Object({
  tenantId: TenantId,
  tenantCode: Type.String(),
  tenantName: Type.String(),
  status: Type.String(),
  dbName: Type.String(),
  realm: Type.String(),
  clients: Type.Array(
    Type.Object({ clientId: Type.String(), type: Type.Union([Type.Literal('public'), Type.Literal('confidential')]) }),
  ),
  roles: Type.Array(Type.String()),
  systemSession: Type.String({
    description: "The website key pk, shown once: a server-side secret of the tenant's website back end",
  }),
  adminUser: Type.Object({
    username: Type.String(),
    email: Type.String(),
    temporaryPassword: Type.String({ description: 'Shown once; must be changed at first login' }),
    requiredActions: Type.Array(Type.String()),
  }),
});
export type ProvisionResult = Static<typeof ProvisionResult>;

export const TenantIdRequest = Type.Object({ tenantId: TenantId });
export const RefreshRequest = Type.Object({ tenantId: Type.Optional(TenantId) });
export const RefreshResult = Type.Object({
  refreshed: Type.Integer({ description: 'Tenants reloaded on this node' }),
  tenants: Type.Array(TenantView),
});
export type RefreshResult = Static<typeof RefreshResult>;
