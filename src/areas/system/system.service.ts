// Health and readiness of this node: the platform database answers, the cluster's members, the tenants.
import type { Sql } from '../../platform/database/connections.js';
import type { Heartbeat } from '../../platform/cluster/heartbeat.js';
import type { DatabaseSupervision } from '../../platform/database/embedded-supervisor.js';
import type { TenantPools } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import type { HealthReport, ReadinessReport } from './system.schemas.js';

/** A health check must answer within 2 s even when PostgreSQL hangs or is gone. */
const DATABASE_CHECK_TIMEOUT_MS = 1_500;

export interface SystemState {
  /** True once migrations ran and every integration is initialised. */
  initialized(): boolean;
}

export function createSystemService(deps: {
  platformDb: Sql;
  heartbeat: Heartbeat;
  registry: TenantRegistry;
  pools: TenantPools;
  state: SystemState;
  /** The embedded PostgreSQL's supervisor, when this node runs one. */
  databaseSupervision?: DatabaseSupervision;
}) {
  // While the node restarts its own PostgreSQL, the reason says so rather than what the driver saw.
  const checkDatabase = async (): Promise<string> => {
    const answer = await askDatabase();
    const outage = answer === 'UP' ? undefined : deps.databaseSupervision?.outage();
    return outage ? `DOWN: ${outage}` : answer;
  };

  const askDatabase = async (): Promise<string> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(`DOWN: no answer within ${DATABASE_CHECK_TIMEOUT_MS} ms`),
        DATABASE_CHECK_TIMEOUT_MS,
      );
    });
    const query = deps.platformDb`SELECT 1`.then(
      () => 'UP',
      (error: unknown) => `DOWN: ${describe(error)}`,
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const plugins = (): HealthReport['plugins'] => (deps.state.initialized() ? 'INITIALIZED' : 'NOT_INITIALIZED');

  return {
    async health(): Promise<HealthReport> {
      const database = await checkDatabase();
      const tenants = deps.registry.all();
      const report: HealthReport = {
        status: database === 'UP' && plugins() === 'INITIALIZED' ? 'UP' : 'DEGRADED',
        database,
        cluster: 'UNKNOWN',
        plugins: plugins(),
        tenants: {
          active: tenants.filter((tenant) => tenant.status === 'ACTIVE').length,
          suspended: tenants.filter((tenant) => tenant.status === 'SUSPENDED').length,
          openPools: deps.pools.stats().openPools,
        },
      };
      if (database === 'UP') {
        const members = await deps.heartbeat.liveMembers().catch(() => undefined);
        if (members !== undefined) {
          report.cluster = `UP (${members} members)`;
          if (members <= 1) report.clusterWarning = 'Only one cluster member: no other node can take over';
        }
      }
      return report;
    },
    async readiness(): Promise<ReadinessReport> {
      const database = await checkDatabase();
      const ready = database === 'UP' && plugins() === 'INITIALIZED';
      return { status: ready ? 'READY' : 'NOT_READY', database, plugins: plugins() };
    },
  };
}

/** A reason fit for an answer: the error's code or kind, never a connection string or SQL. */
function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code === 'CONNECT_TIMEOUT' ? 'connection timed out' : error.code.toLowerCase().replace(/_/g, ' ');
  }
  return 'unreachable';
}
