// searchCruises: a page of Active sailings, kept by the node as the bytes of its answer under the tenant's cruise
// content version. Each request reads the version (one primary-key query); an unchanged version with the same
// normalized filters and page sends the kept bytes; other filters read the page's ids and only the sailings on it
// the node does not keep under that version yet, and keep the answer.
import { okJsonBytes } from '../../../platform/http/envelope.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import type { RawAnswer } from '../../../platform/http/raw.js';
import { decimalAmount } from '../../../platform/money.js';
import { formatDate } from '../../../platform/time.js';
import { SEARCH_PAGE_SIZE } from './sailings.rules.js';
import type { SearchCruisesRequest } from './sailings.schemas.js';
import { keptAnswer } from '../../../platform/memory/lru.js';
import { createSearchMemory, type SearchMemory } from './search-answers.js';
import * as repo from './search.repository.js';

const text = (value: string | null) => JSON.stringify(value);

/** A sailing in the answer's shape (FoundCruise), written directly: its ports of call are PostgreSQL's JSON. */
function sailingJson(row: repo.FoundRow): string {
  const price = row.lowestPrice === null || row.currency === null ? null : decimalAmount(row.lowestPrice, row.currency);
  return (
    `{"cruiseId":${row.cruiseId},"startDate":${text(row.startDate)},"endDate":${text(row.endDate)},` +
    `"status":"Active","itinerary":{"itineraryId":${row.itineraryId},"itineraryCode":${text(row.itineraryCode)},` +
    `"itineraryName":${text(row.itineraryName)},"duration":${row.duration},"description":${text(row.description)},` +
    `"imageUrl":${text(row.imageUrl)},"areaId":${row.areaId},"areaCode":${text(row.areaCode)},` +
    `"areaName":${text(row.areaName)}},"ship":{"shipId":${row.shipId},"shipCode":${text(row.shipCode)},` +
    `"shipName":${text(row.shipName)}},"company":{"companyId":${row.companyId},` +
    `"companyCode":${text(row.companyCode)},"companyName":${text(row.companyName)},"color":${text(row.color)}},` +
    `"portsOfCall":${row.portsOfCall ?? '[]'},"lowestPrice":${JSON.stringify(price)},"currency":${text(row.currency)}}`
  );
}

/**
 * apiData of a page: the ids chosen by the filters, each sailing's JSON as kept under the version, the others read
 * in one statement (and kept). The version was read before either statement, so nothing kept under it is older.
 */
async function pageJson(
  memory: SearchMemory,
  ctx: TenantContext,
  version: string | undefined,
  f: repo.SearchFilter,
  page: { limit: number; offset: number },
): Promise<string> {
  const ids = await repo.selectPageIds(ctx.db, f, page);
  const keyOf = (id: number) => `${ctx.tenant.tenantId}\n${version}\n${id}`;
  const found = new Map<number, string>();
  for (const id of ids) {
    const kept = version === undefined ? undefined : memory.sailings.get(keyOf(id));
    if (kept !== undefined) found.set(id, kept);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    for (const row of await repo.selectSailings(ctx.db, missing)) {
      const json = sailingJson(row);
      found.set(row.cruiseId, json);
      if (version !== undefined) memory.sailings.set(keyOf(row.cruiseId), json);
    }
  }
  // a sailing deleted between the two statements (its version has moved on) is left out
  return `[${ids.flatMap((id) => found.get(id) ?? []).join(',')}]`;
}

/**
 * The filters as the search applies them: dateRangeStart defaults to the tenant's today, so the key of a search
 * without it holds the day it was answered on (a kept answer is not sent again the next day).
 */
export function normalizedFilter(ctx: TenantContext, input: SearchCruisesRequest): repo.SearchFilter {
  return {
    from: input.dateRangeStart ?? formatDate(ctx.now, ctx.tenant.timezone),
    to: input.dateRangeEnd,
    areaId: input.areaId,
    minDuration: input.minDuration,
    maxDuration: input.maxDuration,
  };
}

async function search(memory: SearchMemory, ctx: TenantContext, input: SearchCruisesRequest): Promise<RawAnswer> {
  const f = normalizedFilter(ctx, input);
  const pageSize = input.pageSize ?? SEARCH_PAGE_SIZE;
  const pageNumber = input.page ?? 1;
  const page = { limit: pageSize, offset: (pageNumber - 1) * pageSize };
  const version = await repo.selectContentVersion(ctx.db);
  const make = () => pageJson(memory, ctx, version, f, page);
  if (version === undefined) return okJsonBytes(await make());
  const key = JSON.stringify([
    ctx.tenant.tenantId,
    version,
    f.from,
    f.to ?? null,
    f.areaId ?? null,
    f.minDuration ?? null,
    f.maxDuration ?? null,
    pageNumber,
    pageSize,
  ]);
  return keptAnswer(memory.answers, key, make);
}

/** One per node (per service instance): what it keeps lives as long as it does. */
export function createCruiseSearch(memory: SearchMemory = createSearchMemory()) {
  return {
    search: (ctx: TenantContext, input: SearchCruisesRequest) => search(memory, ctx, input),
  };
}
