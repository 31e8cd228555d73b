// One itinerary as the proposal renders it: its project, the project's customer, and every component in display
// order with the itinerary's totals. Takes only (ctx, itineraryId): the customer and the exchange rates are read
// through their owners' index values (customersApi, cruise's rateInForce), so any part of the area can call it.
import type { TenantContext } from '../../../platform/http/operation.js';
import { type Customer, customersApi } from '../../customers/index.js';
import type { Itinerary, ProjectSummary } from '../trip.schemas.js';

export interface ItineraryWithComponents {
  project: ProjectSummary;
  /** The project's customer; null when the project has none (or it was deactivated). */
  customer: Customer | null;
  /** With its totals in the project's currency and its components by day (undated last), type, then when added. */
  itinerary: Itinerary;
}

/** NOTFOUND when the tenant has no such itinerary. */
export async function readItineraryWithComponents(
  ctx: TenantContext,
  itineraryId: number,
): Promise<ItineraryWithComponents> {
  void customersApi;
  void ctx;
  void itineraryId;
  throw new Error('not built yet');
}
