// Use cases of itineraries and their template stops. Status moves, deletes and stop writes take the itinerary's row
// lock first, so the facts a rule reads (stops, cruises) cannot change under it.
import { withTransaction } from '../../../platform/database/transaction.js';
import { notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { formatDate } from '../../../platform/time.js';
import * as records from '../cruise.records.js';
import { invalidState, refusalOf } from '../cruise.shared.js';
import * as repo from './itineraries.repository.js';
import { checkStopTimes, itineraryDeleteRefusal, itineraryMoveRefusal } from './itineraries.rules.js';
import type * as S from './itineraries.schemas.js';

const missingItinerary = (id: number) => notFound(`Itinerary ${id}`);
const missingTemplate = (id: number) => notFound(`Cruise template ${id}`);

export function createItineraryService() {
  const today = (ctx: TenantContext) => formatDate(ctx.now, ctx.tenant.timezone);

  return {
    list: (ctx: TenantContext, filter: S.ListItinerariesRequest) =>
      records.listRecords(ctx.db, repo.itineraries, filter),

    async read(ctx: TenantContext, itineraryId: number): Promise<S.Itinerary> {
      const found = await records.readRecord(ctx.db, repo.itineraries, itineraryId);
      if (found === undefined) throw missingItinerary(itineraryId);
      return found;
    },

    /** A new itinerary is Draft; its status moves only by changeStatus. */
    async write(ctx: TenantContext, input: S.WriteItineraryRequest): Promise<S.Itinerary> {
      const id = input.itineraryId;
      const refused = refusalOf('cruise_itineraries', `Itinerary ${id}`, repo.itineraries.duplicate(input));
      const row = { ...repo.itineraries.row(input), updated_at: ctx.now };
      if (id === undefined) {
        return records.insertRecord(ctx.db, repo.itineraries, { ...row, created_at: ctx.now }).catch(refused);
      }
      const updated = await records.updateRecord(ctx.db, repo.itineraries, id, row).catch(refused);
      if (updated === undefined) throw missingItinerary(id);
      return updated;
    },

    remove(ctx: TenantContext, itineraryId: number): Promise<boolean> {
      return withTransaction(ctx, async (tx) => {
        const locked = await repo.lockItinerary(tx, itineraryId);
        if (locked === undefined) throw missingItinerary(itineraryId);
        const why = itineraryDeleteRefusal(locked.status, await repo.itineraryCounts(tx, itineraryId, today(ctx)));
        if (why !== undefined) throw invalidState(`Itinerary ${itineraryId} ${why}`);
        await records.deleteRecord(tx, repo.itineraries, itineraryId);
        return true;
      });
    },

    changeStatus(ctx: TenantContext, input: S.ChangeItineraryStatusRequest): Promise<S.Itinerary> {
      return withTransaction(ctx, async (tx) => {
        const locked = await repo.lockItinerary(tx, input.itineraryId);
        if (locked === undefined) throw missingItinerary(input.itineraryId);
        const facts = await repo.itineraryCounts(tx, input.itineraryId, today(ctx));
        const why = itineraryMoveRefusal(locked.status, input.status, facts);
        if (why !== undefined) throw invalidState(`Itinerary ${input.itineraryId} ${why}`);
        return repo.setItineraryStatus(tx, input.itineraryId, input.status, ctx.now);
      });
    },

    async tree(ctx: TenantContext, filter: S.ItineraryTreeRequest): Promise<S.ItineraryTree> {
      return nest(await repo.treeRows(ctx.db, filter));
    },

    listTemplates: (ctx: TenantContext, filter: S.TemplateListRequest) =>
      records.listRecords(ctx.db, repo.templates, filter),

    async readTemplate(ctx: TenantContext, templateId: number): Promise<S.Template> {
      const found = await records.readRecord(ctx.db, repo.templates, templateId);
      if (found === undefined) throw missingTemplate(templateId);
      return found;
    },

    /** Checked against the itinerary's duration under its lock; a stop number taken in the itinerary is DUPLICATE. */
    writeTemplate(ctx: TenantContext, input: S.WriteTemplateRequest): Promise<S.Template> {
      const id = input.cruiseTemplateId;
      const refused = refusalOf('cruise_templates', `Cruise template ${id}`, repo.templates.duplicate(input));
      return withTransaction(ctx, async (tx) => {
        const itinerary = await repo.lockItinerary(tx, input.itineraryId);
        if (itinerary === undefined) throw missingItinerary(input.itineraryId);
        checkStopTimes(input, itinerary.duration);
        const row = { ...repo.templates.row(input), updated_at: ctx.now };
        if (id === undefined) {
          return records.insertRecord(tx, repo.templates, { ...row, created_at: ctx.now }).catch(refused);
        }
        const updated = await records.updateRecord(tx, repo.templates, id, row).catch(refused);
        if (updated === undefined) throw missingTemplate(id);
        return updated;
      });
    },

    async removeTemplate(ctx: TenantContext, templateId: number): Promise<boolean> {
      if (!(await records.deleteRecord(ctx.db, repo.templates, templateId))) throw missingTemplate(templateId);
      return true;
    },
  };
}

/** Rows in tree order → companies, each with its ships, each with its itineraries. */
function nest(rows: readonly repo.TreeRow[]): S.ItineraryTree {
  const tree: S.ItineraryTree = [];
  for (const row of rows) {
    let company = tree.at(-1);
    if (company?.companyId !== row.companyId) {
      const { companyId, companyCode, companyName, color } = row;
      company = { companyId, companyCode, companyName, color, ships: [] };
      tree.push(company);
    }
    if (row.shipId === null || row.shipCode === null || row.shipName === null) continue;
    let ship = company.ships.at(-1);
    if (ship?.shipId !== row.shipId) {
      ship = { shipId: row.shipId, shipCode: row.shipCode, shipName: row.shipName, itineraries: [] };
      company.ships.push(ship);
    }
    if (row.itinerary !== null) ship.itineraries.push(row.itinerary);
  }
  return tree;
}

export type ItineraryService = ReturnType<typeof createItineraryService>;
