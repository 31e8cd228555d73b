// The composition root: start the platform, build each area in dependency order (one line each, from what the
// platform, the integrations and the areas built before offer), then serve them (platform/serve-areas.ts).
// main.ts runs it for real; tests run it on their own databases of the shared test server. Adding an area is a
// folder plus one line here.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createAuthArea } from './areas/auth/index.js';
import { createBlmArea } from './areas/blm/index.js';
import { createBookingsArea } from './areas/bookings/index.js';
import { createCartArea } from './areas/cart/index.js';
import { createCatalogArea } from './areas/catalog/index.js';
import { commonApi, createCommonArea } from './areas/common/index.js';
import { createCruiseArea } from './areas/cruise/index.js';
import { createCustomersArea } from './areas/customers/index.js';
import { createDocumentsArea, localDiskStorage } from './areas/documents/index.js';
import { createFlightsArea } from './areas/flights/index.js';
import { createGroupsArea } from './areas/groups/index.js';
import { createHotelsArea } from './areas/hotels/index.js';
import { createMessagingArea } from './areas/messaging/index.js';
import { createOfflineTicketsArea } from './areas/offline-tickets/index.js';
import { createPaymentsArea } from './areas/payments/index.js';
import { createPlatformAdminArea } from './areas/platform-admin/index.js';
import { createQuotesArea } from './areas/quotes/index.js';
import { createSalesArea } from './areas/sales/index.js';
import { createSettingsArea } from './areas/settings/index.js';
import { createSystemArea } from './areas/system/index.js';
import { createTicketSupplierArea } from './areas/ticket-supplier/index.js';
import { createTripPlanningArea } from './areas/trip-planning/index.js';
import {
  createRealmPasswordChooser,
  createRealmPasswordReset,
  createUsersArea,
  seedAdminUser,
} from './areas/users/index.js';
import { createVisasArea } from './areas/visas/index.js';
import type { Config } from './config.js';
import { createIntegrations, type Integrations } from './integrations/index.js';
import type { TicketSupplierSimulator } from './integrations/ticket-supplier/index.js';
import type { Area } from './platform/area.js';
import { customerRecordOf } from './platform/auth/session.js';
import type { ServerAddress } from './platform/database/connections.js';
import type { DatabaseSupervision } from './platform/database/embedded-supervisor.js';
import { type ServedAreas, serveAreas } from './platform/serve-areas.js';
import { type Platform, type PlatformOptions, startPlatform } from './platform/start.js';

export { createLogger, tenantUrl } from './platform/start.js';

export interface ServiceOptions {
  config: Config;
  server: ServerAddress;
  logger?: Logger;
  clock?: () => Date;
  /** The embedded PostgreSQL's supervisor, when this node runs one (its restarts show in /system/health). */
  databaseSupervision?: DatabaseSupervision;
  /** The databases bootstrapped already (see PlatformOptions). */
  databasesReady?: Promise<void>;
  /** Work on the tenants beside the rest of the start (PlatformOptions); the service is answered once it ended. */
  alongside?: PlatformOptions['alongside'];
}

export interface Service extends Omit<Platform, 'jobs' | 'close' | 'alongside'>, ServedAreas {
  app: FastifyInstance;
  /** The ticket supplier's simulator, when it is the supplier (tests make it fail on purpose). */
  ticketSupplierSimulator: TicketSupplierSimulator | undefined;
}

export async function startService(options: ServiceOptions): Promise<Service> {
  const platform = await startPlatform({ ...options, seeders: [seedAdminUser] });
  let initialized = false;
  const integrations = createIntegrations(platform);
  const areas = buildAreas(platform, integrations, () => initialized);
  const served = await serveAreas(platform, areas, integrations);
  await platform.alongside;
  initialized = true;
  return {
    ...platform,
    ...served,
    ticketSupplierSimulator: integrations.ticketSupplierSimulator,
    close() {
      initialized = false;
      return served.close();
    },
  };
}

/**
 * Every area, each built from `base` (the platform, the integrations, and the caller's customer record as the
 * session carries it) and the apis of the areas built before it: no area waits for one built after it.
 */
function buildAreas(platform: Platform, integrations: Integrations, initialized: () => boolean): Area<unknown>[] {
  const base = { ...platform, ...integrations, customerRecordOf };
  const { config } = platform;
  const system = createSystemArea({ ...platform, state: { initialized } });
  const auth = createAuthArea({ idp: platform.idp, primaryClient: config.idp.authClients[0] ?? 'tc-web' });
  const platformAdmin = createPlatformAdminArea(platform);
  const settings = createSettingsArea();
  // The pages browsers see (sign-in, tickets, quotes, payments, their errors) in the agency's colours and contact.
  platform.brands.use(settings.api.look);
  const customers = createCustomersArea({ ...base, settings: settings.api });
  const users = createUsersArea({ ...base, customers: customers.api });
  // A password chosen on the builtin realm's login page becomes the tenant user's too (contract §7.1), and its
  // "Forgot password?" is the tenant's own reset.
  if (platform.idp.kind === 'builtin') {
    platform.idp.usePasswordChooser(createRealmPasswordChooser(platform));
    const { requestPasswordReset } = users.api;
    platform.idp.usePasswordReset(createRealmPasswordReset({ ...platform, requestPasswordReset }));
  }
  const rateLimits = config.rateLimits;
  const common = createCommonArea({ ...base, rateLimits, webActionRetentionDays: config.retention.webActionDays });
  const catalog = createCatalogArea(platform);
  const offlineTickets = createOfflineTicketsArea({ catalog: catalog.api });
  const ticketSupplier = createTicketSupplierArea(base);
  const documents = createDocumentsArea({ storage: localDiskStorage(config.dataDir) });
  const flights = createFlightsArea(integrations);
  const cart = createCartArea({
    ...platform,
    catalog: catalog.api,
    flights: flights.api,
    supplierTickets: ticketSupplier.api,
    reservations: { supplier: integrations.ticketSupplier, timeoutMs: config.ticketSupplier.timeoutMs },
  });
  const messaging = createMessagingArea(base);
  const apis = {
    ...base,
    settings: settings.api,
    customers: customers.api,
    catalog: catalog.api,
    offlineTickets: offlineTickets.api,
    documents: documents.api,
    cart: cart.api,
    messaging: messaging.api,
  };
  const paymentSettings = { linkMinutes: config.paymentGateway.linkMinutes, dataDir: config.dataDir };
  const payments = createPaymentsArea({ ...base, ...paymentSettings, settings: settings.api });
  const sales = createSalesArea({ ...apis, payments: payments.api });
  const quotes = createQuotesArea({ ...apis, sales: sales.api });
  // Bookings reads orders through sales and subscribes to its `order.paid`; sales knows nothing of bookings.
  const bookings = createBookingsArea({ ...apis, sales: sales.api });
  const customerRecordOfUser = users.api.customerRecordOfUser;
  const blm = createBlmArea({ ...apis, payments: payments.api, sales: sales.api, customerRecordOfUser });
  const groups = createGroupsArea({ customers: customers.api, spreadsheets: platform.spreadsheets });
  const visas = createVisasArea({ ...apis, payments: payments.api, countries: commonApi });
  const hotels = createHotelsArea({ hotelSupplier: integrations.hotelSupplier, payments: payments.api });
  const cruise = createCruiseArea({ blm: blm.api, customers: customers.api });
  // the platform's branding (the proposal) and the flight and hotel suppliers come with `base`
  const tripPlanning = createTripPlanningArea({
    ...base,
    customers: customers.api,
    rates: cruise.api,
    users: users.api,
    blm: blm.api,
    flights: flights.api,
    ticketSupplier: ticketSupplier.api,
  });
  return [
    ...[system, auth, platformAdmin, settings, users, common, catalog, offlineTickets, ticketSupplier, documents],
    ...[flights, cart],
    ...[messaging, customers, sales, quotes, bookings, payments, blm, groups, visas, hotels, cruise, tripPlanning],
  ];
}
