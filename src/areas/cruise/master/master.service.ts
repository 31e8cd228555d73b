// Use cases of the master data: the same four (list, read, write, delete) for each entity, plus getCruiseArea and
// bulkAssign. Uniqueness and references are the database's to enforce (race-free); refusalOf turns its refusals
// into DUPLICATE, NOTFOUND (a parent) and INVALID_STATE (still referred to).
import { withTransaction } from '../../../platform/database/transaction.js';
import { missingParameter, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { refusalOf } from '../cruise.shared.js';
import * as repo from '../cruise.records.js';
import type { BulkAssignRequest, CruiseArea, GetCruiseAreaRequest, ShipCabin } from './master.schemas.js';
import * as tables from './master.tables.js';
import * as cabins from './ship-cabins.repository.js';

export interface MasterService<R extends object, W, F> {
  list(ctx: TenantContext, filter: F): Promise<R[]>;
  read(ctx: TenantContext, id: number): Promise<R>;
  write(ctx: TenantContext, input: W): Promise<R>;
  remove(ctx: TenantContext, id: number): Promise<boolean>;
}

export function masterService<R extends object, W, F>(t: repo.RecordTable<R, W, F>): MasterService<R, W, F> {
  const missing = (id: number) => notFound(`${t.label} ${id}`);
  return {
    list: (ctx, filter) => repo.listRecords(ctx.db, t, filter),

    async read(ctx, id) {
      const found = await repo.readRecord(ctx.db, t, id);
      if (found === undefined) throw missing(id);
      return found;
    },

    async write(ctx, input) {
      const id = t.idOf(input);
      const refused = refusalOf(t.table, `${t.label} ${id}`, t.duplicate(input));
      const row = { ...t.row(input), updated_at: ctx.now };
      if (id === undefined) return repo.insertRecord(ctx.db, t, { ...row, created_at: ctx.now }).catch(refused);
      const updated = await repo.updateRecord(ctx.db, t, id, row).catch(refused);
      if (updated === undefined) throw missing(id);
      return updated;
    },

    async remove(ctx, id) {
      const deleted = await repo.deleteRecord(ctx.db, t, id).catch(refusalOf(t.table, `${t.label} ${id}`, ''));
      if (!deleted) throw missing(id);
      return true;
    },
  };
}

export function createMasterService() {
  const areas = masterService(tables.areas);
  return {
    company: masterService(tables.companies),
    area: areas,
    ship: masterService(tables.ships),
    cabinType: masterService(tables.cabinTypes),
    chargeType: masterService(tables.chargeTypes),
    port: masterService(tables.ports),
    shipCabin: masterService(tables.shipCabins),

    /** One area by its id or, failing that, its code. */
    async getCruiseArea(ctx: TenantContext, input: GetCruiseAreaRequest): Promise<CruiseArea> {
      if (input.areaId !== undefined) return areas.read(ctx, input.areaId);
      if (input.areaCode === undefined || input.areaCode === '') throw missingParameter('areaId or areaCode');
      const [found] = await repo.listRecords(ctx.db, tables.areas, { areaCode: input.areaCode });
      if (found === undefined) throw notFound(`Area ${input.areaCode}`);
      return found;
    },

    /** Gives the ship one cabin of each listed type it lacks; answers the cabins created (in the request's order). */
    bulkAssign(ctx: TenantContext, input: BulkAssignRequest): Promise<ShipCabin[]> {
      const typeIds = [...new Set(input.cabinTypeIds)];
      return withTransaction(ctx, async (tx) => {
        if (!(await cabins.lockShip(tx, input.shipId))) throw notFound(`Ship ${input.shipId}`);
        const known = new Set(await cabins.existingCabinTypeIds(tx, typeIds));
        const unknown = typeIds.find((id) => !known.has(id));
        if (unknown !== undefined) throw notFound(`Cabin type ${unknown}`);
        const created = await cabins.insertMissingCabins(tx, input.shipId, typeIds, input.defaultMaxPax ?? 2, ctx.now);
        return typeIds.flatMap((id) => created.filter((cabin) => cabin.cabinTypeId === id));
      });
    },
  };
}

export type MasterServices = ReturnType<typeof createMasterService>;
