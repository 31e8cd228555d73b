// /cruise/<entity>/list|read|write|delete for the seven master entities (spec part 2 "Cruise (base /cruise)"),
// plus /cruise/listCompanies, /cruise/getCruiseArea and /cruise/shipcabin/bulkAssign. Employees only (contract §3).
import { type Static, type TObject, Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import { employeePolicy } from '../cruise.shared.js';
import * as S from './master.schemas.js';
import type { MasterService, MasterServices } from './master.service.js';

interface EntitySchemas<RS extends TObject, WS extends TObject, FS extends TObject, IS extends TObject> {
  record: RS;
  write: WS;
  list: FS;
  id: IS;
}

/** The four operations of one entity at /cruise/<entity>/…; `noun` is how summaries name it. */
function crudOperations<RS extends TObject, WS extends TObject, FS extends TObject, IS extends TObject>(
  entity: string,
  noun: string,
  schemas: EntitySchemas<RS, WS, FS, IS>,
  service: MasterService<Static<RS>, Static<WS>, Static<FS>>,
  idOf: (input: Static<IS>) => number,
): OperationDeclaration[] {
  const base = { ...employeePolicy, methods: ['POST'] as const };
  const plural = noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;
  return [
    operation({
      ...base,
      path: `/cruise/${entity}/list`,
      summary: `${plural[0]?.toUpperCase()}${plural.slice(1)} matching the filters (at most 1000)`,
      input: schemas.list,
      response: Type.Array(schemas.record),
      handler: (ctx, input: Static<FS>) => service.list(ctx, input),
    }),
    operation({
      ...base,
      path: `/cruise/${entity}/read`,
      summary: `One ${noun} (NOTFOUND if none)`,
      input: schemas.id,
      response: schemas.record,
      handler: (ctx, input: Static<IS>) => service.read(ctx, idOf(input)),
    }),
    operation({
      ...base,
      path: `/cruise/${entity}/write`,
      summary: `Create a ${noun} (no id) or update one (its id; NOTFOUND if none) → the ${noun} saved`,
      description: 'A code taken answers DUPLICATE; a parent id that does not exist NOTFOUND naming it.',
      input: schemas.write,
      response: schemas.record,
      handler: (ctx, input: Static<WS>) => service.write(ctx, input),
    }),
    operation({
      ...base,
      path: `/cruise/${entity}/delete`,
      summary: `Delete a ${noun} → true`,
      description: 'NOTFOUND if none; INVALID_STATE naming what still refers to it.',
      input: schemas.id,
      response: S.Deleted,
      handler: (ctx, input: Static<IS>) => service.remove(ctx, idOf(input)),
    }),
  ];
}

function extraOperations(master: MasterServices): OperationDeclaration[] {
  const base = { ...employeePolicy, methods: ['POST'] as const };
  return [
    operation({
      ...base,
      path: '/cruise/listCompanies',
      summary: 'Cruise companies by code (exact) and name (substring), as /cruise/company/list',
      input: S.ListCompaniesRequest,
      response: Type.Array(S.Company),
      handler: (ctx, input) => master.company.list(ctx, input),
    }),
    operation({
      ...base,
      path: '/cruise/getCruiseArea',
      summary: 'One area by areaId or areaCode (one of them required: MISSING_PARAMETER; NOTFOUND if none)',
      input: S.GetCruiseAreaRequest,
      response: S.CruiseArea,
      handler: (ctx, input) => master.getCruiseArea(ctx, input),
    }),
    operation({
      ...base,
      path: '/cruise/shipcabin/bulkAssign',
      summary: 'Give a ship one cabin of each cabin type it lacks → the cabins created',
      description:
        "A type the ship already has is skipped. A new cabin's code is the type's code (or <code>-<typeId> when " +
        "another cabin of the ship has it), its name the type's name, its capacity defaultMaxPax (default 2).",
      input: S.BulkAssignRequest,
      response: Type.Array(S.ShipCabin),
      handler: (ctx, input) => master.bulkAssign(ctx, input),
    }),
  ];
}

export function masterOperations(master: MasterServices): OperationDeclaration[] {
  // Each entity: its path segment, how summaries name it, its schemas, its use cases and the id its read takes.
  return [
    ...crudOperations('company', 'cruise company', S.companySchemas, master.company, (input) => input.companyId),
    ...crudOperations('area', 'cruise area', S.areaSchemas, master.area, (input) => input.areaId),
    ...crudOperations('ship', 'ship', S.shipSchemas, master.ship, (input) => input.shipId),
    ...crudOperations('cabintype', 'cabin type', S.cabinTypeSchemas, master.cabinType, (input) => input.cabinTypeId),
    ...crudOperations(
      'chargetype',
      'charge type',
      S.chargeTypeSchemas,
      master.chargeType,
      (input) => input.chargeTypeId,
    ),
    ...crudOperations('port', 'port', S.portSchemas, master.port, (input) => input.portId),
    ...crudOperations('shipcabin', 'ship cabin', S.shipCabinSchemas, master.shipCabin, (input) => input.shipCabinId),
    ...extraOperations(master),
  ];
}
