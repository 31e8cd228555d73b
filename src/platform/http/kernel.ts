// What the HTTP kernel needs from the rest of the platform, wired once in app.ts.
import type { ApiTag } from './openapi.js';
import type { Config } from '../../config.js';
import type { Session } from '../auth/session.js';
import type { Sql } from '../database/connections.js';
import type { Brands } from '../rendering/branding.js';
import type { TenantRecord } from '../tenancy/tenant.js';

export interface PoolLease {
  sql: Sql;
  release(): void;
}

export interface PlatformCaller {
  clientId: string;
  subject: string;
}

export interface Kernel {
  config: Config;
  clock: () => Date;
  tenants: { byCode(code: string): TenantRecord | undefined };
  pools: {
    acquire(tenant: TenantRecord): Promise<PoolLease>;
    leaseOpen(tenant: TenantRecord): PoolLease | undefined;
  };
  sessions: { resolve(ctx: { tenant: TenantRecord; db: Sql; now: Date }, token: string): Promise<Session | undefined> };
  /** Verifies a platform bearer token; throws ApiError with HTTP 401 when it is absent or not acceptable. */
  platformAuth: { verify(token: string | undefined): Promise<PlatformCaller> };
  /** The OpenAPI document's tags, in the docs' order: the kernel's, then each area's as its operations register. */
  openApiTags: ApiTag[];
  /** The tenants' branding, for the error pages of page operations (operation.ts). */
  brands: Pick<Brands, 'of'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    kernel: Kernel;
  }
  interface FastifyRequest {
    /** The ACTIVE tenant of the request's host; undefined on the bare base domain. */
    tenant: TenantRecord | undefined;
  }
}
