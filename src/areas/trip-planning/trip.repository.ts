// SQL the parts of the area share: a project, an itinerary and the components of itineraries. Lock order: the
// project row (every change to a project, its itineraries or their components takes it FOR UPDATE first, so a
// change cannot slip past a status move), then, for toBooking only, the back-office counter (taken last by BLM).
import type { Queryable } from '../../platform/database/connections.js';
import type { ComponentType, MarginType, ProjectStatus } from './trip.schemas.js';

export interface ProjectRow {
  project_id: number;
  project_name: string;
  customer_id: number | null;
  start_date: string | null;
  end_date: string | null;
  adults: number;
  children: number;
  infants: number;
  currency: string;
  status: ProjectStatus;
  created_by: number | null;
  created_by_name: string | null;
  blm_booking_id: number | null;
  booking_reference: string | null;
  booked_itinerary_id: number | null;
  created_at: Date;
  updated_at: Date;
}

export const PROJECT_COLUMNS = `project_id, project_name, customer_id, start_date::text AS start_date,
  end_date::text AS end_date, adults, children, infants, currency, status, created_by, created_by_name,
  blm_booking_id, booking_reference, booked_itinerary_id, created_at, updated_at`;

export async function selectProject(db: Queryable, projectId: number): Promise<ProjectRow | undefined> {
  const [row] = await db<ProjectRow[]>`
    SELECT ${db.unsafe(PROJECT_COLUMNS)} FROM trip_projects WHERE project_id = ${projectId}`;
  return row;
}

/** The project, locked until the transaction ends: its status cannot move while the caller changes it. */
export async function lockProject(db: Queryable, projectId: number): Promise<ProjectRow | undefined> {
  const [row] = await db<ProjectRow[]>`
    SELECT ${db.unsafe(PROJECT_COLUMNS)} FROM trip_projects WHERE project_id = ${projectId} FOR UPDATE`;
  return row;
}

export interface ItineraryRow {
  itinerary_id: number;
  project_id: number;
  itinerary_name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

const ITINERARY_COLUMNS = 'itinerary_id, project_id, itinerary_name, description, created_at, updated_at';

export async function selectItinerary(db: Queryable, itineraryId: number): Promise<ItineraryRow | undefined> {
  const [row] = await db<ItineraryRow[]>`
    SELECT ${db.unsafe(ITINERARY_COLUMNS)} FROM trip_itineraries WHERE itinerary_id = ${itineraryId}`;
  return row;
}

export function selectItinerariesOfProject(db: Queryable, projectId: number): Promise<ItineraryRow[]> {
  return db<ItineraryRow[]>`
    SELECT ${db.unsafe(ITINERARY_COLUMNS)} FROM trip_itineraries WHERE project_id = ${projectId}
    ORDER BY itinerary_id`;
}

/** The project an itinerary belongs to, locked (see the lock order); undefined when either is unknown. */
export async function lockProjectOfItinerary(db: Queryable, itineraryId: number) {
  const [row] = await db<ProjectRow[]>`
    SELECT ${db.unsafe(PROJECT_COLUMNS)} FROM trip_projects
    WHERE project_id = (SELECT project_id FROM trip_itineraries WHERE itinerary_id = ${itineraryId}) FOR UPDATE`;
  return row;
}

/** What only some kinds of component have, kept as JSON (db/tenant/0055_trip_planning.sql). */
export interface ComponentDetails {
  // flights
  airline?: string;
  flightNumber?: string;
  origin?: string;
  originName?: string;
  destination?: string;
  destinationName?: string;
  departureDate?: string;
  departureTime?: string;
  arrivalDate?: string;
  arrivalTime?: string;
  cabinClass?: string;
  returnDate?: string | null;
  segments?: Array<{
    carrierCode: string;
    flightNumber: string;
    origin: string;
    destination: string;
    departureAt: string;
    arrivalAt: string;
    duration: string;
    cabin: string | null;
  }>;
  // hotels
  offerId?: string;
  hotelId?: string;
  hotelName?: string;
  roomType?: string;
  boardType?: string;
  nights?: number;
  checkIn?: string;
  checkOut?: string;
  // activities
  productId?: string | null;
  variantId?: string | null;
  title?: string;
  quantity?: number;
  // services
  serviceType?: string;
}

export interface ComponentRow {
  component_id: number;
  itinerary_id: number;
  component_type: ComponentType;
  day_number: number | null;
  description: string | null;
  cost_price: string | null;
  supplier_cost: string | null;
  override_reason: string | null;
  currency: string | null;
  margin_type: MarginType | null;
  margin_value: string | null;
  selling_price: string | null;
  details: ComponentDetails;
}

const COMPONENT_COLUMNS = `component_id, itinerary_id, component_type, day_number, description,
  cost_price::text AS cost_price, supplier_cost::text AS supplier_cost, override_reason, currency, margin_type,
  margin_value::text AS margin_value, selling_price::text AS selling_price, details`;

/** Components of the itinerary (of one type when given) in display order: by day (undated last), type, then id. */
export function selectComponents(db: Queryable, itineraryId: number, type?: ComponentType): Promise<ComponentRow[]> {
  return db<ComponentRow[]>`
    SELECT ${db.unsafe(COMPONENT_COLUMNS)} FROM trip_components
    WHERE itinerary_id = ${itineraryId} ${type === undefined ? db`` : db`AND component_type = ${type}`}
    ORDER BY day_number NULLS LAST,
             array_position(ARRAY['FLIGHT','HOTEL','ACTIVITY','SERVICE','EXCLUSION'], component_type), component_id`;
}

/** The money columns of every component of these itineraries (a project's totals). */
export function selectPricesOfItineraries(db: Queryable, itineraryIds: readonly number[]) {
  return db<Pick<ComponentRow, 'itinerary_id' | 'component_type' | 'cost_price' | 'currency' | 'selling_price'>[]>`
    SELECT itinerary_id, component_type, cost_price::text AS cost_price, currency,
           selling_price::text AS selling_price
    FROM trip_components WHERE itinerary_id = ANY(${itineraryIds}::int[]) AND cost_price IS NOT NULL`;
}

export async function selectComponent(db: Queryable, componentId: number): Promise<ComponentRow | undefined> {
  const [row] = await db<ComponentRow[]>`
    SELECT ${db.unsafe(COMPONENT_COLUMNS)} FROM trip_components WHERE component_id = ${componentId}`;
  return row;
}

/** The itinerary with its project's currency (an itinerary's answer in one round trip). */
export async function selectItineraryWithCurrency(db: Queryable, itineraryId: number) {
  const [row] = await db<(ItineraryRow & { currency: string; version: string })[]>`
    SELECT i.itinerary_id, i.project_id, i.itinerary_name, i.description, i.created_at, i.updated_at, p.currency,
           i.version::text AS version
    FROM trip_itineraries i JOIN trip_projects p USING (project_id) WHERE i.itinerary_id = ${itineraryId}`;
  return row;
}

/** The itinerary's version (see trip_itineraries.version); undefined when there is no such itinerary. */
export async function selectItineraryVersion(db: Queryable, itineraryId: number): Promise<string | undefined> {
  const [row] = await db<{ version: string }[]>`
    SELECT version::text AS version FROM trip_itineraries WHERE itinerary_id = ${itineraryId}`;
  return row?.version;
}
