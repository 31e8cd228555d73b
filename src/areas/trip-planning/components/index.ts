// Components of an itinerary (/tripmaker/itinerary/add-*|get-*|remove-*): flights priced again through the flight
// supplier, hotels valued again through the online-hotel port, activities from the ticket-supplier catalog or free
// text, other services, and exclusions (text only).
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import type { TripPlanningDeps } from '../trip.shared.js';

export function componentsModule(_deps: TripPlanningDeps): { operations: OperationDeclaration[] } {
  return { operations: [] };
}
