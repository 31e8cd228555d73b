// The online hotel supplier's public face: the port and the adapter the settings choose (the simulator by
// default; GoGlobal with TC_HOTELS=goglobal).
import type { Config } from '../../config.js';
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
  type SupplierBookingStatus,
} from './port.js';

export interface HotelSupplierDeps {
  /** Today for the simulator's offers and cancellation deadlines. */
  clock: () => Date;
}

export function createHotelSupplier(config: Config, deps: HotelSupplierDeps): HotelSupplier {
  if (config.hotels.kind === 'goglobal') {
    // the adapter lands in the next commit; until then the setting is refused at start rather than ignored
    throw new Error('TC_HOTELS=goglobal: the GoGlobal adapter is not built yet');
  }
  return createHotelSimulator({ clock: deps.clock, latencyMs: config.hotels.latencyMs });
}
