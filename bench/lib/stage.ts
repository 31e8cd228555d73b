// The stage the read and write scenarios share: a baseline database with the bare children (bare-db, bare-tx)
// on it, the service child with one provisioned tenant, and that tenant's admin after the first-login password
// change. `stop()` stops every child in reverse order and removes the service's data folder.
import { rm } from 'node:fs/promises';
import { loadConfig } from '../../src/config.js';
import { withConnection } from '../../src/platform/database/connections.js';
import { sessionAfterPasswordChange, type TenantApi, tenantApi } from './api.js';
import { childProvision, type ServerChild, startServerChild } from './child.js';
import { createItems } from './items.js';
import { databaseUrl } from './postgres.js';
import { type BenchContext, requirePostgres, serviceSettings, tenantPrefix } from './scenario.js';

export interface BenchStage {
  bareDb: ServerChild;
  bareTx: ServerChild;
  service: ServerChild;
  /** The tenant pool size; the bare children use as many connections. */
  poolSize: number;
  tenantCode: string;
  host: string;
  api: TenantApi;
  adminSession: string;
  stop(): Promise<void>;
}

export async function startBenchStage(
  ctx: BenchContext,
  scenario: string,
  options: { tenantTag: string; adminPassword: string; env?: Record<string, string> },
): Promise<BenchStage> {
  const pg = requirePostgres(ctx);
  const baselineDb = `tc_bench_${ctx.runId}_${scenario}_baseline`;
  await pg.admin.unsafe(`CREATE DATABASE ${baselineDb}`);
  await withConnection(pg.server, baselineDb, 5, createItems);
  const settings = await serviceSettings(ctx, scenario, options.env);
  const poolSize = loadConfig(settings.env).db.poolSize;
  const children: ServerChild[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await child.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  };
  try {
    const baseline = { DATABASE_URL: databaseUrl(pg, baselineDb), BENCH_POOL_SIZE: String(poolSize) };
    const bareDb = await startServerChild('bare-db.ts', baseline);
    children.push(bareDb);
    const bareTx = await startServerChild('bare-tx.ts', baseline);
    children.push(bareTx);
    const service = await startServerChild('service.ts', settings.env);
    children.push(service);
    const provisioned = await childProvision(
      service,
      { count: 1, concurrency: 1, prefix: tenantPrefix(ctx, options.tenantTag) },
      120_000,
    );
    const tenantCode = provisioned.tenantCodes[0] ?? '';
    const host = `${tenantCode}.localhost`;
    const api = tenantApi(service.port('service'), host);
    const admin = await sessionAfterPasswordChange(
      api,
      'admin',
      provisioned.adminPasswords[0] ?? '',
      options.adminPassword,
    );
    return { bareDb, bareTx, service, poolSize, tenantCode, host, api, adminSession: admin.session, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
