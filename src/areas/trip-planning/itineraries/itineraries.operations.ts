// /tripmaker/itinerary/create|get|list|update|delete (spec part 2) and /tripmaker/itinerary/costs (contract §8.5):
// employees only (§3).
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import { Itinerary, ItinerarySummary } from '../trip.schemas.js';
import { Deleted, employeePolicy, projectRecord } from '../trip.shared.js';
import * as S from './itineraries.schemas.js';
import type { ItineraryService } from './itineraries.service.js';

const base = { ...employeePolicy, methods: ['POST'] as const };

const FROZEN = "A CONFIRMED, COMPLETED or CANCELLED project's itineraries take no change (INVALID_STATE).";
const TOTALS =
  "Totals in the project's currency: each component converted at the tenant's rate in force today, rounded to the " +
  'minor unit, then summed; marginPercentage = totalMargin / totalCost × 100 (0 without cost).';

export function itineraryOperations(itineraries: ItineraryService): OperationDeclaration[] {
  return [
    operation({
      ...base,
      path: '/tripmaker/itinerary/create',
      summary: 'Add an option scenario to a project → the itinerary',
      description: FROZEN,
      input: S.CreateItineraryRequest,
      response: Itinerary,
      records: projectRecord,
      handler: (ctx, input) => itineraries.create(ctx, input),
    }),
    operation({
      ...base,
      path: '/tripmaker/itinerary/get',
      summary: 'One itinerary with its components and totals (NOTFOUND if none)',
      description: `Components by day (undated last), then flights, hotels, activities, services, exclusions. ${TOTALS}`,
      input: S.ItineraryIdRequest,
      response: Itinerary,
      handler: (ctx, input) => itineraries.get(ctx, input.itineraryId),
    }),
    operation({
      ...base,
      path: '/tripmaker/itinerary/list',
      summary: "A project's itineraries with their totals, oldest first (without components)",
      input: S.ProjectIdRequest,
      response: Type.Array(ItinerarySummary),
      records: projectRecord,
      handler: (ctx, input) => itineraries.list(ctx, input.projectId),
    }),
    operation({
      ...base,
      path: '/tripmaker/itinerary/update',
      summary: 'Rename or describe an itinerary → the itinerary',
      description: FROZEN,
      input: S.UpdateItineraryRequest,
      response: Itinerary,
      handler: (ctx, input) => itineraries.update(ctx, input),
    }),
    operation({
      ...base,
      path: '/tripmaker/itinerary/delete',
      summary: 'Delete an itinerary with its components → true',
      description: FROZEN,
      input: S.ItineraryIdRequest,
      response: Deleted,
      handler: (ctx, input) => itineraries.remove(ctx, input.itineraryId),
    }),
    operation({
      ...base,
      path: '/tripmaker/itinerary/costs',
      summary: 'Cost, selling and margin per component type and in total',
      description: TOTALS,
      input: S.ItineraryIdRequest,
      response: S.ItineraryCosts,
      handler: (ctx, input) => itineraries.costs(ctx, input.itineraryId),
    }),
  ];
}
