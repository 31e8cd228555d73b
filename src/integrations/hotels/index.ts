// The online hotel supplier's public face: the port and the adapter the settings choose (the simulator by
// default; GoGlobal with TC_HOTELS=goglobal, Amadeus Hotel Search with TC_HOTELS=amadeus).
import type { Config } from '../../config.js';
import { createAmadeusHotelSupplier } from './amadeus/index.js';
import { createGoGlobalHotelSupplier, type GoGlobalLog } from './goglobal/index.js';
import type { HotelSupplier } from './port.js';
import { createHotelSimulator } from './simulator/index.js';

export {
  type HotelBookingRequest,
  type HotelGuest,
  type HotelOffer,
  type HotelPriceBreakdown,
  type HotelSearchRequest,
  type HotelSupplier,
  HotelSupplierError,
  type HotelSupplierErrorKind,
  type HotelValuation,
  type HotelVoucher,
  type NightPrice,
  type OfferAvailability,
  type RoomOccupancy,
  type SupplierBooking,
  type SupplierBookingState,
  type SupplierBookingStatus,
} from './port.js';

export interface HotelSupplierDeps {
  /** Today for the simulator's offers and cancellation deadlines. */
  clock: () => Date;
  /** Where the real adapters write what the supplier refused or failed (never a secret); silent when absent. */
  log?: GoGlobalLog;
}

export function createHotelSupplier(config: Config, deps: HotelSupplierDeps): HotelSupplier {
  if (config.hotels.kind === 'goglobal') {
    return createGoGlobalHotelSupplier(config.hotels, { log: deps.log ?? { warn: () => {} } });
  }
  if (config.hotels.kind === 'amadeus') {
    return createAmadeusHotelSupplier(config.hotels, { log: deps.log ?? { warn: () => {} } });
  }
  return createHotelSimulator({ clock: deps.clock, latencyMs: config.hotels.latencyMs });
}
