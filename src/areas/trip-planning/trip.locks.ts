// The guard every change of a project, an itinerary or a component passes: the project row locked (the lock order
// of trip.repository.ts), and refused when its status takes no more changes (contract §8.5).
import type { TransactionSql } from '../../platform/database/connections.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import { lockProjectOfItinerary, type ProjectRow } from './trip.repository.js';
import { FROZEN_STATUSES } from './trip.rules.js';

/** INVALID_STATE: the project is CONFIRMED, COMPLETED or CANCELLED and takes no change but a status move. */
export function refuseFrozen(project: ProjectRow): void {
  if (FROZEN_STATUSES.includes(project.status)) {
    throw new ApiError(
      ErrorCode.INVALID_STATE,
      `Project ${project.project_id} is ${project.status}: only its status may change`,
    );
  }
}

/** The itinerary's project, locked and open to changes; NOTFOUND naming the itinerary when the tenant has none. */
export async function lockEditableItinerary(tx: TransactionSql, itineraryId: number): Promise<ProjectRow> {
  const project = await lockProjectOfItinerary(tx, itineraryId);
  if (!project) throw notFound('Itinerary');
  refuseFrozen(project);
  return project;
}
