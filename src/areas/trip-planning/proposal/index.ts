// The client proposal of an itinerary: the PDF (/tripmaker/itinerary/pdf) and the same view as an HTML page for
// employees (/tripmaker/itinerary/proposal), drawn from the itineraries part's read of the itinerary.
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import { readItineraryWithComponents } from '../itineraries/index.js';
import type { TripPlanningDeps } from '../trip.shared.js';
import { proposalOperations } from './proposal.operations.js';
import { createProposalService } from './proposal.service.js';

export function proposalModule(deps: TripPlanningDeps): { operations: OperationDeclaration[] } {
  const proposals = createProposalService({
    brands: deps.brands,
    flightSupplier: deps.flightSupplier,
    read: (ctx, itineraryId) => readItineraryWithComponents(deps, ctx, itineraryId),
  });
  return { operations: proposalOperations(proposals) };
}
