// /cruise/itinerary/* and /cruise/template/* (spec part 2 "Cruise (base /cruise)"): employees only (contract §3).
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import { employeePolicy } from '../cruise.shared.js';
import type { ItineraryService } from './itineraries.service.js';
import * as S from './itineraries.schemas.js';

const base = { ...employeePolicy, methods: ['POST'] as const };
const Deleted = Type.Boolean({ description: 'true: deleted' });

function itineraryOperations(itineraries: ItineraryService): OperationDeclaration[] {
  return [
    operation({
      ...base,
      path: '/cruise/itinerary/list',
      summary: 'Itineraries by area, ship, duration range, name (substring) and status (at most 1000)',
      input: S.ListItinerariesRequest,
      response: Type.Array(S.Itinerary),
      handler: (ctx, input) => itineraries.list(ctx, input),
    }),
    operation({
      ...base,
      path: '/cruise/itinerary/read',
      summary: 'One itinerary (NOTFOUND if none)',
      input: S.ItineraryIdRequest,
      response: S.Itinerary,
      handler: (ctx, input) => itineraries.read(ctx, input.itineraryId),
    }),
    operation({
      ...base,
      path: '/cruise/itinerary/write',
      summary: 'Create a Draft itinerary (no id) or update one (its id) → the itinerary saved',
      description:
        'A code taken answers DUPLICATE; an unknown ship or area NOTFOUND. The status moves by changeStatus.',
      input: S.WriteItineraryRequest,
      response: S.Itinerary,
      handler: (ctx, input) => itineraries.write(ctx, input),
    }),
    operation({
      ...base,
      path: '/cruise/itinerary/delete',
      summary: 'Delete a Draft itinerary without cruises and template stops → true (else INVALID_STATE)',
      input: S.ItineraryIdRequest,
      response: Deleted,
      handler: (ctx, input) => itineraries.remove(ctx, input.itineraryId),
    }),
    operation({
      ...base,
      path: '/cruise/itinerary/changeStatus',
      summary: "Move an itinerary along the specification's state table → the itinerary",
      description:
        'Draft → Active needs a template stop; Active ↔ Suspended; Active or Suspended → Archived needs no future ' +
        "cruise (not cancelled, starting on or after the tenant's today). Others: INVALID_STATE naming the status.",
      input: S.ChangeItineraryStatusRequest,
      response: S.Itinerary,
      handler: (ctx, input) => itineraries.changeStatus(ctx, input),
    }),
    operation({
      ...base,
      path: '/cruise/itinerary/tree',
      summary: 'Companies → ships → itineraries, nested',
      description:
        'companyCode keeps one company; areaId and status keep matching itineraries, and then only the ships ' +
        'and companies that have one.',
      input: S.ItineraryTreeRequest,
      response: S.ItineraryTree,
      handler: (ctx, input) => itineraries.tree(ctx, input),
    }),
  ];
}

function templateOperations(itineraries: ItineraryService): OperationDeclaration[] {
  return [
    operation({
      ...base,
      path: '/cruise/template/list',
      summary: "An itinerary's template stops by stopSeq",
      input: S.TemplateListRequest,
      response: Type.Array(S.Template),
      handler: (ctx, input) => itineraries.listTemplates(ctx, input),
    }),
    operation({
      ...base,
      path: '/cruise/template/read',
      summary: 'One template stop (NOTFOUND if none)',
      input: S.TemplateIdRequest,
      response: S.Template,
      handler: (ctx, input) => itineraries.readTemplate(ctx, input.cruiseTemplateId),
    }),
    operation({
      ...base,
      path: '/cruise/template/write',
      summary: 'Create a template stop (no id) or update one (its id) → the stop saved',
      description:
        'dayOffsetDeparture before dayOffsetArrival or after the duration, or a departure before the arrival on ' +
        'the same day: INVALID_FORMAT. A stopSeq the itinerary has: DUPLICATE. Unknown itinerary or port: NOTFOUND.',
      input: S.WriteTemplateRequest,
      response: S.Template,
      handler: (ctx, input) => itineraries.writeTemplate(ctx, input),
    }),
    operation({
      ...base,
      path: '/cruise/template/delete',
      summary: 'Delete a template stop → true (NOTFOUND if none)',
      input: S.TemplateIdRequest,
      response: Deleted,
      handler: (ctx, input) => itineraries.removeTemplate(ctx, input.cruiseTemplateId),
    }),
  ];
}

export function itinerariesOperations(itineraries: ItineraryService): OperationDeclaration[] {
  return [...itineraryOperations(itineraries), ...templateOperations(itineraries)];
}
