// What every part of the trip-planning area shares: the role policy, what the area is built from, and the schema
// pieces of its requests and answers.
import { type TSchema, Type } from '@sinclair/typebox';
import type { FlightSupplier } from '../../integrations/flights/index.js';
import type { HotelSupplier } from '../../integrations/hotels/index.js';
import { Allow, isEmployee } from '../../platform/auth/roles.js';
import type { RecordReaders } from '../../platform/http/records.js';
import type { Brands } from '../../platform/rendering/branding.js';
import { RecordId } from '../../platform/http/schema.js';
import type { BlmApi } from '../blm/index.js';
import type { CruiseApi } from '../cruise/index.js';
import type { CustomersApi } from '../customers/index.js';
import type { FlightsApi } from '../flights/index.js';
import type { TicketSupplierApi } from '../ticket-supplier/index.js';
import type { UsersApi } from '../users/index.js';

/** Contract §3: /tripmaker/* for employees (agent, employee, admin). */
export const employeePolicy = { allow: Allow.employees, tags: ['trip planning'] } as const;

/** The project a request names (contract §7.1): its operations declare it, the kernel checks it may be read. */
export const projectRecord = { projectId: 'tripProject' } as const;

/** Employees may read every project of their tenant; one that does not exist is NOTFOUND from the area itself. */
export const tripPlanningRecords: RecordReaders = {
  tripProject: { noun: 'Project', mayRead: async (ctx) => isEmployee(ctx.roles) },
};

/** What the area is built from (service.ts wires it once). */
export interface TripPlanningDeps {
  customers: Pick<CustomersApi, 'findById'>;
  /** The tenant's exchange rates (owned by the cruise area): every total converts into the project's currency. */
  rates: Pick<CruiseApi, 'rateInForce'>;
  /** A project's createdByName. */
  users: Pick<UsersApi, 'displayNameOfUser'>;
  /** toBooking makes a back-office booking (contract §7.3) in its own transaction. */
  blm: Pick<BlmApi, 'createWithLines' | 'statusOf'>;
  /** add-flight prices an offer of a kept /flight/search again through the flight supplier port. */
  flights: Pick<FlightsApi, 'pricedForCart'>;
  /** The flight supplier port itself (airports and airlines by code). */
  flightSupplier: FlightSupplier;
  /** add-accommodation values the offer again; accommodation/search searches. */
  hotelSupplier: HotelSupplier;
  /** add-activity prices a supplier product from the tenant's copy of the catalog. */
  ticketSupplier: Pick<TicketSupplierApi, 'saleableProduct'>;
  /** The proposal is drawn in the agency's name, colours and contact. */
  brands: Pick<Brands, 'of'>;
}

export const Id = RecordId;
export const Name = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });
export const OptionalText = (maxLength: number, description: string) =>
  Type.Optional(Type.String({ maxLength, description }));
export const DateOnly = (description: string) =>
  Type.String({ format: 'date', description: `${description} (yyyy-MM-dd)` });
export const CurrencyCode = (description: string) =>
  Type.String({ pattern: '^[A-Za-z]{3}$', description: `${description} (ISO 4217)` });
/** A plain string enum (not a union of literals) so a wrong value is answered "must be one of …". */
export const enumOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>(Type.String({ enum: [...values], description }));
export const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);
/** An amount of money in a request: exact to the currency's minor unit, checked by the service. */
export const Amount = (description: string) =>
  Type.Number({ minimum: -1_000_000_000, maximum: 1_000_000_000, description });
export const Deleted = Type.Boolean({ description: 'true: deleted' });
