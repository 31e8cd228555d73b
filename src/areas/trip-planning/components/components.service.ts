// Adding, listing and removing components (contract §8.5). A priced component's cost comes from its source (the
// flight supplier, the online-hotel port, the ticket-supplier catalog, or the request) before any lock is taken, so
// no supplier call holds the project's row; then, with the project locked and open to changes, the money is
// checked (a rate into the project's currency in force, a margin not under −100 %) and the row written.
import { withTransaction } from '../../../platform/database/transaction.js';
import { invalidFormat, missingParameter, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../../platform/money.js';
import { daysBetween } from '../../../platform/time.js';
import { lockEditableItinerary, refuseFrozen } from '../trip.locks.js';
import {
  type ComponentDetails,
  type ProjectRow,
  selectComponent,
  selectComponents,
  selectItinerary,
  selectProject,
} from '../trip.repository.js';
import { exactAmount, marginText, sellingMinor } from '../trip.rules.js';
import type { Component, ComponentType, PricedComponentType } from '../trip.schemas.js';
import type { TripPlanningDeps } from '../trip.shared.js';
import { componentAnswer, rateBook, requireRate } from '../trip.view.js';
import type { PricingInput } from './components.schemas.js';
import * as repo from './components.repository.js';

/** What a source says a component costs and is. */
export interface PricedSource {
  /** Decimal text in `currency`. */
  cost: string;
  currency: string;
  /** The parameter a currency without a rate is answered for (INVALID_FORMAT). */
  currencyParameter: string;
  details: ComponentDetails;
  dayNumber?: number | null;
  supplierOffer?: unknown;
}

/** The itinerary's project, for a source to read (dates, travellers, currency); refused early when frozen. */
export async function projectForAdd(ctx: TenantContext, itineraryId: number): Promise<ProjectRow> {
  const itinerary = await selectItinerary(ctx.db, itineraryId);
  const project = itinerary && (await selectProject(ctx.db, itinerary.project_id));
  if (!project) throw notFound('Itinerary');
  refuseFrozen(project);
  return project;
}

/** INVALID_FORMAT naming dayNumber when it is past the trip's last day. */
function checkDayNumber(project: ProjectRow, dayNumber: number | null): void {
  if (dayNumber === null || project.start_date === null || project.end_date === null) return;
  const days = daysBetween(project.start_date, project.end_date) + 1;
  if (dayNumber > days) throw invalidFormat('dayNumber', `must not be past the trip's last day (${days})`);
}

/** The money columns: cost (the override, else the source's), margin and selling price, exact. */
function money(input: PricingInput, source: PricedSource) {
  const { currency } = source;
  if (input.costOverride !== undefined && !input.overrideReason?.trim()) throw missingParameter('overrideReason');
  const supplierCost = toMinor(source.cost, currency);
  const cost =
    input.costOverride === undefined
      ? supplierCost
      : toMinor(exactAmount(input.costOverride, currency, 'costOverride'), currency);
  const margin = { type: input.marginType ?? 'PERCENTAGE', value: marginText(input.marginValue ?? 0) } as const;
  const selling = sellingMinor(cost, margin, currency);
  return {
    cost_price: minorToDecimalString(cost, currency),
    supplier_cost: minorToDecimalString(supplierCost, currency),
    override_reason: input.costOverride === undefined ? null : (input.overrideReason?.trim() ?? null),
    currency,
    margin_type: margin.type,
    margin_value: margin.value,
    selling_price: minorToDecimalString(selling, currency),
  };
}

export type ComponentOf<T extends ComponentType> = Extract<Component, { componentType: T }>;

export async function addPriced<T extends PricedComponentType>(
  deps: Pick<TripPlanningDeps, 'rates'>,
  ctx: TenantContext,
  type: T,
  input: PricingInput,
  source: PricedSource,
): Promise<ComponentOf<T>> {
  const componentId = await withTransaction(ctx, async (tx) => {
    const project = await lockEditableItinerary(tx, input.itineraryId);
    const dayNumber = input.dayNumber ?? source.dayNumber ?? null;
    checkDayNumber(project, dayNumber);
    await requireRate(rateBook(deps, tx, ctx), source.currency, project.currency, source.currencyParameter);
    const component = {
      itinerary_id: input.itineraryId,
      component_type: type,
      day_number: dayNumber,
      description: input.description?.trim() || null,
      ...money(input, source),
      details: source.details,
      supplier_offer: source.supplierOffer,
    };
    return repo.insertComponent(tx, component, ctx.now);
  });
  return readComponent(ctx, componentId, type);
}

export async function addExclusion(
  ctx: TenantContext,
  input: { itineraryId: number; description: string; dayNumber?: number | undefined },
): Promise<ComponentOf<'EXCLUSION'>> {
  const componentId = await withTransaction(ctx, async (tx) => {
    const project = await lockEditableItinerary(tx, input.itineraryId);
    checkDayNumber(project, input.dayNumber ?? null);
    const component = {
      itinerary_id: input.itineraryId,
      component_type: 'EXCLUSION' as const,
      day_number: input.dayNumber ?? null,
      description: input.description.trim(),
      ...{ cost_price: null, supplier_cost: null, override_reason: null, currency: null },
      ...{ margin_type: null, margin_value: null, selling_price: null },
      details: {},
      supplier_offer: null,
    };
    return repo.insertComponent(tx, component, ctx.now);
  });
  return readComponent(ctx, componentId, 'EXCLUSION');
}

const isOfType = <T extends ComponentType>(component: Component, type: T): component is ComponentOf<T> =>
  component.componentType === type;

async function readComponent<T extends ComponentType>(ctx: TenantContext, componentId: number, type: T) {
  const row = await selectComponent(ctx.db, componentId);
  const component = row && componentAnswer(row);
  if (!component || !isOfType(component, type)) throw notFound('Component');
  return component;
}

/** The itinerary's components of one type, in display order; NOTFOUND for an unknown itinerary. */
export async function listOfType(ctx: TenantContext, itineraryId: number, type: ComponentType): Promise<Component[]> {
  const [itinerary, rows] = await Promise.all([
    selectItinerary(ctx.db, itineraryId),
    selectComponents(ctx.db, itineraryId, type),
  ]);
  if (!itinerary) throw notFound('Itinerary');
  return rows.map(componentAnswer);
}

/**
 * Removes a component of this type (of this itinerary, when given); NOTFOUND naming `noun` for an unknown id, one of
 * another type or another itinerary. INVALID_STATE when its project takes no changes.
 */
export async function removeOfType(
  ctx: TenantContext,
  input: { componentId: number; itineraryId?: number | undefined },
  type: ComponentType,
  noun: string,
): Promise<boolean> {
  await withTransaction(ctx, async (tx) => {
    const row = await selectComponent(tx, input.componentId);
    const foreign = input.itineraryId !== undefined && row?.itinerary_id !== input.itineraryId;
    if (!row || row.component_type !== type || foreign) throw notFound(noun);
    await lockEditableItinerary(tx, row.itinerary_id);
    await repo.deleteComponent(tx, input.componentId, ctx.now);
  });
  return true;
}
