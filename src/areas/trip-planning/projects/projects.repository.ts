// SQL of projects: writes and the list. Reads and locks the parts share are in ../trip.repository.ts.
import type { Queryable } from '../../../platform/database/connections.js';
import { PROJECT_COLUMNS, type ProjectRow } from '../trip.repository.js';
import type { ProjectStatus } from '../trip.schemas.js';

/** What project/create and project/update write of a project. */
export type ProjectValues = Pick<
  ProjectRow,
  'project_name' | 'customer_id' | 'start_date' | 'end_date' | 'adults' | 'children' | 'infants'
>;

export async function insertProject(
  db: Queryable,
  values: ProjectValues & { currency: string; created_by: number | null; created_by_name: string | null },
  now: Date,
): Promise<number> {
  const [row] = await db<{ project_id: number }[]>`
    INSERT INTO trip_projects ${db({ ...values, created_at: now, updated_at: now })} RETURNING project_id`;
  if (!row) throw new Error('trip_projects insert returned nothing');
  return row.project_id;
}

export async function updateProject(
  db: Queryable,
  projectId: number,
  values: ProjectValues & { status: ProjectStatus },
  now: Date,
): Promise<void> {
  await db`UPDATE trip_projects SET ${db({ ...values, updated_at: now })} WHERE project_id = ${projectId}`;
}

export async function deleteProject(db: Queryable, projectId: number): Promise<void> {
  await db`DELETE FROM trip_projects WHERE project_id = ${projectId}`;
}

export async function markBooked(
  db: Queryable,
  projectId: number,
  booking: { bookingId: number; reference: string | null; itineraryId: number },
  now: Date,
): Promise<void> {
  await db`
    UPDATE trip_projects SET status = 'CONFIRMED', blm_booking_id = ${booking.bookingId},
      booking_reference = ${booking.reference}, booked_itinerary_id = ${booking.itineraryId}, updated_at = ${now}
    WHERE project_id = ${projectId}`;
}

export interface ProjectFilter {
  customerId?: number | undefined;
  status?: ProjectStatus | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * Projects newest first. The date range keeps trips that overlap it: ending on or after fromDate (or undated end)
 * and starting on or before toDate (or undated start); a project without dates matches any range.
 */
export async function listProjects(db: Queryable, filter: ProjectFilter): Promise<ProjectRow[]> {
  const byCustomer = filter.customerId === undefined ? db`` : db`AND customer_id = ${filter.customerId}`;
  const byStatus = filter.status === undefined ? db`` : db`AND status = ${filter.status}`;
  const from =
    filter.fromDate === undefined ? db`` : db`AND (end_date IS NULL OR end_date >= ${filter.fromDate}::date)`;
  const to = filter.toDate === undefined ? db`` : db`AND (start_date IS NULL OR start_date <= ${filter.toDate}::date)`;
  return db<ProjectRow[]>`
    SELECT ${db.unsafe(PROJECT_COLUMNS)} FROM trip_projects
    WHERE true ${byCustomer} ${byStatus} ${from} ${to}
    ORDER BY created_at DESC, project_id DESC LIMIT ${filter.limit} OFFSET ${filter.offset}`;
}
