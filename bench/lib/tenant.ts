// One tenant provisioned by the service child, with its admin past the first-login password change: where the
// users, identity and login-flood scenarios start.
import { sessionAfterPasswordChange, type TenantApi, tenantApi } from './api.js';
import type { Sql } from '../../src/platform/database/connections.js';
import { childProvision, resetPool, type ServerChild } from './child.js';
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
