// Use cases of /tripmaker/itinerary/create|get|list|update|delete|costs (contract §8.5). Changes lock the project
// first (../trip.locks.ts): a CONFIRMED, COMPLETED or CANCELLED project's itineraries take none.
import { withTransaction } from '../../../platform/database/transaction.js';
import { notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { lockEditableItinerary, refuseFrozen } from '../trip.locks.js';
import {
  lockProject,
  selectComponents,
  selectItinerariesOfProject,
  selectItineraryWithCurrency,
  selectPricesOfItineraries,
  selectProject,
} from '../trip.repository.js';
import { itineraryTotals } from '../trip.rules.js';
import { type Itinerary, type ItinerarySummary, PRICED_COMPONENT_TYPES } from '../trip.schemas.js';
import { itinerarySummary, rateBook, totalsAnswer, totalsOf } from '../trip.view.js';
import { readItinerary } from './itineraries.read.js';
import { createItineraryAnswers } from './kept-answers.js';
import * as repo from './itineraries.repository.js';
import type { CreateItineraryRequest, ItineraryCosts, UpdateItineraryRequest } from './itineraries.schemas.js';

async function create(ctx: TenantContext, input: CreateItineraryRequest): Promise<Itinerary> {
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
  return readItinerary(ctx, itineraryId);
}

async function list(ctx: TenantContext, projectId: number): Promise<ItinerarySummary[]> {
  const project = await selectProject(ctx.db, projectId);
  if (!project) throw notFound('Project');
  const itineraries = await selectItinerariesOfProject(ctx.db, projectId);
  const ids = itineraries.map((itinerary) => itinerary.itinerary_id);
  const prices = await selectPricesOfItineraries(ctx.db, ids);
  const rates = rateBook(ctx.db, ctx);
  const summaries = [];
  for (const itinerary of itineraries) {
    const own = prices.filter((price) => price.itinerary_id === itinerary.itinerary_id);
    summaries.push(itinerarySummary(itinerary, (await totalsOf(rates, own, project.currency)).totals));
  }
  return summaries;
}

async function update(ctx: TenantContext, input: UpdateItineraryRequest): Promise<Itinerary> {
  await withTransaction(ctx, async (tx) => {
    await lockEditableItinerary(tx, input.itineraryId);
    const values = {
      ...(input.itineraryName === undefined ? {} : { itinerary_name: input.itineraryName }),
      ...(input.description === undefined ? {} : { description: input.description }),
    };
    await repo.updateItinerary(tx, input.itineraryId, values, ctx.now);
  });
  return readItinerary(ctx, input.itineraryId);
}

async function remove(ctx: TenantContext, itineraryId: number): Promise<boolean> {
  await withTransaction(ctx, async (tx) => {
    await lockEditableItinerary(tx, itineraryId);
    await repo.deleteItinerary(tx, itineraryId);
  });
  return true;
}

/** Cost, selling and margin per priced component type and in total, in the project's currency. */
async function costs(ctx: TenantContext, itineraryId: number): Promise<ItineraryCosts> {
  const [itinerary, components] = await Promise.all([
    selectItineraryWithCurrency(ctx.db, itineraryId),
    selectComponents(ctx.db, itineraryId),
  ]);
  if (!itinerary) throw notFound('Itinerary');
  const { currency } = itinerary;
  const { converted, totals } = await totalsOf(rateBook(ctx.db, ctx), components, currency);
  const byType = PRICED_COMPONENT_TYPES.map((componentType) => {
    const own = converted.filter((component) => component.type === componentType);
    return { componentType, count: own.length, ...totalsAnswer(itineraryTotals(own), currency) };
  });
  return { itineraryId, ...totals, byType };
}

export function createItineraryService() {
  return { create, get: readItinerary, answer: createItineraryAnswers(), list, update, remove, costs };
}
export type ItineraryService = ReturnType<typeof createItineraryService>;
