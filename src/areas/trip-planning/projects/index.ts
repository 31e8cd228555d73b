// Projects (/tripmaker/project/*): a customer's trip with its travellers, dates and status (contract §8.5), and its
// conversion into a back-office booking (toBooking).
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import type { TripPlanningDeps } from '../trip.shared.js';

export function projectsModule(_deps: TripPlanningDeps): { operations: OperationDeclaration[] } {
  return { operations: [] };
}
