// Cruise pricing (contract §8.3): an itinerary's templates, a sailing's charges and the tenant's exchange rates.
// The bookings beside it read a rate in force through `rateInForce`; the rest of the cruise area composes its
// operations.
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import { pricingOperations } from './pricing.operations.js';
import { rateInForce } from './pricing.repository.js';
import { createPricingService, exactPrice } from './pricing.service.js';

export interface CruisePricingApi {
  /** The rate (decimal text) of the pair in force on the date (yyyy-MM-dd), if the tenant has one. */
  rateInForce: typeof rateInForce;
}

export { exactPrice };

/** The api reads on the database handle it is given and needs no dependencies. */
export const cruisePricingApi: CruisePricingApi = { rateInForce };

export function createCruisePricing(): { operations: OperationDeclaration[]; api: CruisePricingApi } {
  return { operations: pricingOperations(createPricingService()), api: cruisePricingApi };
}
