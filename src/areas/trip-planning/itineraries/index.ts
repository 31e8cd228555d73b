// Itineraries (/tripmaker/itinerary/create|get|list|update|delete and costs): a project's option scenarios with their
// components and totals in the project's currency (contract §8.5). readItineraryWithComponents is what the proposal
// (../proposal/) renders.
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import type { TripPlanningDeps } from '../trip.shared.js';
import { itineraryOperations } from './itineraries.operations.js';
import { createItineraryService } from './itineraries.service.js';

export type { ItineraryWithComponents } from './itineraries.read.js';
export type { ItineraryCosts } from './itineraries.schemas.js';
export { readItineraryWithComponents } from './itineraries.read.js';

export function itinerariesModule(deps: TripPlanningDeps): { operations: OperationDeclaration[] } {
  return { operations: itineraryOperations(createItineraryService(deps)) };
}
