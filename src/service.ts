// The composition root: start the platform, then build each area in dependency order (one line each), then
// register every area's operations and start its jobs (stopped in reverse). main.ts runs it for real; tests run
// it on their own databases of the shared test server. Adding an area is a folder plus one line here.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createAuthArea } from './areas/auth/index.js';
import { type BlmAreaDeps, createBlmArea } from './areas/blm/index.js';
import { createBookingsArea } from './areas/bookings/index.js';
import { createCartArea } from './areas/cart/index.js';
import { createCatalogArea } from './areas/catalog/index.js';
import { commonApi, createCommonArea } from './areas/common/index.js';
import { type CustomersApi, createCustomersArea } from './areas/customers/index.js';
import { createDocumentsArea, type DocumentsApi, localDiskStorage } from './areas/documents/index.js';
import { createFlightsArea } from './areas/flights/index.js';
import { createGroupsArea } from './areas/groups/index.js';
import { createHotelsArea } from './areas/hotels/index.js';
import { createMessagingArea, type MessagingApi } from './areas/messaging/index.js';
import { createOfflineTicketsArea } from './areas/offline-tickets/index.js';
import { createPaymentsArea, type PaymentsApi } from './areas/payments/index.js';
import { createPlatformAdminArea } from './areas/platform-admin/index.js';
import { createQuotesArea } from './areas/quotes/index.js';
import { createSalesArea, type SalesAreaDeps } from './areas/sales/index.js';
import { createSettingsArea } from './areas/settings/index.js';
import { createSystemArea } from './areas/system/index.js';
import { createRealmPasswordChooser, createUsersArea, seedAdminUser, type UsersApi } from './areas/users/index.js';
import { createVisasArea } from './areas/visas/index.js';
import type { Config } from './config.js';
import { createIntegrations, type Integrations } from './integrations/index.js';
import type { Area, Job } from './platform/area.js';
import type { ServerAddress } from './platform/database/connections.js';
import type { ApiTag } from './platform/http/openapi.js';
import { type OperationDeclaration, registerOperations } from './platform/http/operation.js';
import { mergeRecordReaders, type RecordReaders } from './platform/http/records.js';
import { type Platform, startPlatform } from './platform/start.js';
import type { DatabaseSupervision } from './platform/database/embedded-supervisor.js';

export { createLogger, tenantUrl } from './platform/start.js';

export interface ServiceOptions {
  config: Config;
  server: ServerAddress;
  logger?: Logger;
  clock?: () => Date;
  /** The embedded PostgreSQL's supervisor, when this node runs one (its restarts show in /system/health). */
  databaseSupervision?: DatabaseSupervision;
}

export interface Service extends Omit<Platform, 'jobs' | 'close'> {
  app: FastifyInstance;
  /** Every operation the app serves, as declared (the role-table test and the docs walk it). */
  operations: readonly OperationDeclaration[];
  /** The OpenAPI tags, in the docs' order (the kernel's, then each area's). */
  apiTags: readonly ApiTag[];
  /** Every area's readers of the record kinds it owns (areaApp serves operations with them). */
  records: RecordReaders;
  /** Every background job of the platform and the areas, by name. */
  jobs: readonly Job[];
  /** The ticket supplier bookings use (the simulator: tests make it fail on purpose). */
  ticketSupplier: Integrations['ticketSupplier'];
  close(): Promise<void>;
}

/** In-flight requests get this long to finish at shutdown (contract §1). */
const SHUTDOWN_GRACE_MS = 10_000;

export async function startService(options: ServiceOptions): Promise<Service> {
  const platform = await startPlatform({ ...options, seeders: [seedAdminUser] });
  let initialized = false;
  const integrations = createIntegrations(platform);
  const areas = buildAreas(platform, integrations, () => initialized);
  const operations = areas.flatMap((area) => area.operations);
  const records = mergeRecordReaders(areas.map((area) => area.records));
  registerOperations(platform.app, operations, records, [
    ...areas.flatMap((area) => area.tags ?? []),
    ...integrations.tags,
  ]);
  await integrations.registerRoutes(platform.app);
  for (const area of areas) await area.registerRoutes?.(platform.app);
  await platform.app.ready();
  const jobs = [...platform.jobs, ...areas.flatMap((area) => area.jobs ?? [])];
  for (const job of jobs) await job.start();
  initialized = true;

  let closing: Promise<void> | undefined;
  return {
    ...platform,
    operations,
    apiTags: platform.app.kernel.openApiTags,
    records,
    jobs,
    ticketSupplier: integrations.ticketSupplier,
    close() {
      closing ??= (async () => {
        initialized = false;
        await closeApp(platform.app);
        for (const job of [...jobs].reverse()) await job.stop();
        await platform.close();
      })();
      return closing;
    },
  };
}

function buildAreas(platform: Platform, integrations: Integrations, initialized: () => boolean): Area<unknown>[] {
  const system = createSystemArea({ ...platform, state: { initialized } });
  const auth = createAuthArea({ idp: platform.idp, primaryClient: platform.config.idp.authClients[0] ?? 'tc-web' });
  const platformAdmin = createPlatformAdminArea(platform);
  const settings = createSettingsArea();
  // Asked at request time, once users is built: the users area knows which customer record a customer user is.
  const customers = createCustomersArea({
    ...platform,
    settings: settings.api,
    customerRecordOf: (ctx) => users.api.customerRecordOf(ctx),
  });
  const users = createUsersArea({ ...platform, customers: customers.api });
  // A password chosen on the builtin realm's login page becomes the tenant user's too (contract §7.1).
  if (platform.idp.kind === 'builtin') platform.idp.usePasswordChooser(createRealmPasswordChooser(platform));
  const common = createCommonArea({
    ...platform,
    botCheck: integrations.botCheck,
    rateLimits: platform.config.rateLimits,
    webActionRetentionDays: platform.config.retention.webActionDays,
  });
  const catalog = createCatalogArea(platform);
  const offlineTickets = createOfflineTicketsArea({ catalog: catalog.api });
  const documents = createDocumentsArea({ storage: localDiskStorage(platform.config.dataDir) });
  const flights = createFlightsArea(integrations);
  const cart = createCartArea({ catalog: catalog.api, flights: flights.api });
  const messaging = createMessagingArea({ ...platform, ...integrations });
  const { sales, quotes, bookings } = buildOrderAreas(platform, integrations, {
    cart: cart.api,
    catalog: catalog.api,
    customers: customers.api,
    offlineTickets: offlineTickets.api,
    documents: documents.api,
    settings: settings.api,
    messaging: messaging.api,
    customerRecordOf: users.api.customerRecordOf,
  });
  const payments = createPaymentsArea({ ...platform, ...integrations, ...paymentSettings(platform) });
  const blm = buildBlmArea(platform, { payments, customers, offlineTickets, cart, sales, catalog, users });
  const backOffice = { customers: customers.api, documents: documents.api, payments: payments.api };
  return [
    system,
    auth,
    platformAdmin,
    settings,
    users,
    common,
    catalog,
    offlineTickets,
    documents,
    flights,
    cart,
    messaging,
    customers,
    sales,
    quotes,
    bookings,
    payments,
    blm,
    ...buildBackOfficeAreas(platform, integrations, backOffice),
  ];
}

/** Back-office bookings, an owner of payment links, from the areas it uses. */
function buildBlmArea(
  platform: Platform,
  areas: {
    [K in 'payments' | 'customers' | 'offlineTickets' | 'cart' | 'sales' | 'catalog']: { api: BlmAreaDeps[K] };
  } & { users: { api: Pick<UsersApi, 'customerRecordOfUser'> } },
): Area<unknown> {
  return createBlmArea({
    ...platform,
    payments: areas.payments.api,
    customers: areas.customers.api,
    offlineTickets: areas.offlineTickets.api,
    cart: areas.cart.api,
    sales: areas.sales.api,
    catalog: areas.catalog.api,
    customerRecordOfUser: areas.users.api.customerRecordOfUser,
  });
}

/** The payments area's settings: payment links of every owner kind (blm, visas and hotels register theirs). */
const paymentSettings = (platform: Platform) => ({
  linkMinutes: platform.config.paymentGateway.linkMinutes,
  dataDir: platform.config.dataDir,
});

/** The back-office areas of spec part 2: group travel, visas and hotels (employees, and hotel search for guests). */
function buildBackOfficeAreas(
  platform: Platform,
  integrations: Integrations,
  apis: { customers: CustomersApi; documents: DocumentsApi; payments: PaymentsApi },
): Area<unknown>[] {
  const groups = createGroupsArea({ customers: apis.customers });
  const visas = createVisasArea({
    ...platform,
    payments: apis.payments,
    customers: apis.customers,
    documents: apis.documents,
    countries: commonApi,
  });
  const hotels = createHotelsArea({ hotelSupplier: integrations.hotelSupplier, payments: apis.payments });
  return [groups, visas, hotels];
}

/**
 * The areas of orders: sales, the quotes that become its invoices, and bookings. Bookings reads orders through sales
 * and subscribes to sales' `order.paid`; sales knows nothing of bookings.
 */
function buildOrderAreas(
  platform: Platform,
  integrations: Integrations,
  apis: Omit<SalesAreaDeps, keyof Platform | keyof Integrations> & { messaging: MessagingApi },
) {
  const sales = createSalesArea({ ...platform, ...integrations, ...apis });
  const quotes = createQuotesArea({
    ...apis,
    outbox: platform.outbox,
    tenantUrl: platform.tenantUrl,
    sales: sales.api,
  });
  const bookings = createBookingsArea({ ...platform, ...integrations, ...apis, sales: sales.api });
  return { sales, quotes, bookings };
}

/** Stops accepting and lets requests in flight finish, for at most the grace period. */
async function closeApp(app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
  });
  await Promise.race([app.close(), grace]);
  clearTimeout(timer);
}
