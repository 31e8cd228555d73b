// Samples, every `intervalMs` while a load runs, the connections PostgreSQL sees from the service's tenant
// pools (pg_stat_activity, by application_name) and the connections the pool cache counts as reserved.
import type { Sql } from '../../src/platform/database/connections.js';
import { childStats, type ServerChild } from './child.js';
import { sleep } from './env.js';

export interface Samples {
  samples: number;
  maxTenantConnections: number;
  maxReservedConnections: number;
  maxOpenPools: number;
  tenantConnections: number[];
  reservedConnections: number[];
  /** Samples where the child did not answer in time. */
  missedStats: number;
}

export function startSampler(options: {
  admin: Sql;
  child: ServerChild;
  /** LIKE pattern of the tenant pools' application_name. */
  applicationName: string;
  intervalMs: number;
  /** The sampler stops by itself after this long. */
  maxMs: number;
}): { stop(): Promise<Samples> } {
  const samples: Samples = {
    samples: 0,
    maxTenantConnections: 0,
    maxReservedConnections: 0,
    maxOpenPools: 0,
    tenantConnections: [],
    reservedConnections: [],
    missedStats: 0,
  };
  let stopped = false;
  const deadline = Date.now() + options.maxMs;
  const loop = (async () => {
    while (!stopped && Date.now() < deadline) {
      const started = Date.now();
      const [rows, stats] = await Promise.all([
        options.admin<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name LIKE ${options.applicationName}`,
        childStats(options.child, options.intervalMs * 10).catch(() => undefined),
      ]);
      const connections = rows[0]?.n ?? 0;
      samples.samples += 1;
      samples.tenantConnections.push(connections);
      samples.maxTenantConnections = Math.max(samples.maxTenantConnections, connections);
      if (stats) {
        samples.reservedConnections.push(stats.reservedConnections);
        samples.maxReservedConnections = Math.max(samples.maxReservedConnections, stats.reservedConnections);
        samples.maxOpenPools = Math.max(samples.maxOpenPools, stats.openPools);
      } else {
        samples.missedStats += 1;
      }
      await sleep(Math.max(0, options.intervalMs - (Date.now() - started)));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return samples;
    },
  };
}
