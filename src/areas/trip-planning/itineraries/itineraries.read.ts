// One itinerary with its components and totals: what itinerary/get answers, and, with its project and customer,
// what the proposal renders (readItineraryWithComponents). The exchange rates and the customer are read through the
// area's dependencies (deps.rates, the cruise area's api; deps.customers), passed first like the area's services.
import { notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import type { Customer } from '../../customers/index.js';
import { selectComponents, selectItineraryWithCurrency, selectProject } from '../trip.repository.js';
import type { Itinerary, ProjectSummary } from '../trip.schemas.js';
import type { TripPlanningDeps } from '../trip.shared.js';
import { componentAnswer, itinerarySummary, projectAnswer, rateBook, totalsOf } from '../trip.view.js';

export interface ItineraryWithComponents {
  project: ProjectSummary;
  /** The project's customer; null when the project has none (or it was deactivated since). */
  customer: Customer | null;
  /** With its totals in the project's currency and its components by day (undated last), type, then when added. */
  itinerary: Itinerary;
}

/**
 * The itinerary as itinerary/get answers it, with the version it was read at and the rates its totals used (what a
 * kept copy is checked against); NOTFOUND when the tenant has no such itinerary.
 */
export async function readItineraryAt(deps: Pick<TripPlanningDeps, 'rates'>, ctx: TenantContext, itineraryId: number) {
  // the row (its version) first, then the components: a copy is never newer-versioned than what it holds, so a
  // change committed in between makes it stale at once rather than kept
  const row = await selectItineraryWithCurrency(ctx.db, itineraryId);
  if (!row) throw notFound('Itinerary');
  const components = await selectComponents(ctx.db, itineraryId);
  const rates = rateBook(deps, ctx.db, ctx);
  const { totals } = await totalsOf(rates, components, row.currency);
  const itinerary: Itinerary = { ...itinerarySummary(row, totals), components: components.map(componentAnswer) };
  return { itinerary, version: row.version, rates: rates.used() };
}

/** The itinerary as itinerary/get answers it; NOTFOUND when the tenant has no such itinerary. */
export async function readItinerary(
  deps: Pick<TripPlanningDeps, 'rates'>,
  ctx: TenantContext,
  itineraryId: number,
): Promise<Itinerary> {
  return (await readItineraryAt(deps, ctx, itineraryId)).itinerary;
}

/** The itinerary, its project and the project's customer; NOTFOUND when the tenant has no such itinerary. */
export async function readItineraryWithComponents(
  deps: Pick<TripPlanningDeps, 'rates' | 'customers'>,
  ctx: TenantContext,
  itineraryId: number,
): Promise<ItineraryWithComponents> {
  const itinerary = await readItinerary(deps, ctx, itineraryId);
  const project = await selectProject(ctx.db, itinerary.projectId);
  if (!project) throw notFound('Itinerary');
  const customer =
    project.customer_id === null ? undefined : await deps.customers.findById(ctx.db, project.customer_id);
  return { project: projectAnswer(project, customer), customer: customer ?? null, itinerary };
}
