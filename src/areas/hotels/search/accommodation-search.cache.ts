// The candidate rooms of a search: their nights cut out of the kept month runs, their fields from this node's copy.
// Two things are kept in this node's memory, each used only while what it was read at is still current:
// - reads of a stay (a search page is asked for again and again with the same stay: another party, meal plan or
//   budget, the next visitor), while the inventory's version (one primary-key read; every write of hotels, rooms,
//   meal costs or the calendar bumps it in its own transaction) is the one read, and before the first booking
//   window of its nights opens or closes: what it answers is what a new read would;
// - per tenant, the fields the search shows of every contracted room and its hotel, while fields_version (bumped
//   by writes of hotels, rooms and meal costs, not by the calendar nor bookings) is the one the runs were read at.
// Pricing, the party and the rules run on every search.
import type { TenantContext } from '../../../platform/http/operation.js';
import {
  type CandidateQuery,
  type CandidateRoom,
  type RoomOffers,
  type StayRuns,
  selectInventoryVersion,
  selectStayRuns,
  selectStayRunsWithOffers,
} from './accommodation-search.repository.js';
import { cutStay, dayNumber, type MonthRuns } from './accommodation-search.runs.js';

/** Reads of a stay kept per node (the least recently used goes first): a read of 200 rooms is about 100 KB. */
const KEPT_READS = 100;
/** Tenants whose room fields are kept per node (about 1 KB a room). */
const KEPT_OFFERS = 100;
/** Stays asked for once lately (keys only): a read is kept when its stay is asked for again. */
const ASKED_ONCE = 1_000;

/** The candidate rooms of a search as read at one version of the inventory. */
export interface CandidateRead {
  version: string;
  /** When a night of the stay opens or closes for booking (the read is stale from then on); null: never. */
  validUntil: Date | null;
  rooms: CandidateRoom[];
}

export interface CandidateReads {
  /** The candidate rooms of the query, from a kept read still good, else read now (and kept). */
  read(ctx: TenantContext, query: CandidateQuery): Promise<CandidateRoom[]>;
  /** Searches answered from a kept read and read now, since the node started. */
  counts(): { kept: number; read: number };
}

/** Runs and fields put together: the rooms that can answer for the whole stay, by hotel and room. */
export function candidatesOf(runs: StayRuns, offers: RoomOffers, query: CandidateQuery, now: Date): CandidateRead {
  const stay = { from: dayNumber(query.checkin), to: dayNumber(query.checkout), now: now.getTime() };
  const monthsOfRoom = new Map<number, MonthRuns[]>();
  for (const [roomId, month] of runs.months) {
    const months = monthsOfRoom.get(roomId);
    if (months) months.push(month);
    else monthsOfRoom.set(roomId, [month]);
  }
  const rooms: CandidateRoom[] = [];
  let validUntil: number | null = null;
  for (const [roomId, months] of monthsOfRoom) {
    const cut = cutStay(months, stay);
    if (cut.nextChange !== null && (validUntil === null || cut.nextChange < validUntil)) validUntil = cut.nextChange;
    const offer = offers.byRoom.get(roomId);
    if (cut.nights && offer) rooms.push({ ...offer, nights: cut.nights });
  }
  rooms.sort((a, b) => a.hotel.hotelId - b.hotel.hotelId || a.roomId - b.roomId);
  return { version: runs.version, validUntil: validUntil === null ? null : new Date(validUntil), rooms };
}

function keep<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

export function createCandidateReads(limit = KEPT_READS, offersLimit = KEPT_OFFERS): CandidateReads {
  const kept = new Map<string, CandidateRead>();
  const keptOffers = new Map<string, RoomOffers>();
  // A read is kept from the second time its stay is asked for: a stay searched once and never again (most of
  // them, on a busy site) would only push the kept ones out and make the garbage collector carry 100 KB a search.
  const askedOnce = new Map<string, true>();
  const counts = { kept: 0, read: 0 };

  async function readNow(ctx: TenantContext, query: CandidateQuery): Promise<CandidateRead> {
    const tenant = ctx.tenant.tenantId;
    let offers = keptOffers.get(tenant);
    let runs = offers ? await selectStayRuns(ctx.db, query) : undefined;
    if (!offers || !runs || runs.fieldsVersion !== offers.fieldsVersion) {
      ({ runs, offers } = await selectStayRunsWithOffers(ctx.db, query));
      keep(keptOffers, tenant, offers, offersLimit);
    }
    return candidatesOf(runs, offers, query, ctx.now);
  }

  return {
    async read(ctx, query) {
      const key = JSON.stringify([
        ctx.tenant.tenantId,
        query.market,
        query.checkin,
        query.checkout,
        query.hotelId,
        query.roomId,
        query.areaPattern,
      ]);
      const hit = kept.get(key);
      const stillOpen = hit !== undefined && (hit.validUntil === null || ctx.now < hit.validUntil);
      if (hit && stillOpen && (await selectInventoryVersion(ctx.db)) === hit.version) {
        keep(kept, key, hit, limit);
        counts.kept++;
        return hit.rooms;
      }
      const fresh = await readNow(ctx, query);
      counts.read++;
      if (hit || askedOnce.delete(key)) keep(kept, key, fresh, limit);
      else keep(askedOnce, key, true, ASKED_ONCE);
      return fresh.rooms;
    },
    counts: () => ({ ...counts }),
  };
}

/** The node's kept reads (a cache of tenant data keyed by tenant id, never a connection). */
export const candidateReads = createCandidateReads();
