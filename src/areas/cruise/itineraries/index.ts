// Itineraries (a ship's route in an area, with its status) and their template stops.
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import { itinerariesOperations } from './itineraries.operations.js';
import { createItineraryService } from './itineraries.service.js';

export { ITINERARY_STATUSES, type ItineraryStatus } from './itineraries.rules.js';
export type { Itinerary, ItineraryTree, Template } from './itineraries.schemas.js';

export function itinerariesModule(): { operations: OperationDeclaration[] } {
  return { operations: itinerariesOperations(createItineraryService()) };
}
