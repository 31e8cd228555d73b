// Use cases of /tripmaker/itinerary/create|get|list|update|delete|costs (contract §8.5). Changes lock the project
// first (../trip.locks.ts): a CONFIRMED, COMPLETED or CANCELLED project's itineraries take none.
import { withTransaction } from '../../../platform/database/transaction.js';
import { notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { lockEditableItinerary, refuseFrozen } from '../trip.locks.js';
import {
  lockProject,
  selectItinerariesOfProject,
  selectItineraryWithCurrency,
  selectPricesOfItineraries,
  selectProject,
} from '../trip.repository.js';
import { itineraryTotals } from '../trip.rules.js';
import { type Itinerary, type ItinerarySummary, PRICED_COMPONENT_TYPES } from '../trip.schemas.js';
import type { TripPlanningDeps } from '../trip.shared.js';
import { itinerarySummary, rateBook, totalsAnswer, totalsOf } from '../trip.view.js';
import { readItinerary, readItineraryAt } from './itineraries.read.js';
import { createKeptAnswers } from './kept-answers.js';
import * as repo from './itineraries.repository.js';
import type { CreateItineraryRequest, ItineraryCosts, UpdateItineraryRequest } from './itineraries.schemas.js';

type Deps = Pick<TripPlanningDeps, 'rates'>;

async function create(deps: Deps, ctx: TenantContext, input: CreateItineraryRequest): Promise<Itinerary> {
  const itineraryId = await withTransaction(ctx, async (tx) => {
    const project = await lockProject(tx, input.projectId);
    if (!project) throw notFound('Project');
    refuseFrozen(project);
    const values = {
      project_id: project.project_id,
      itinerary_name: input.itineraryName,
      description: input.description ?? null,
    };
    return repo.insertItinerary(tx, values, ctx.now);
  });
  return readItinerary(deps, ctx, itineraryId);
}

async function list(deps: Deps, ctx: TenantContext, projectId: number): Promise<ItinerarySummary[]> {
  const project = await selectProject(ctx.db, projectId);
  if (!project) throw notFound('Project');
  const itineraries = await selectItinerariesOfProject(ctx.db, projectId);
  const ids = itineraries.map((itinerary) => itinerary.itinerary_id);
  const prices = await selectPricesOfItineraries(ctx.db, ids);
  const rates = rateBook(deps, ctx.db, ctx);
  const summaries = [];
  for (const itinerary of itineraries) {
    const own = prices.filter((price) => price.itinerary_id === itinerary.itinerary_id);
    summaries.push(itinerarySummary(itinerary, (await totalsOf(rates, own, project.currency)).totals));
  }
  return summaries;
}

async function update(deps: Deps, ctx: TenantContext, input: UpdateItineraryRequest): Promise<Itinerary> {
  await withTransaction(ctx, async (tx) => {
    await lockEditableItinerary(tx, input.itineraryId);
    const values = {
      ...(input.itineraryName === undefined ? {} : { itinerary_name: input.itineraryName }),
      ...(input.description === undefined ? {} : { description: input.description }),
    };
    await repo.updateItinerary(tx, input.itineraryId, values, ctx.now);
  });
  return readItinerary(deps, ctx, input.itineraryId);
}

async function remove(ctx: TenantContext, itineraryId: number): Promise<boolean> {
  await withTransaction(ctx, async (tx) => {
    await lockEditableItinerary(tx, itineraryId);
    await repo.deleteItinerary(tx, itineraryId);
  });
  return true;
}

/**
 * Cost, selling and margin per priced component type and in total, in the project's currency, with the version
 * read before the prices and the rates used (what a kept copy is checked against).
 */
async function costsAt(deps: Deps, ctx: TenantContext, itineraryId: number) {
  const itinerary = await selectItineraryWithCurrency(ctx.db, itineraryId);
  if (!itinerary) throw notFound('Itinerary');
  const prices = await selectPricesOfItineraries(ctx.db, [itineraryId]);
  const { currency } = itinerary;
  const rates = rateBook(deps, ctx.db, ctx);
  const { converted, totals } = await totalsOf(rates, prices, currency);
  const byType = PRICED_COMPONENT_TYPES.map((componentType) => {
    const own = converted.filter((component) => component.type === componentType);
    return { componentType, count: own.length, ...totalsAnswer(itineraryTotals(own), currency) };
  });
  const costs: ItineraryCosts = { itineraryId, ...totals, byType };
  return { json: JSON.stringify(costs), version: itinerary.version, rates: rates.used() };
}

async function itineraryAt(deps: Deps, ctx: TenantContext, itineraryId: number) {
  const { itinerary, version, rates } = await readItineraryAt(deps, ctx, itineraryId);
  return { json: JSON.stringify(itinerary), version, rates };
}

export function createItineraryService(deps: Deps) {
  return {
    create: (ctx: TenantContext, input: CreateItineraryRequest) => create(deps, ctx, input),
    get: createKeptAnswers(deps, (ctx, itineraryId) => itineraryAt(deps, ctx, itineraryId)),
    costs: createKeptAnswers(deps, (ctx, itineraryId) => costsAt(deps, ctx, itineraryId)),
    list: (ctx: TenantContext, projectId: number) => list(deps, ctx, projectId),
    update: (ctx: TenantContext, input: UpdateItineraryRequest) => update(deps, ctx, input),
    remove,
  };
}
export type ItineraryService = ReturnType<typeof createItineraryService>;
