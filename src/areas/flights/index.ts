// The flights area: searches, result pages and pricing of flight offers through the flight supplier
// (integrations/flights), searches kept in PostgreSQL (table flight_searches), locations and airlines. Other areas
// get `pricedForCart`: an offer of a kept search priced by the server for a cart line.
import type { FlightSupplier } from '../../integrations/flights/index.js';
import type { Area } from '../../platform/area.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { flightOperations } from './flights.operations.js';
import type { Passenger } from './flights.schemas.js';
import { createFlightService, type FlightForCart } from './flights.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'flights',
    description: 'Flight searches kept 30 minutes, their result pages, offer pricing, airports, cities and airlines',
  },
];

export type { FlightForCart } from './flights.service.js';
export type { Passenger as FlightPassengerInput, PricedOffer } from './flights.schemas.js';

export interface FlightsApi {
  /**
   * The offer priced at the supplier now, for a cart line: NOTFOUND for an offer of an unknown or expired search,
   * INVALID_FORMAT for passengers that are not the search's, API_ERROR when the supplier fails.
   */
  pricedForCart(ctx: TenantContext, flightOfferId: string, passengers?: Passenger[]): Promise<FlightForCart>;
}

export interface FlightsAreaDeps {
  flightSupplier: FlightSupplier;
}

export function createFlightsArea(deps: FlightsAreaDeps): Area<FlightsApi> {
  const service = createFlightService(deps);
  return {
    tags: TAGS,
    operations: flightOperations(service),
    api: { pricedForCart: (ctx, flightOfferId, passengers) => service.pricedForCart(ctx, flightOfferId, passengers) },
  };
}
