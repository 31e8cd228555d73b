// The composition root: given the configuration and a PostgreSQL server, it prepares the databases, wires
// every dependency once and builds the HTTP app. main.ts runs it for real; tests run it on their own
// databases of the shared test server.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { registerAuthOperations } from './areas/auth/auth.operations.js';
import { createCartService, registerCartOperations } from './areas/cart/index.js';
import { createOfflineTicketService, registerOfflineTicketOperations } from './areas/offline-tickets/index.js';
import {
  createCheckoutService,
  createInvoiceDocuments,
  createPaymentOutcomes,
  createPaymentReconciler,
  registerSalesOperations,
} from './areas/sales/index.js';
import { createPaymentGateway, registerPaymentSimulatorRoutes } from './integrations/payment-gateway/index.js';
import {
  createCatalogAdminService,
  createCatalogReadCaches,
  createCatalogService,
  createHoldSweeper,
  registerCatalogOperations,
} from './areas/catalog/index.js';
import { registerPlatformAdminOperations } from './areas/platform-admin/platform-admin.operations.js';
import { registerCommonArea } from './areas/common/index.js';
import { registerSystemOperations } from './areas/system/system.operations.js';
import { createUsersService, registerUsersOperations, seedAdminUser } from './areas/users/index.js';
import { createSystemService } from './areas/system/system.service.js';
import type { Config } from './config.js';
import { createPlatformTokenVerifier } from './platform/auth/platform-bearer.js';
import { createSessionStore, type SessionStore } from './platform/auth/sessions.js';
import { createHeartbeat } from './platform/cluster/heartbeat.js';
import { createSecretBox, randomToken } from './platform/crypto.js';
import { dataFolderSecret } from './platform/data-folder.js';
import { bootstrapDatabases } from './platform/database/bootstrap.js';
import { tolerateDriverConnectionLoss } from './platform/database/driver-rejections.js';
import { connect, type ServerAddress, type Sql } from './platform/database/connections.js';
import type { Kernel } from './platform/http/kernel.js';
import { createHttpServer } from './platform/http/server.js';
import { type BuiltinIdentityProvider, createBuiltinIdentityProvider } from './platform/idp/builtin/builtin-idp.js';
import { registerBuiltinIdpRoutes } from './platform/idp/builtin/routes.js';
import { createTenantLifecycle, type TenantLifecycle } from './platform/tenancy/lifecycle.js';
import { createTenantPools, type TenantPools } from './platform/tenancy/pools.js';
import { createProvisioner, type Provisioner, type TenantSeeder } from './platform/tenancy/provisioning.js';
import { createTenantRegistry, type TenantRegistry } from './platform/tenancy/registry.js';
import { createTenantDatabases } from './platform/tenancy/tenant-databases.js';
import type { TenantSweep } from './platform/tenancy/tenant-sweep.js';
import { createMailTransport, createOutboxWorker, type OutboxWorker } from './platform/outbox/index.js';

export interface ServiceOptions {
  config: Config;
  server: ServerAddress;
  logger?: Logger;
  clock?: () => Date;
}

export interface Service {
  app: FastifyInstance;
  config: Config;
  logger: Logger;
  platformDb: Sql;
  registry: TenantRegistry;
  pools: TenantPools;
  lifecycle: TenantLifecycle;
  provisioner: Provisioner;
  idp: BuiltinIdentityProvider;
  sessions: SessionStore;
  outbox: OutboxWorker;
  /** Settles payment links whose redirect never came, and confirmed payments whose processing failed. */
  paymentReconciler: TenantSweep;
  /** The platform client's credentials, and whether this start generated the secret. */
  platformClient: { clientId: string; secret: string; generated: boolean };
  close(): Promise<void>;
}

/** In-flight requests get this long to finish at shutdown (contract §1). */
const SHUTDOWN_GRACE_MS = 10_000;

export function createLogger(config: Config): Logger {
  return pino({
    level: config.logLevel,
    base: { node: config.nodeId },
    // Defence in depth: secrets never reach a log line even when an object holding them is logged.
    redact: {
      paths: [
        'password',
        'newPassword',
        'dbPass',
        'session',
        'token',
        'secret',
        'client_secret',
        '*.password',
        '*.newPassword',
        '*.dbPass',
        '*.session',
        '*.token',
        '*.secret',
        '*.client_secret',
        'req.headers.authorization',
        'req.headers["x-auth-request-access-token"]',
      ],
      censor: '***',
    },
  });
}

export async function startService(options: ServiceOptions): Promise<Service> {
  const { config, server } = options;
  const logger = options.logger ?? createLogger(config);
  const clock = options.clock ?? (() => new Date());
  let initialized = false;
  tolerateDriverConnectionLoss(logger);

  await bootstrapDatabases({
    server,
    platformDatabase: config.db.platformDatabase,
    templateDatabase: config.db.templateDatabase,
    connectTimeoutSeconds: config.db.connectTimeoutSeconds,
  });
  const platformDb = connect(server, {
    database: config.db.platformDatabase,
    max: config.db.platformPoolSize,
    connectTimeoutSeconds: config.db.connectTimeoutSeconds,
    applicationName: 'travel-commerce-platform',
  });

  const secretKey =
    config.secretKey ??
    Buffer.from(
      (await dataFolderSecret(config.dataDir, 'secret.key', () => randomBytes(32).toString('hex'))).value,
      'hex',
    );
  const secretBox = createSecretBox(secretKey);

  const idp = createBuiltinIdentityProvider({
    sql: platformDb,
    secretBox,
    publicUrl: config.publicUrl,
    tokenLifespanSeconds: config.idp.tokenLifespanSeconds,
    clock,
  });
  const platformSecret = config.idp.platformClientSecret
    ? { value: config.idp.platformClientSecret, created: false }
    : await dataFolderSecret(config.dataDir, 'platform-client.secret', () => randomToken(32));
  await idp.ensureMasterRealm({ clientId: config.idp.platformClientId, secret: platformSecret.value });

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
    connectTimeoutSeconds: config.db.connectTimeoutSeconds,
    log: logger,
  });
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
  const seeders: TenantSeeder[] = [seedAdminUser];
  const provisioner = createProvisioner({
    platformDb,
    server,
    registry,
    databases,
    idp,
    secretBox,
    tenantUrl: (code) => tenantUrl(config, code),
    connectTimeoutSeconds: config.db.connectTimeoutSeconds,
    seeders,
    log: logger,
  });

  await registry.start();
  await lifecycle.migrateAll();
  const heartbeat = createHeartbeat({
    platformDb,
    nodeId: config.nodeId,
    intervalMs: config.cluster.heartbeatIntervalMs,
    log: logger,
  });
  await heartbeat.start();

  const sessions = createSessionStore({ platformDb, idp, authClients: config.idp.authClients, log: logger });
  await sessions.start();
  const outbox = createOutboxWorker({
    registry,
    pools,
    transport: createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: logger }),
    log: logger,
    baseDomain: config.baseDomain,
    clock,
  });

  const holdSweeper = createHoldSweeper({ registry, pools, log: logger, clock });

  const kernel: Kernel = {
    config,
    clock,
    tenants: registry,
    pools,
    sessions,
    platformAuth: createPlatformTokenVerifier({
      idp,
      authClients: config.idp.authClients,
      clockSkewSeconds: config.idp.clockSkewSeconds,
      clock,
    }),
  };
  const app = await createHttpServer(kernel, logger);
  const system = createSystemService({
    platformDb,
    heartbeat,
    registry,
    pools,
    state: { initialized: () => initialized },
  });
  registerSystemOperations(app, system);
  registerAuthOperations(app, { idp, primaryClient: config.idp.authClients[0] ?? 'tc-web' });
  registerPlatformAdminOperations(app, { provisioner, lifecycle, registry, platformDb });
  registerUsersOperations(
    app,
    createUsersService({
      sessions,
      mailQueued: (tenantId) => outbox.kick(tenantId),
      tenantUrl: (code) => tenantUrl(config, code),
      rateLimits: config.rateLimits,
      lockout: config.lockout,
    }),
  );
  registerCommonArea(app, {
    botCheck: config.botCheck,
    rateLimits: { webAction: config.rateLimits.webAction, botCheck: config.rateLimits.botCheck },
  });
  const catalogCaches = createCatalogReadCaches({ platformDb, log: logger });
  await catalogCaches.start();
  const catalog = createCatalogService(catalogCaches);
  registerCatalogOperations(app, catalog, createCatalogAdminService(catalog, catalogCaches));
  const carts = createCartService({ sessions, catalog });
  registerCartOperations(app, carts);
  registerOfflineTicketOperations(app, createOfflineTicketService());
  const paymentGateway = createPaymentGateway(config.paymentGateway, {
    platformDb,
    publicUrl: config.publicUrl,
    clock,
  });
  if (paymentGateway.kind === 'simulator') await registerPaymentSimulatorRoutes(app, paymentGateway);
  const testPayments = config.paymentGateway.kind === 'simulator' || config.paymentGateway.testMode;
  const outcomes = createPaymentOutcomes({
    gateway: paymentGateway,
    testPayments,
    tenantUrl: (code) => tenantUrl(config, code),
    mailQueued: (tenantId) => outbox.kick(tenantId),
  });
  registerSalesOperations(app, {
    checkout: createCheckoutService({
      gateway: paymentGateway,
      carts,
      linkMinutes: config.paymentGateway.linkMinutes,
      tenantHost: (code) => new URL(tenantUrl(config, code)).host,
      publicScheme: new URL(config.publicUrl).protocol.replace(':', ''),
      testPayments,
      config,
    }),
    outcomes,
    documents: createInvoiceDocuments({ sessions }),
    dataDir: config.dataDir,
  });
  const paymentReconciler = createPaymentReconciler({ registry, pools, outcomes, log: logger, clock });
  await registerBuiltinIdpRoutes(app, idp);
  await app.ready();
  outbox.start();
  holdSweeper.start();
  paymentReconciler.start();
  initialized = true;

  let closing: Promise<void> | undefined;
  return {
    app,
    config,
    logger,
    platformDb,
    registry,
    pools,
    lifecycle,
    provisioner,
    idp,
    sessions,
    outbox,
    paymentReconciler,
    platformClient: {
      clientId: config.idp.platformClientId,
      secret: platformSecret.value,
      generated: platformSecret.created,
    },
    close() {
      closing ??= (async () => {
        initialized = false;
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
        });
        await Promise.race([app.close(), grace]);
        clearTimeout(timer);
        await outbox.stop();
        await holdSweeper.stop();
        await paymentReconciler.stop();
        await heartbeat.stop();
        await sessions.stop();
        await catalogCaches.stop();
        await registry.stop();
        await pools.closeAll();
        await platformDb.end({ timeout: 5 });
      })();
      return closing;
    },
  };
}

export function tenantUrl(config: Config, tenantCode: string): string {
  const publicUrl = new URL(config.publicUrl);
  publicUrl.hostname = `${tenantCode}.${publicUrl.hostname}`;
  return publicUrl.toString().replace(/\/$/, '');
}
