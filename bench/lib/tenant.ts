// One tenant provisioned by the service child, with its admin past the first-login password change: where the
// users, identity and login-flood scenarios start.
import { sessionAfterPasswordChange, type TenantApi, tenantApi } from './api.js';
import type { Sql } from '../../src/platform/database/connections.js';
import { childProvision, resetPool, type ServerChild } from './child.js';
import type { LoadTarget } from './measure.js';
import { waitForIdleConnections } from './postgres.js';
import type { BenchContext } from './scenario.js';
import { tenantPrefix } from './scenario.js';

export const BENCH_ADMIN_PASSWORD = 'bench admin password 1';

export interface BenchTenant {
  tenantCode: string;
  host: string;
  api: TenantApi;
  admin: { userId: number; session: string };
}

/** `tag` keeps the scenario's tenant codes apart from the other scenarios' of the run. */
export async function provisionBenchTenant(ctx: BenchContext, service: ServerChild, tag: string): Promise<BenchTenant> {
  const provisioned = await childProvision(
    service,
    { count: 1, concurrency: 1, prefix: tenantPrefix(ctx, tag) },
    120_000,
  );
  const tenantCode = provisioned.tenantCodes[0] ?? '';
  const host = `${tenantCode}.localhost`;
  const api = tenantApi(service.port('service'), host);
  const temporary = provisioned.adminPasswords[0] ?? '';
  const admin = await sessionAfterPasswordChange(api, 'admin', temporary, BENCH_ADMIN_PASSWORD);
  return { tenantCode, host, api, admin };
}

/**
 * The bench tenant's pool in the service child as a load target sees it: whose CPU a run counts (`served`), and a
 * fresh pool before each run (`freshPool`). The requests of the run before may still be at work: the old pool is
 * closed at once when evicted, so the reset waits for its connections to go idle first.
 */
export function servedTenant(admin: Sql, service: ServerChild, tenantCode: string) {
  const served = { pid: service.pid, applicationName: `travel-commerce:${tenantCode}` };
  const freshPool = async () => {
    await waitForIdleConnections(admin, served.applicationName);
    await resetPool(service, tenantCode);
  };
  return { served, freshPool };
}

/** The header a session's token travels in (contract §3). */
export const SESSION_HEADER = 'x-auth-request-access-token';

/**
 * Load targets of the bench tenant in the service child, each counting the tenant's CPU and starting from a fresh
 * pool: a GET of the bench child's own routes (the primary-key baselines) and a POST of an operation with a session.
 */
export function tenantTargets(admin: Sql, service: ServerChild, tenantCode: string, connections: number) {
  const { served, freshPool } = servedTenant(admin, service, tenantCode);
  const host = `${tenantCode}.localhost`;
  return {
    served,
    freshPool,
    benchRead: (label: string, path: string): LoadTarget => ({
      label,
      connections,
      request: { port: service.port('bench'), host, path },
      cpu: served,
      freshPool,
    }),
    operation: (label: string, path: string, body: object, session: string): LoadTarget => ({
      label,
      connections,
      request: {
        port: service.port('service'),
        host,
        method: 'POST',
        path,
        body: JSON.stringify(body),
        headers: { [SESSION_HEADER]: session },
      },
      profiled: service,
      cpu: served,
      freshPool,
    }),
  };
}
