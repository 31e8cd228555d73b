// Entry point: configuration → PostgreSQL (embedded and supervised unless DATABASE_URL) → service → listen.
// SIGINT/SIGTERM: stop accepting, let requests in flight finish (10 s at most), close pools, stop PostgreSQL.
// Only what starts PostgreSQL is imported up front: the service's modules load while initdb and postgres run in
// their own processes (on an empty folder both take about a second or more each).
import type { DemoCatalogCounts } from '../db/seeds/demo.js';
import { ConfigError, type Config, loadConfig } from './config.js';
import { bootstrapDatabases, bootstrapOptions } from './platform/database/bootstrap.js';
import { parseDatabaseUrl, type ServerAddress } from './platform/database/connections.js';
import { type EmbeddedServer, startEmbeddedPostgres } from './platform/database/embedded.js';
import { MASTER_REALM } from './platform/idp/port.js';
import { createLogger } from './platform/logger.js';
import type { DemoHost, DemoLogin } from './demo-tenant.js';
import type { Service } from './service.js';

/** The service and the demo tenant, loaded while PostgreSQL starts. */
function loadService() {
  return Promise.all([import('./service.js'), import('./demo-tenant.js')]).then(([service, demo]) => ({
    ...service,
    ...demo,
  }));
}
type ServiceModules = Awaited<ReturnType<typeof loadService>>;

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
  const loading = loadService();
  loading.catch(() => undefined); // awaited below, after PostgreSQL started (or failed to)

  let embedded: EmbeddedServer | undefined;
  let server: ServerAddress;
  if (config.databaseUrl) {
    server = parseDatabaseUrl(config.databaseUrl);
  } else {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      log: (line) => logger.debug({ component: 'postgres' }, line),
      notice: (line) => logger.info({ component: 'postgres' }, line),
      alert: (line) => logger.warn({ component: 'postgres' }, line),
    });
    server = embedded.address;
  }

  // The databases' bootstrap (migrations included) runs while the service's modules still load.
  const databasesReady = bootstrapDatabases(bootstrapOptions(config, server));
  databasesReady.catch(() => undefined); // awaited by startService

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

  const modules = await loading;
  let demo: DemoLogin | undefined;
  let demoCatalog: DemoCatalogCounts | undefined;
  const alongside = async (platform: DemoHost) => {
    demo = await modules.ensureDemoTenant(platform);
    demoCatalog = await modules.ensureDemoCatalog(platform);
  };
  service = await modules.startService({
    ...{ config, server, logger, databaseSupervision: embedded, databasesReady },
    alongside: config.demo ? alongside : undefined,
  });
  const address = await service.app.listen({ host: config.host, port: config.port });
  logger.info({ address, readyInMs: Date.now() - started }, 'ready');
  printWelcome(modules, service, demo, demoCatalog);
}

/** Printed on the console (not the log): shown once, on the start that created them. */
function printWelcome(
  { DEMO_TENANT, tenantUrl }: ServiceModules,
  service: Service,
  demo: DemoLogin | undefined,
  demoCatalog: DemoCatalogCounts | undefined,
): void {
  const { config, platformClient } = service;
  const lines = [
    '',
    `Travel Commerce Service is listening on http://${config.host}:${config.port}`,
    `  API reference:   ${config.publicUrl}/docs  (OpenAPI: ${config.publicUrl}/openapi.json)`,
    `                   "Try it out" sends tenant operations to ${tenantServer(config.publicUrl)} (tenant: demo)`,
    `  Platform token:  POST ${service.idp.issuer(MASTER_REALM)}/protocol/openid-connect/token`,
    `                   client_id=${platformClient.clientId}`,
  ];
  if (platformClient.generated)
    lines.push(
      `                   client_secret=${platformClient.secret}  (shown once; kept in ${config.dataDir}/platform-client.secret)`,
    );
  else if (!config.idp.platformClientSecret && service.idp.kind === 'builtin')
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

/** The API reference's server of tenant operations: the tenant code is a variable of it. */
function tenantServer(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//{tenant}.${url.host}${url.pathname.replace(/\/$/, '')}`;
}

main().catch((error: unknown) => {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
