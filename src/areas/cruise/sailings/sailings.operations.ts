// /cruise/cruise/*, /cruise/cruisepoint/* and /cruise/searchCruises (spec part 2 "Cruise (base /cruise)", contract
// §8.3): employees only (contract §3).
import { Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import { employeePolicy } from '../cruise.shared.js';
import { SEARCH_MAX_PAGE_SIZE, SEARCH_PAGE_SIZE } from './sailings.rules.js';
import * as S from './sailings.schemas.js';
import type { SailingService } from './sailings.service.js';

const base = { ...employeePolicy, methods: ['POST'] as const };
const Deleted = Type.Boolean({ description: 'true: deleted' });

function cruiseOperations(sailings: SailingService): OperationDeclaration[] {
  return [
    operation({
      ...base,
      path: '/cruise/cruise/list',
      summary: 'Sailings by ship, area, start date range and status, earliest first (at most 1000)',
      input: S.ListCruisesRequest,
      response: Type.Array(S.Cruise),
      handler: (ctx, input) => sailings.list(ctx, input),
    }),
    operation({
      ...base,
      path: '/cruise/cruise/read',
      summary: 'One sailing (NOTFOUND if none)',
      input: S.CruiseIdRequest,
      response: S.Cruise,
      handler: (ctx, input) => sailings.read(ctx, input.cruiseId),
    }),
    operation({
      ...base,
      path: '/cruise/cruise/write',
      summary:
        'Create a Draft sailing (no id) or update a Draft one (its id), optionally with its skeleton → the sailing',
      description:
        'generateSkeleton: ports of call from the template stops (start date + day offsets at the stop times), a ' +
        "cabin charge for every cabin of the ship from the cabin price templates (none: price 0 in the tenant's " +
        'currency, not available), other charges from the other-charge templates; all in one transaction. An ' +
        'unknown itinerary: NOTFOUND; an Archived one, or an update of a sailing past Draft: INVALID_STATE.',
      input: S.WriteCruiseRequest,
      response: S.Cruise,
      handler: (ctx, input) => sailings.write(ctx, input),
    }),
    operation({
      ...base,
      path: '/cruise/cruise/delete',
      summary: 'Delete a Draft sailing with its points and charges → true (else INVALID_STATE)',
      input: S.CruiseIdRequest,
      response: Deleted,
      handler: (ctx, input) => sailings.remove(ctx, input.cruiseId),
    }),
    operation({
      ...base,
      path: '/cruise/cruise/changeStatus',
      summary:
        'Move a sailing: Draft → Active | Cancelled; Active → Cancelled (≥ 7 days before) | Completed (after it ends)',
      description: "Dates are the tenant's. Others: INVALID_STATE naming the current status.",
      input: S.ChangeCruiseStatusRequest,
      response: S.Cruise,
      handler: (ctx, input) => sailings.changeStatus(ctx, input),
    }),
    operation({
      ...base,
      path: '/cruise/searchCruises',
      summary:
        'Active sailings with itinerary, ship, company, ports of call and lowest available cabin price, a page at a time',
      description:
        "Starting from dateRangeStart (default the tenant's today) to dateRangeEnd, earliest first (then by " +
        `cruiseId: pages neither repeat nor skip a sailing). page from 1, pageSize default ${SEARCH_PAGE_SIZE}, at ` +
        `most ${SEARCH_MAX_PAGE_SIZE}; a page past the last is []. lowestPrice is the lowest available cabin ` +
        "charge of the sailing (null when none), in that charge's currency. Answers are kept by the node until " +
        'the next change of any sailing, port of call, cabin charge, itinerary, ship, company, port or area.',
      input: S.SearchCruisesRequest,
      response: Type.Array(S.FoundCruise),
      handler: (ctx, input) => sailings.search(ctx, input),
    }),
  ];
}

function pointOperations(sailings: SailingService): OperationDeclaration[] {
  return [
    operation({
      ...base,
      path: '/cruise/cruisepoint/list',
      summary: "A sailing's ports of call by stopSeq (NOTFOUND for an unknown cruise)",
      input: S.PointListRequest,
      response: Type.Array(S.CruisePoint),
      handler: (ctx, input) => sailings.listPoints(ctx, input.cruiseId),
    }),
    operation({
      ...base,
      path: '/cruise/cruisepoint/write',
      summary: 'Create a port of call (no id) or update one (its id) → the point',
      description:
        'Datetimes yyyy-MM-dd HH:mm (a departure before the arrival: INVALID_FORMAT); a stopSeq the sailing has: ' +
        'DUPLICATE; a Cancelled or Completed sailing: INVALID_STATE.',
      input: S.WritePointRequest,
      response: S.CruisePoint,
      handler: (ctx, input) => sailings.writePoint(ctx, input),
    }),
    operation({
      ...base,
      path: '/cruise/cruisepoint/delete',
      summary: 'Delete a port of call → true (NOTFOUND if none; a Cancelled or Completed sailing: INVALID_STATE)',
      input: S.PointIdRequest,
      response: Deleted,
      handler: (ctx, input) => sailings.removePoint(ctx, input.cruisePointId),
    }),
    operation({
      ...base,
      path: '/cruise/cruisepoint/regenerate',
      summary: "Delete a Draft sailing's ports of call and make them again from the template stops → the points",
      input: S.PointListRequest,
      response: Type.Array(S.CruisePoint),
      handler: (ctx, input) => sailings.regeneratePoints(ctx, input.cruiseId),
    }),
  ];
}

export function sailingsOperations(sailings: SailingService): OperationDeclaration[] {
  return [...cruiseOperations(sailings), ...pointOperations(sailings)];
}
