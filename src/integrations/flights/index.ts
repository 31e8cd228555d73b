// The flight-supplier integration's public face: the port and the adapter the settings choose (the simulator by
// default; Amadeus with TC_FLIGHTS=amadeus).
import type { Config } from '../../config.js';
import { type AmadeusLog, createAmadeusFlightSupplier } from './amadeus/index.js';
import type { FlightSupplier } from './port.js';
import { createFlightSimulator } from './simulator/index.js';

export {
  type FareDetailsBySegment,
  type FlightAirline,
  type FlightEndpoint,
  type FlightItinerary,
  type FlightLocation,
  type FlightOffer,
  type FlightPassenger,
  type FlightSearchRequest,
  type FlightSegment,
  type FlightSupplier,
  FlightSupplierError,
  type FlightSupplierErrorKind,
  type IncludedCheckedBags,
  type PassengerType,
  type PricedFlightOffer,
  type TravelerPricing,
  type TravelerType,
} from './port.js';

export interface FlightSupplierDeps {
  /** Today for the simulator's last ticketing dates and the like. */
  clock: () => Date;
  /** Where the Amadeus adapter writes what Amadeus refused or failed (never a secret); silent when absent. */
  log?: AmadeusLog;
}

export function createFlightSupplier(config: Config, deps: FlightSupplierDeps): FlightSupplier {
  if (config.flights.kind === 'amadeus') {
    return createAmadeusFlightSupplier(config.flights, { log: deps.log ?? { warn: () => {} } });
  }
  return createFlightSimulator({ clock: deps.clock, latencyMs: config.flights.latencyMs });
}
