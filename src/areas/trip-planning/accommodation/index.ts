// Accommodation search of trip planning (/tripmaker/accommodation/search, contract §8.5) through the online-hotel
// port, and the pure mapper of a port offer to the spec's accommodation offer that add-accommodation shares.
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import type { TripPlanningDeps } from '../trip.shared.js';
import { accommodationOperations } from './accommodation.operations.js';
import { createAccommodationService } from './accommodation.service.js';

export { accommodationOfferOf, BOARD_TYPE_OF_BASIS, boardTypeOf } from './accommodation.mapper.js';
export { AccommodationOffer } from './accommodation.schemas.js';

export function accommodationModule(deps: Pick<TripPlanningDeps, 'hotelSupplier'>): {
  operations: OperationDeclaration[];
} {
  return { operations: accommodationOperations(createAccommodationService(deps.hotelSupplier)) };
}
