// searchCruises: a page of Active sailings, kept by the node as the bytes of its answer under the tenant's cruise
// content version. Each request reads the version (one primary-key query); an unchanged version with the same
// normalized filters and page sends the kept bytes, anything else runs the page's statement and keeps its answer.
import { okJsonBytes } from '../../../platform/http/envelope.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import type { RawAnswer } from '../../../platform/http/raw.js';
import { decimalAmount } from '../../../platform/money.js';
import { formatDate } from '../../../platform/time.js';
import { SEARCH_PAGE_SIZE } from './sailings.rules.js';
import type { SearchCruisesRequest } from './sailings.schemas.js';
import { createSearchAnswers, type SearchAnswers } from './search-answers.js';
import * as repo from './search.repository.js';

/** apiData of a page: each sailing as PostgreSQL wrote it, with its lowest price rounded to the currency's unit. */
function pageJson(rows: repo.FoundRow[]): string {
  const items = rows.map((row) => {
    const price =
      row.lowestPrice === null || row.currency === null ? null : decimalAmount(row.lowestPrice, row.currency);
    // head is a JSON object: its closing brace gives way to the two last fields
    return `${row.head.slice(0, -1)},"lowestPrice":${JSON.stringify(price)},"currency":${JSON.stringify(row.currency)}}`;
  });
  return `[${items.join(',')}]`;
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

async function search(answers: SearchAnswers, ctx: TenantContext, input: SearchCruisesRequest): Promise<RawAnswer> {
  const f = normalizedFilter(ctx, input);
  const pageSize = input.pageSize ?? SEARCH_PAGE_SIZE;
  const pageNumber = input.page ?? 1;
  const page = { limit: pageSize, offset: (pageNumber - 1) * pageSize };
  const make = async () => pageJson(await repo.searchActiveCruises(ctx.db, f, page));
  const version = await repo.selectContentVersion(ctx.db);
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
  return answers.answer(key, make);
}

/** One per node (per service instance): its kept answers live as long as it does. */
export function createCruiseSearch(answers: SearchAnswers = createSearchAnswers()) {
  return {
    search: (ctx: TenantContext, input: SearchCruisesRequest) => search(answers, ctx, input),
  };
}
