// The context a demo seed writes with: the tenant's administrator, through the same services (and so the same
// validation) as the API.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../../src/platform/database/connections.js';
import type { TenantContext } from '../../src/platform/http/operation.js';
import type { TenantRecord } from '../../src/platform/tenancy/tenant.js';

export function adminSeedContext(tenant: TenantRecord, db: Sql, log: FastifyBaseLogger): TenantContext {
  return {
    tenant,
    db,
    session: undefined,
    sessionToken: undefined,
    roles: ['admin'],
    correlationId: 'demo-seed',
    clientIp: '127.0.0.1',
    userAgent: undefined,
    log,
    now: new Date(),
  };
}
