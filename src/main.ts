// Entry point: configuration → PostgreSQL (embedded unless DATABASE_URL) → service → listen.
// SIGINT/SIGTERM: stop accepting, let requests in flight finish (10 s at most), close pools, stop PostgreSQL.
import { type DemoCatalogCounts, seedDemoCatalog } from '../db/seeds/demo.js';
import { ConfigError, type Config, loadConfig } from './config.js';
import { parseDatabaseUrl, type ServerAddress } from './platform/database/connections.js';
import { type EmbeddedServer, startEmbeddedPostgres } from './platform/database/embedded.js';
import { randomToken } from './platform/crypto.js';
import { createLogger, type Service, startService, tenantUrl } from './service.js';

const DEMO_TENANT = 'demo';
const DEMO_SEED_LOCK = 7_020_002;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config);
  const started = Date.now();

  let embedded: EmbeddedServer | undefined;
  let server: ServerAddress;
  if (config.databaseUrl) {
    server = parseDatabaseUrl(config.databaseUrl);
  } else {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      log: (line) => logger.debug({ component: 'postgres' }, line),
      notice: (line) => logger.info({ component: 'postgres' }, line),
    });
    server = embedded.address;
  }

  let service: Service | undefined;
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    try {
      await service?.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  service = await startService({ config, server, logger });
  const demo = config.demo ? await ensureDemoTenant(service) : undefined;
  const demoCatalog = config.demo ? await ensureDemoCatalog(service) : undefined;
  const address = await service.app.listen({ host: config.host, port: config.port });
  logger.info({ address, readyInMs: Date.now() - started }, 'ready');
  printWelcome(service, demo, demoCatalog);
}

interface DemoLogin {
  url: string;
  username: string;
  temporaryPassword: string;
  systemSession: string;
}

async function ensureDemoTenant(service: Service): Promise<DemoLogin | undefined> {
  if (service.registry.byCode(DEMO_TENANT)) return undefined;
  const made = await service.provisioner.provision({
    tenantCode: DEMO_TENANT,
    tenantName: 'Demo Travel Agency',
    dbUser: 'tc_demo',
    dbPass: randomToken(24),
    adminEmail: `admin@${DEMO_TENANT}.${service.config.baseDomain}`,
    adminUsername: 'admin',
    timezone: 'Asia/Dubai',
    currency: 'AED',
    market: 'UAE',
  });
  return {
    url: tenantUrl(service.config, DEMO_TENANT),
    username: made.adminUser.username,
    temporaryPassword: made.adminUser.temporaryPassword,
    systemSession: made.systemSession,
  };
}

/** The demo tenant's catalog, written once: a demo tenant that has categories already is left alone. */
async function ensureDemoCatalog(service: Service): Promise<DemoCatalogCounts | undefined> {
  const tenant = service.registry.byCode(DEMO_TENANT);
  if (tenant?.status !== 'ACTIVE') return undefined;
  const lease = await service.pools.acquire(tenant);
  // Nodes starting together must not both seed: the one holding the lock does, the others skip.
  const guard = await lease.sql.reserve();
  try {
    const [lock] = await guard<{ locked: boolean }[]>`SELECT pg_try_advisory_lock(${DEMO_SEED_LOCK}) AS locked`;
    if (!lock?.locked) return undefined;
    const counts = await seedDemoCatalog(tenant, lease.sql, service.logger);
    if (counts.products > 0) service.logger.info({ tenant: DEMO_TENANT, ...counts }, 'demo catalog seeded');
    return counts.products > 0 ? counts : undefined;
  } catch (error) {
    // The demo data is a convenience: the service starts without it.
    service.logger.error({ err: error }, 'demo catalog not seeded');
    return undefined;
  } finally {
    await guard`SELECT pg_advisory_unlock_all()`.catch(() => undefined);
    guard.release();
    lease.release();
  }
}

/** Printed on the console (not the log): shown once, on the start that created them. */
function printWelcome(service: Service, demo: DemoLogin | undefined, demoCatalog: DemoCatalogCounts | undefined): void {
  const { config, platformClient } = service;
  const lines = [
    '',
    `Travel Commerce Service is listening on http://${config.host}:${config.port}`,
    `  API reference:   ${config.publicUrl}/docs  (OpenAPI: ${config.publicUrl}/openapi.json)`,
    `  Platform token:  POST ${config.publicUrl}/realms/master/protocol/openid-connect/token`,
    `                   client_id=${platformClient.clientId}`,
  ];
  if (platformClient.generated)
    lines.push(
      `                   client_secret=${platformClient.secret}  (shown once; kept in ${config.dataDir}/platform-client.secret)`,
    );
  else if (!config.idp.platformClientSecret)
    lines.push(`                   client_secret: see ${config.dataDir}/platform-client.secret`);
  if (demo) {
    lines.push(
      `  Demo tenant:     ${demo.url}`,
      `                   admin login: ${demo.username} / ${demo.temporaryPassword}  (must be changed at first login)`,
      `                   website key (pk): ${demo.systemSession}`,
      '                   (a server-side secret of the website back end: never in a web page; browsers get',
      '                   their own guest session from POST /auth/guest)',
    );
  } else if (service.registry.byCode(DEMO_TENANT)) {
    lines.push(`  Demo tenant:     ${tenantUrl(config, DEMO_TENANT)}`);
  }
  if (demoCatalog)
    lines.push(
      `                   demo catalog: ${demoCatalog.products} products in ${demoCatalog.categories} categories`,
    );
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
