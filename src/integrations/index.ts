// Every external system the areas use, built in one place from the settings: the payment gateway (the
// simulator by default, whose hosted page this service serves), the bot check, messaging, the ticket supplier and
// the flight supplier.
import type { ApiTag } from '../platform/http/openapi.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Sql } from '../platform/database/connections.js';
import { messagingNumberOf } from '../platform/tenancy/messaging-numbers.js';
import { type BotCheckProvider, createBotCheckProvider } from './bot-check/index.js';
import { createFlightSupplier, type FlightSupplier } from './flights/index.js';
import { createHotelSupplier, type HotelSupplier } from './hotels/index.js';
import { createMessenger, type Messenger, type WhatsAppWebhookSettings } from './messaging/index.js';
import { createPaymentGateway, type PaymentGateway, registerPaymentSimulatorRoutes } from './payment-gateway/index.js';
import {
  createTicketSupplier,
  type TicketCatalog,
  type TicketSupplier,
  type TicketSupplierSimulator,
} from './ticket-supplier/index.js';

export interface Integrations {
  paymentGateway: PaymentGateway;
  /** Payments in test mode are accepted (the simulator, or Telr's test mode). */
  testPayments: boolean;
  botCheck: BotCheckProvider;
  /** WhatsApp messages: the simulator by default, the WhatsApp Cloud API with TC_MESSAGING=whatsapp. */
  messenger: Messenger;
  /** The inbound webhook's App Secret and verify token; undefined when none are configured. */
  messagingWebhook: WhatsAppWebhookSettings | undefined;
  /** Tickets of hasVendorBooking products: the simulator by default, Tiqets with TC_TICKET_SUPPLIER=tiqets. */
  ticketSupplier: TicketSupplier;
  /** The same supplier when it is the simulator, for its test hooks (failures, the bookings it keeps). */
  ticketSupplierSimulator: TicketSupplierSimulator | undefined;
  /**
   * The ticket supplier's catalog, read: Tiqets' with TC_TICKET_SUPPLIER=tiqets, else the simulator's generated
   * catalog (60 countries, their biggest cities, thousands of experiences; availability by the clock's today).
   */
  ticketCatalog: TicketCatalog;
  /** Flight offers, locations and airlines: the simulator by default, Amadeus with TC_FLIGHTS=amadeus. */
  flightSupplier: FlightSupplier;
  /** Online hotel offers and bookings: the simulator by default, GoGlobal with TC_HOTELS=goglobal. */
  hotelSupplier: HotelSupplier;
  /** Adds what an integration serves itself (the simulator's payment page). */
  registerRoutes(app: FastifyInstance): Promise<void>;
  /** The OpenAPI tags of the routes it registers (the payment simulator's page). */
  tags: readonly ApiTag[];
}

export function createIntegrations(deps: {
  config: Config;
  platformDb: Sql;
  clock: () => Date;
  logger: FastifyBaseLogger;
}): Integrations {
  const { config } = deps;
  const gateway = createPaymentGateway(config.paymentGateway, {
    platformDb: deps.platformDb,
    publicUrl: config.publicUrl,
    clock: deps.clock,
  });
  const tickets = createTicketSupplier(config.ticketSupplier, { log: deps.logger, clock: deps.clock });
  return {
    paymentGateway: gateway,
    testPayments: config.paymentGateway.kind === 'simulator' || config.paymentGateway.testMode,
    botCheck: createBotCheckProvider(config.botCheck),
    messenger: createMessenger(config.messaging, {
      senderOf: (tenantId) => messagingNumberOf(deps.platformDb, tenantId),
      log: deps.logger,
    }),
    messagingWebhook: config.messaging.webhook,
    ticketSupplier: tickets.supplier,
    ticketSupplierSimulator: tickets.simulator,
    ticketCatalog: tickets.catalog,
    flightSupplier: createFlightSupplier(config, { clock: deps.clock, log: deps.logger }),
    hotelSupplier: createHotelSupplier(config, { clock: deps.clock, log: deps.logger }),
    tags:
      gateway.kind === 'simulator'
        ? [
            {
              name: 'payment simulator',
              description: 'The hosted payment page of the built-in payment gateway simulator (HTML)',
            },
          ]
        : [],
    async registerRoutes(app) {
      if (gateway.kind === 'simulator') await registerPaymentSimulatorRoutes(app, gateway);
    },
  };
}
