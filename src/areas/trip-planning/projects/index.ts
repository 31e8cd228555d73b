// Projects (/tripmaker/project/*): a customer's trip with its travellers, dates and status (contract §8.5), and its
// conversion into a back-office booking (toBooking).
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import type { TripPlanningDeps } from '../trip.shared.js';
import { projectOperations } from './projects.operations.js';
import { createProjectService } from './projects.service.js';
import { toBooking } from './to-booking.js';

export function projectsModule(deps: TripPlanningDeps): { operations: OperationDeclaration[] } {
  const projects = createProjectService(deps);
  return { operations: projectOperations(projects, (ctx, input) => toBooking(deps, ctx, input)) };
}
