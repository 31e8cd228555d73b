// Use cases of sailings and their ports of call (searchCruises: search.service.ts). Every change of a sailing takes its row lock
// first; a write with generateSkeleton builds the points and charges in the sailing's own transaction.
import type { TransactionSql } from '../../../platform/database/connections.js';
import { withTransaction } from '../../../platform/database/transaction.js';
import { notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { formatDate } from '../../../platform/time.js';
import { invalidState, refusalOf } from '../cruise.shared.js';
import * as repo from './sailings.repository.js';
import { checkPointTimes, cruiseMoveRefusal } from './sailings.rules.js';
import type * as S from './sailings.schemas.js';
import { createCruiseSearch } from './search.service.js';
import * as skeleton from './skeleton.repository.js';

const missingCruise = (id: number) => notFound(`Cruise ${id}`);
const missingPoint = (id: number) => notFound(`Cruise point ${id}`);
/** Ports of call are edited while a sailing is planned or sold, not once it is over. */
const POINTS_EDITABLE: readonly string[] = ['Draft', 'Active'];

const today = (ctx: TenantContext) => formatDate(ctx.now, ctx.tenant.timezone);

async function lockOrFail(tx: TransactionSql, cruiseId: number): Promise<repo.LockedCruise> {
  const locked = await repo.lockCruise(tx, cruiseId);
  if (locked === undefined) throw missingCruise(cruiseId);
  return locked;
}

async function readOrFail(tx: TransactionSql, cruiseId: number): Promise<S.Cruise> {
  const found = await repo.readCruise(tx, cruiseId);
  if (found === undefined) throw missingCruise(cruiseId);
  return found;
}

/** The sailing written (new: Draft; an update only while Draft), and its skeleton when asked for. */
async function writeCruise(ctx: TenantContext, tx: TransactionSql, input: S.WriteCruiseRequest): Promise<number> {
  const itineraryStatus = await repo.itineraryStatusForShare(tx, input.itineraryId);
  if (itineraryStatus === undefined) throw notFound(`Itinerary ${input.itineraryId}`);
  if (itineraryStatus === 'Archived') throw invalidState(`Itinerary ${input.itineraryId} is Archived`);
  let cruiseId = input.cruiseId;
  if (cruiseId === undefined) {
    cruiseId = await repo.insertCruise(tx, input.itineraryId, input.startDate, ctx.now);
  } else {
    const locked = await lockOrFail(tx, cruiseId);
    if (locked.status !== 'Draft') throw invalidState(`Cruise ${cruiseId} is ${locked.status}: only a Draft is edited`);
    await repo.updateCruise(tx, cruiseId, input, ctx.now);
  }
  if (input.generateSkeleton === true) {
    await skeleton.replacePointsFromTemplates(tx, cruiseId, ctx.now);
    await skeleton.addCabinCharges(tx, cruiseId, ctx.tenant.currency, ctx.now);
    await skeleton.addOtherCharges(tx, cruiseId, ctx.now);
  }
  return cruiseId;
}

const cruiseUseCases = {
  list: (ctx: TenantContext, filter: S.ListCruisesRequest) => repo.listCruises(ctx.db, filter),

  async read(ctx: TenantContext, cruiseId: number): Promise<S.Cruise> {
    const found = await repo.readCruise(ctx.db, cruiseId);
    if (found === undefined) throw missingCruise(cruiseId);
    return found;
  },

  write(ctx: TenantContext, input: S.WriteCruiseRequest): Promise<S.Cruise> {
    return withTransaction(ctx, async (tx) => readOrFail(tx, await writeCruise(ctx, tx, input)));
  },

  remove(ctx: TenantContext, cruiseId: number): Promise<boolean> {
    return withTransaction(ctx, async (tx) => {
      const locked = await lockOrFail(tx, cruiseId);
      if (locked.status !== 'Draft')
        throw invalidState(`Cruise ${cruiseId} is ${locked.status}: only a Draft is deleted`);
      await repo.deleteCruise(tx, cruiseId).catch(refusalOf('cruises', `Cruise ${cruiseId}`, ''));
      return true;
    });
  },

  changeStatus(ctx: TenantContext, input: S.ChangeCruiseStatusRequest): Promise<S.Cruise> {
    return withTransaction(ctx, async (tx) => {
      const locked = await lockOrFail(tx, input.cruiseId);
      const why = cruiseMoveRefusal(locked.status, input.status, { ...locked, today: today(ctx) });
      if (why !== undefined) throw invalidState(`Cruise ${input.cruiseId} ${why}`);
      await repo.setCruiseStatus(tx, input.cruiseId, input.status, ctx.now);
      return readOrFail(tx, input.cruiseId);
    });
  },
};

const pointUseCases = {
  async listPoints(ctx: TenantContext, cruiseId: number): Promise<S.CruisePoint[]> {
    if ((await repo.readCruise(ctx.db, cruiseId)) === undefined) throw missingCruise(cruiseId);
    return repo.listPoints(ctx.db, cruiseId);
  },

  writePoint(ctx: TenantContext, input: S.WritePointRequest): Promise<S.CruisePoint> {
    checkPointTimes(input.arrivalDatetime, input.departureDatetime);
    const id = input.cruisePointId;
    const refused = refusalOf(
      'cruise_points',
      `Cruise point ${id}`,
      `Stop ${input.stopSeq} of cruise ${input.cruiseId} exists`,
    );
    return withTransaction(ctx, async (tx) => {
      const locked = await lockOrFail(tx, input.cruiseId);
      if (!POINTS_EDITABLE.includes(locked.status)) {
        throw invalidState(`Cruise ${input.cruiseId} is ${locked.status}: its ports of call are not edited`);
      }
      if (id === undefined) return repo.insertPoint(tx, input, ctx.now).catch(refused);
      const updated = await repo.updatePoint(tx, id, input, ctx.now).catch(refused);
      if (updated === undefined) throw missingPoint(id);
      return updated;
    });
  },

  removePoint(ctx: TenantContext, pointId: number): Promise<boolean> {
    return withTransaction(ctx, async (tx) => {
      const cruiseId = await repo.pointCruiseId(tx, pointId);
      if (cruiseId === undefined) throw missingPoint(pointId);
      const locked = await lockOrFail(tx, cruiseId);
      if (!POINTS_EDITABLE.includes(locked.status)) {
        throw invalidState(`Cruise ${cruiseId} is ${locked.status}: its ports of call are not edited`);
      }
      await repo.deletePoint(tx, pointId);
      return true;
    });
  },

  /** Only in Draft: the points are deleted and made again from the itinerary's template stops. */
  regeneratePoints(ctx: TenantContext, cruiseId: number): Promise<S.CruisePoint[]> {
    return withTransaction(ctx, async (tx) => {
      const locked = await lockOrFail(tx, cruiseId);
      if (locked.status !== 'Draft') {
        throw invalidState(`Cruise ${cruiseId} is ${locked.status}: points are regenerated only in Draft`);
      }
      await skeleton.replacePointsFromTemplates(tx, cruiseId, ctx.now);
      return repo.listPoints(tx, cruiseId);
    });
  },
};

export function createSailingService() {
  return { ...cruiseUseCases, ...pointUseCases, ...createCruiseSearch() };
}

export type SailingService = ReturnType<typeof createSailingService>;
