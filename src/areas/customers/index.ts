// The customers area: the people and companies an agency sells to (table `customers`) and the trip requests sent
// to it (table `trip_requests`). Other areas find or create customers and take up trip requests through its api;
// the kernel asks its readers whether a caller may use a customer id or a trip request id it sends.
import type { Config } from '../../config.js';
import type { Area } from '../../platform/area.js';
import { createMailQueue, type OutboxWorker } from '../../platform/outbox/index.js';
import type { SettingsApi } from '../settings/index.js';
import { addressOf, findByEmail, findById, findOrCreateByEmail } from './customers.lookup.js';
import { customersOperations } from './customers.operations.js';
import { type CustomerRecordOf, customerRecords, tripRequestRecords } from './customers.records.js';
import { findTripRequest, markTripRequestQuoted } from './trip-requests.lookup.js';
import { createTripRequestService } from './trip-requests.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [{ name: 'customer', description: 'Customer records and trip requests' }];

export type { Customer, CustomerAddress, NewCustomer } from './customers.lookup.js';
export type { CustomerRecordOf } from './customers.records.js';
export type { TripRequestStatus } from './customers.rules.js';
export type { TripRequestRecord } from './trip-requests.lookup.js';

/** Look-ups for other areas; each runs on the handle (pool or transaction) the caller passes. */
export interface CustomersApi {
  findById: typeof findById;
  /** The address and tax number a document addressed to the customer prints. */
  addressOf: typeof addressOf;
  findByEmail: typeof findByEmail;
  findOrCreateByEmail: typeof findOrCreateByEmail;
  findTripRequest: typeof findTripRequest;
  markTripRequestQuoted: typeof markTripRequestQuoted;
}

/** The api needs no dependencies: a test that builds another area by hand passes it as it is. */
export const customersApi: CustomersApi = {
  findById,
  addressOf,
  findByEmail,
  findOrCreateByEmail,
  findTripRequest,
  markTripRequestQuoted,
};

export interface CustomersAreaDeps {
  customerRecordOf: CustomerRecordOf;
  /** Where trip-request notifications go (notificationEmail). */
  settings: Pick<SettingsApi, 'read'>;
  outbox: Pick<OutboxWorker, 'kick'>;
  config: Pick<Config, 'rateLimits'>;
}

export function createCustomersArea(deps: CustomersAreaDeps): Area<CustomersApi> {
  const trips = createTripRequestService({
    settings: deps.settings,
    mail: createMailQueue(deps.outbox),
    rateLimits: deps.config.rateLimits,
  });
  return {
    tags: TAGS,
    operations: customersOperations(trips),
    api: customersApi,
    records: {
      customer: customerRecords(deps.customerRecordOf),
      tripRequest: tripRequestRecords(deps.customerRecordOf),
    },
  };
}
