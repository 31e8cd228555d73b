// Candidate reads of the accommodation search kept in this node's memory. A search page is asked for again and
// again with the same stay (another party, meal plan or budget, the next visitor for the same dates), and reading
// 200 rooms × 30 nights is most of a search's work. A kept read is used only while the inventory's version (one
// primary-key read; every write of hotels, rooms, meal costs or the calendar bumps it in its own transaction) is
// the one it was read at, and before the first booking window of its nights opens or closes: what it answers is
// what a new read would. Pricing, the party and the rules run on every search.
import type { TenantContext } from '../../platform/http/operation.js';
import {
  type CandidateQuery,
  type CandidateRead,
  type CandidateRoom,
  selectCandidateRooms,
  selectInventoryVersion,
} from './accommodation-search.repository.js';

/** Reads kept per node (the least recently used goes first): a read of 200 rooms is about 100 KB. */
const KEPT_READS = 100;

export interface CandidateReads {
  /** The candidate rooms of the query, from a kept read still good, else read now (and kept). */
  read(ctx: TenantContext, query: Omit<CandidateQuery, 'now'>): Promise<CandidateRoom[]>;
}

export function createCandidateReads(limit = KEPT_READS): CandidateReads {
  const kept = new Map<string, CandidateRead>();
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
        kept.delete(key);
        kept.set(key, hit);
        return hit.rooms;
      }
      const fresh = await selectCandidateRooms(ctx.db, { ...query, now: ctx.now });
      kept.delete(key);
      kept.set(key, fresh);
      if (kept.size > limit) {
        const oldest = kept.keys().next().value;
        if (oldest !== undefined) kept.delete(oldest);
      }
      return fresh.rooms;
    },
  };
}

/** The node's kept reads (a cache of tenant data keyed by tenant id, never a connection). */
export const candidateReads = createCandidateReads();
