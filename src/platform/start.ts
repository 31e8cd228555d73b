// The platform every area runs on, started in order: databases and migrations, the sealing key, the identity
// provider, the tenant registry and pools, the cluster heartbeat, sessions, the outbox and the HTTP app with
// the kernel. The composition root (service.ts) builds the areas on top of it.
import { KERNEL_TAGS } from './http/openapi.js';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config, KeycloakConnectionSettings } from '../config.js';
import type { Job } from './area.js';
import { createPlatformTokenVerifier } from './auth/platform-bearer.js';
import { createSessionStore, type SessionStore } from './auth/sessions.js';
import { createHeartbeat, type Heartbeat } from './cluster/heartbeat.js';
import { createSecretBox, randomToken, type SecretBox } from './crypto.js';
import { createSpreadsheetImports, type SpreadsheetImports } from './spreadsheets/index.js';
import { createLogger } from './logger.js';
import { type Brands, createBrands } from './rendering/branding.js';
import { dataFolderSecret } from './data-folder.js';
import { bootstrapDatabases, bootstrapOptions } from './database/bootstrap.js';
import { connect, type ServerAddress, type Sql } from './database/connections.js';
import { tolerateDriverConnectionLoss } from './database/driver-rejections.js';
import type { DatabaseSupervision } from './database/embedded-supervisor.js';
import type { Kernel } from './http/kernel.js';
import { createHttpServer } from './http/server.js';
import {
  type BuiltinIdentityProvider,
  type BuiltinIdentityProviderDeps,
  createBuiltinIdentityProvider,
} from './idp/builtin/builtin-idp.js';
import { registerBuiltinIdpRoutes } from './idp/builtin/routes.js';
import { type FindLoginAccount, tenantLoginAccounts } from './idp/builtin/tenant-login-accounts.js';
import { createKeycloakIdentityProvider, type KeycloakIdentityProvider } from './idp/keycloak/keycloak-idp.js';
import type { IdentityProvider } from './idp/port.js';
import { createDomainEvents, type DomainEvents } from './events/index.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { createMailTransport, createOutboxRetention, createOutboxWorker, type OutboxWorker } from './outbox/index.js';
import { createPeriodicWork, type PeriodicWork } from './periodic/periodic-work.js';
import { createTenantLifecycle, type TenantLifecycle } from './tenancy/lifecycle.js';
import { createTenantPools, type TenantPools } from './tenancy/pools.js';
import { createProvisioner, type Provisioner, type TenantSeeder, WEB_CLIENT_ID } from './tenancy/provisioning.js';
import { createTenantRegistry, type TenantRegistry } from './tenancy/registry.js';
import { createTenantDatabases } from './tenancy/tenant-databases.js';
import { tenantUrlOf } from './tenancy/tenant.js';

export { createLogger } from './logger.js';

export interface PlatformOptions {
  config: Config;
  server: ServerAddress;
  logger?: Logger;
  clock?: () => Date;
  /** What areas add to every new tenant database, inside the provisioning transaction. */
  seeders: readonly TenantSeeder[];
  /** The embedded PostgreSQL's supervisor, when this node runs one. */
  databaseSupervision?: DatabaseSupervision;
  /**
   * The platform database and the tenant template bootstrapped already (main.ts starts that as soon as PostgreSQL
   * answers, while the service's modules still load); else startPlatform does it.
   */
  databasesReady?: Promise<void>;
  /**
   * Work on the tenants that starts as soon as their registry does and goes on while the HTTP server and the
   * areas' routes are set up (main.ts: the demo tenant, mostly PostgreSQL's work beside ours); its outcome is
   * `Platform.alongside`.
   */
  alongside?: (tenants: PlatformTenants) => Promise<void>;
}

/** What the `alongside` work has: the tenants' registry, pools and provisioning, with the platform's basics. */
export type PlatformTenants = Pick<Platform, 'config' | 'logger' | 'platformDb' | 'registry' | 'pools' | 'provisioner'>;

export interface Platform {
  config: Config;
  server: ServerAddress;
  logger: Logger;
  clock: () => Date;
  platformDb: Sql;
  /** The embedded PostgreSQL's supervisor, when this node runs one: why the database is down, if it is. */
  databaseSupervision?: DatabaseSupervision;
  secretBox: SecretBox;
  /**
   * TC_IDP: the builtin provider (the default), which also serves the token, certs and discovery routes, or
   * Keycloak, which serves its own (the service then serves none); `kind` tells them apart.
   */
  idp: BuiltinIdentityProvider | KeycloakIdentityProvider;
  registry: TenantRegistry;
  pools: TenantPools;
  lifecycle: TenantLifecycle;
  provisioner: Provisioner;
  heartbeat: Heartbeat;
  sessions: SessionStore;
  outbox: OutboxWorker;
  /** Domain events: areas publish in their transactions and subscribe at composition (delivered after commit). */
  events: DomainEvents;
  /** The per-tenant round of periodic work: areas register their jobs with it (one lease per tenant per round). */
  periodic: PeriodicWork;
  /** This node's Prometheus registry, served at GET /metrics. */
  metrics: Metrics;
  /** This node's spreadsheet imports: each in a worker thread, a few at once, all ended when the app closes. */
  spreadsheets: SpreadsheetImports;
  app: FastifyInstance;
  /** The platform client's credentials, and whether this start generated the secret. */
  platformClient: { clientId: string; secret: string; generated: boolean };
  /** `http://<code>.<base domain>:<port>`: a tenant's public address. */
  tenantUrl(tenantCode: string): string;
  /** The tenants' branding on the pages browsers see; the composition root wires in the settings area's reader. */
  brands: Brands;
  /** Work the platform runs once the app is ready (the outbox, the round of periodic work and its platform jobs). */
  jobs: readonly Job[];
  /** Stops what startPlatform started, after the jobs and the app are closed. */
  close(): Promise<void>;
  /** The `alongside` work of the options: settled once it ended (at once when there is none). */
  alongside: Promise<void>;
}

export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const { config, server } = options;
  const logger = options.logger ?? createLogger(config);
  const clock = options.clock ?? (() => new Date());
  tolerateDriverConnectionLoss(logger);
  const platformDb = await openPlatformDatabase(config, server, options.databasesReady);
  const secretBox = createSecretBox(await sealingKey(config));
  const realms = tenantsOfRealms(() => ({ tenancy, brands }));
  const { idp, platformClient } = await startIdentityProvider(config, platformDb, secretBox, clock, realms);
  const tenancy = createTenancy({ config, server, platformDb, secretBox, idp, logger, seeders: options.seeders });
  const brands = createBrands({ pools: tenancy.pools, log: logger });
  await tenancy.registry.start();
  await tenancy.lifecycle.migrateAll();
  const alongside = options.alongside?.({ config, logger, platformDb, ...tenancy }) ?? Promise.resolve();
  alongside.catch(() => undefined); // awaited by the caller, once its own start-up is done
  const heartbeat = await startHeartbeat(config, platformDb, logger);
  const sessions = createSessionStore({ platformDb, idp, authClients: config.idp.authClients, log: logger });
  await sessions.start();
  const { outbox, periodic, events, jobs } = createBackgroundWork(config, tenancy, logger, clock);
  const app = await createHttpServer(kernelOf(config, clock, tenancy, sessions, idp, brands), logger);
  const spreadsheets = createSpreadsheetImports(config.spreadsheetImports);
  // before the requests in flight are waited for: an import under way ends now, not at its deadline
  app.addHook('preClose', () => spreadsheets.stop());
  const metrics = createMetrics({
    pools: tenancy.pools,
    maxConnections: config.db.maxConnections,
    registry: tenancy.registry,
    outbox,
    events,
  });
  metrics.instrument(app);
  metrics.serve(app, config.metricsToken);
  if (idp.kind === 'builtin') await registerBuiltinIdpRoutes(app, idp);
  return {
    ...tenancy,
    alongside,
    config,
    server,
    logger,
    clock,
    platformDb,
    databaseSupervision: options.databaseSupervision,
    secretBox,
    idp,
    heartbeat,
    sessions,
    outbox,
    events,
    periodic,
    metrics,
    spreadsheets,
    app,
    platformClient,
    tenantUrl: (code) => tenantUrl(config, code),
    brands,
    jobs,
    async close() {
      await heartbeat.stop();
      await sessions.stop();
      await tenancy.registry.stop();
      await tenancy.pools.closeAll();
      await platformDb.end({ timeout: 5 });
    },
  };
}

/** This node's heartbeat in the platform database, started. */
async function startHeartbeat(config: Config, platformDb: Sql, log: Logger): Promise<Heartbeat> {
  const heartbeat = createHeartbeat({
    platformDb,
    nodeId: config.nodeId,
    intervalMs: config.cluster.heartbeatIntervalMs,
    log,
  });
  await heartbeat.start();
  return heartbeat;
}

/** The mail worker, the round of periodic work, the domain events, and the platform's own jobs in the round. */
function createBackgroundWork(config: Config, tenancy: Tenancy, logger: Logger, clock: () => Date) {
  const periodic = createPeriodicWork({ registry: tenancy.registry, pools: tenancy.pools, log: logger });
  const outbox = createOutboxWorker({
    periodic,
    registry: tenancy.registry,
    pools: tenancy.pools,
    transport: createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: logger }),
    log: logger,
    baseDomain: config.baseDomain,
    clock,
  });
  const events = createDomainEvents({ registry: tenancy.registry, pools: tenancy.pools, periodic, log: logger, clock });
  const jobs: Job[] = [
    { name: 'outbox', start: () => outbox.start(), stop: () => outbox.stop() },
    {
      name: 'periodic work',
      start: () => periodic.start(),
      stop: () => periodic.stop(),
      runOnce: () => periodic.runOnce(),
    },
    { name: 'domain events', start: () => events.start(), stop: () => events.stop(), runOnce: () => events.runOnce() },
    periodic.register(createOutboxRetention({ log: logger, clock, retentionDays: config.retention.outboxDays })),
  ];
  return { outbox, periodic, events, jobs };
}

/**
 * What the builtin provider asks of a tenant realm's tenant, at request time (tenancy is made after the provider):
 * the password grant counts attempts against its users; its browser pages are on its host, in its branding.
 */
function tenantsOfRealms(
  later: () => { tenancy: Tenancy; brands: Brands },
): Pick<BuiltinIdentityProviderDeps, 'loginAccounts' | 'pages'> {
  const loginAccounts: FindLoginAccount = (realm, username) => tenantLoginAccounts(later().tenancy)(realm, username);
  const tenantOf = (realm: string) =>
    later()
      .tenancy.registry.all()
      .find((tenant) => tenant.realm === realm && tenant.status === 'ACTIVE');
  return { loginAccounts, pages: { tenantOf, brands: { of: (tenant) => later().brands.of(tenant) } } };
}

export function tenantUrl(config: Config, tenantCode: string): string {
  return tenantUrlOf(config.publicUrl, tenantCode);
}

async function openPlatformDatabase(config: Config, server: ServerAddress, ready?: Promise<void>): Promise<Sql> {
  await (ready ?? bootstrapDatabases(bootstrapOptions(config, server)));
  return connect(server, {
    database: config.db.platformDatabase,
    max: config.db.platformPoolSize,
    connectTimeoutSeconds: config.db.connectTimeoutSeconds,
    applicationName: 'travel-commerce-platform',
  });
}

/** TC_SECRET_KEY, else the key generated into the data folder on the first start. */
async function sealingKey(config: Config): Promise<Buffer> {
  if (config.secretKey) return config.secretKey;
  const stored = await dataFolderSecret(config.dataDir, 'secret.key', () => randomBytes(32).toString('hex'));
  return Buffer.from(stored.value, 'hex');
}

async function startIdentityProvider(
  config: Config,
  platformDb: Sql,
  secretBox: SecretBox,
  clock: () => Date,
  tenants: Pick<BuiltinIdentityProviderDeps, 'loginAccounts' | 'pages'>,
) {
  if (config.idp.keycloak) return startKeycloak(config, config.idp.keycloak, clock);
  const idp = createBuiltinIdentityProvider({
    sql: platformDb,
    secretBox,
    publicUrl: config.publicUrl,
    tokenLifespanSeconds: config.idp.tokenLifespanSeconds,
    clock,
    loginLimits: { lockout: config.lockout, failuresPerAddress: config.rateLimits.loginFailures },
    ...tenants,
  });
  const secret = config.idp.platformClientSecret
    ? { value: config.idp.platformClientSecret, created: false }
    : await dataFolderSecret(config.dataDir, 'platform-client.secret', () => randomToken(32));
  await idp.ensureMasterRealm({ clientId: config.idp.platformClientId, secret: secret.value });
  const platformClient = { clientId: config.idp.platformClientId, secret: secret.value, generated: secret.created };
  return { idp, platformClient };
}

/** Keycloak answers and takes the admin client's credentials, or the start fails saying which. */
async function startKeycloak(config: Config, keycloak: KeycloakConnectionSettings, clock: () => Date) {
  const idp = createKeycloakIdentityProvider(
    {
      ...keycloak,
      tokenLifespanSeconds: config.idp.tokenLifespanSeconds,
      lockout: config.lockout,
      passwordClientId: WEB_CLIENT_ID,
    },
    { clock },
  );
  // The platform client is Keycloak's, set up by its operator: there is no secret of ours to generate or print.
  const platformClient = {
    clientId: config.idp.platformClientId,
    secret: config.idp.platformClientSecret ?? '',
    generated: false,
  };
  await idp.ensureMasterRealm(platformClient);
  return { idp, platformClient };
}

interface Tenancy {
  registry: TenantRegistry;
  pools: TenantPools;
  lifecycle: TenantLifecycle;
  provisioner: Provisioner;
}

function createTenancy(deps: {
  config: Config;
  server: ServerAddress;
  platformDb: Sql;
  secretBox: SecretBox;
  idp: IdentityProvider;
  logger: Logger;
  seeders: readonly TenantSeeder[];
}): Tenancy {
  const { config, server, platformDb, secretBox, logger } = deps;
  const registry = createTenantRegistry({
    platformDb,
    reconcileIntervalMs: config.cluster.reconcileIntervalMs,
    log: logger,
  });
  const pools = createTenantPools({
    server,
    secretBox,
    maxConnections: config.db.maxConnections,
    poolSize: config.db.poolSize,
    acquireTimeoutMs: config.db.acquireTimeoutMs,
    idleTimeoutMs: config.db.idleTimeoutMs,
    connectTimeoutSeconds: config.db.connectTimeoutSeconds,
    log: logger,
  });
  // A tenant that stops being ACTIVE on any node loses its pools here.
  registry.onChange((tenantId, tenant) => {
    if (tenant?.status !== 'ACTIVE') void pools.evict(tenantId);
  });
  const databases = createTenantDatabases({
    server,
    templateDatabase: config.db.templateDatabase,
    connectTimeoutSeconds: config.db.connectTimeoutSeconds,
    secretBox,
  });
  const lifecycle = createTenantLifecycle({ platformDb, registry, pools, databases, log: logger });
  const provisioner = createProvisioner({
    platformDb,
    server,
    registry,
    databases,
    idp: deps.idp,
    secretBox,
    tenantUrl: (code) => tenantUrl(config, code),
    connectTimeoutSeconds: config.db.connectTimeoutSeconds,
    seeders: [...deps.seeders],
    log: logger,
  });
  return { registry, pools, lifecycle, provisioner };
}

function kernelOf(
  config: Config,
  clock: () => Date,
  tenancy: Tenancy,
  sessions: SessionStore,
  idp: IdentityProvider,
  brands: Brands,
): Kernel {
  return {
    config,
    clock,
    brands,
    tenants: tenancy.registry,
    pools: tenancy.pools,
    sessions,
    platformAuth: createPlatformTokenVerifier({
      idp,
      authClients: config.idp.authClients,
      clockSkewSeconds: config.idp.clockSkewSeconds,
      clock,
    }),
    openApiTags: [...KERNEL_TAGS],
  };
}
