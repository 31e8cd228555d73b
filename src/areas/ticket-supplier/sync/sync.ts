// The catalog sync of one tenant: the supplier's countries, cities, tag types and tags in one transaction, then
// city after city (code order) its experiences, products and their variants, each city in a transaction of its own
// that also moves the cursor past it. Everything a transaction writes is read from the supplier before it begins,
// so a supplier failing half-way leaves the previous copy of every city as it was, and the next run resumes after
// the last committed city. Only rows whose content hash changed are written; rows the supplier no longer lists go.
import type { Sql, TransactionSql } from '../../../platform/database/connections.js';
import { forEachConcurrently } from '../../../platform/for-each-concurrently.js';
import {
  type CatalogProduct,
  type TicketCatalog,
  TicketCatalogError,
} from '../../../integrations/ticket-supplier/index.js';
import * as repo from './sync.repository.js';
import {
  type CityContent,
  changedRows,
  cityRow,
  countryRow,
  experienceRow,
  productRow,
  tagRow,
  tagTypeRow,
  uniqueBy,
  variantRows,
} from './sync.rows.js';

/** Variant lists asked side by side while a city is read (a supplier's rate limit is the bound). */
const VARIANT_CALLS_AT_ONCE = 4;
/** A claim whose heartbeat is older belongs to a node that stopped: another node may take the run over. */
export const STALE_CLAIM_MS = 10 * 60_000;

/** The supplier refused a list it had (a glitch must not wipe the tenant's copy). */
export class SuspiciousAnswer extends Error {}

const byId = <T extends { id: string }>(items: readonly T[]) => uniqueBy(items, (item) => item.id);
/** Items of another city (a supplier ignoring the filter) are left to that city's own turn. */
const ofCity = <T extends { cityId: string | null }>(items: readonly T[], cityCode: string) =>
  items.filter((item) => item.cityId === null || item.cityId === cityCode);

/** A city's experiences, products and variants, read from the supplier; nothing is written. */
export async function readCityContent(
  catalog: TicketCatalog,
  cityCode: string,
  signal?: AbortSignal,
): Promise<CityContent> {
  const [experiences, products] = await Promise.all([
    catalog.experiences({ cityId: cityCode }, signal),
    catalog.products({ cityId: cityCode }, signal),
  ]);
  const kept: CatalogProduct[] = [];
  const variants: CityContent['variants'] = [];
  await forEachConcurrently(byId(ofCity(products, cityCode)), VARIANT_CALLS_AT_ONCE, async (product) => {
    try {
      variants.push(...variantRows(product.id, byId(await catalog.variants(product.id, signal))));
      kept.push(product);
    } catch (error) {
      // Gone between the list and its variants: left out, as if the list had not named it.
      if (!(error instanceof TicketCatalogError && error.code === 'NOTFOUND')) throw error;
    }
  });
  return {
    cityCode,
    experiences: byId(ofCity(experiences, cityCode)).map((item) => experienceRow(item, cityCode)),
    products: kept.map((item) => productRow(item, cityCode)),
    variants,
  };
}

/** Writes a city's content read before, in the caller's transaction: only the changed rows, then the deletions. */
export async function writeCityContent(tx: TransactionSql, content: CityContent, now: Date): Promise<void> {
  const kept = await repo.cityHashes(tx, content.cityCode);
  await repo.writeCity(
    tx,
    content,
    {
      experiences: changedRows(content.experiences, (row) => row.experience_id, kept.experiences),
      products: changedRows(content.products, (row) => row.product_id, kept.products),
      variants: changedRows(
        content.variants,
        (row) => `${row.product_id}${repo.KEY_SEPARATOR}${row.variant_id}`,
        kept.variants,
      ),
    },
    now,
  );
}

/** Countries, tag types, tags and cities, read then written in one transaction. */
async function syncGlobals(db: Sql, catalog: TicketCatalog, now: Date, signal?: AbortSignal): Promise<void> {
  const [countries, tagTypes, tags, cities] = await Promise.all([
    catalog.countries(signal),
    catalog.tagTypes(signal),
    catalog.tags({}, signal),
    catalog.cities({}, signal),
  ]);
  const countryRows = byId(countries).map(countryRow);
  const codes = new Map(countryRows.map((row) => [row.country_id, row.code]));
  const rows = {
    countries: countryRows,
    cities: byId(cities).map((city) => cityRow(city, codes)),
    tagTypes: byId(tagTypes).map(tagTypeRow),
    tags: byId(tags).map(tagRow),
  };
  await db.begin(async (tx) => {
    const kept = await repo.globalHashes(tx);
    if (rows.cities.length === 0 && kept.cities.size > 0) throw new SuspiciousAnswer('the supplier listed no cities');
    const changed = {
      countries: changedRows(rows.countries, (row) => row.country_id, kept.countries),
      cities: changedRows(rows.cities, (row) => row.city_code, kept.cities),
      tagTypes: changedRows(rows.tagTypes, (row) => row.tag_type_id, kept.tagTypes),
      tags: changedRows(rows.tags, (row) => row.tag_id, kept.tags),
    };
    const all = {
      countries: rows.countries.map((row) => row.country_id),
      cities: rows.cities.map((row) => row.city_code),
      tagTypes: rows.tagTypes.map((row) => row.tag_type_id),
      tags: rows.tags.map((row) => row.tag_id),
    };
    await repo.writeGlobals(tx, changed, all, now);
  });
}

export interface SyncRun {
  catalog: TicketCatalog;
  /** Who claims the run (the node's id). */
  node: string;
  clock: () => Date;
  /** The node is stopping: the run ends after the city it is at, and the next run resumes after it. */
  signal?: AbortSignal;
}

export type SyncOutcome = { kind: 'synced'; cities: number } | { kind: 'busy' } | { kind: 'stopped' };

/** One run for the tenant of `db`: resumed after the cursor, or whole. Rejects with the supplier's failure. */
export async function runSync(db: Sql, run: SyncRun): Promise<SyncOutcome> {
  const started = run.clock();
  const claim = await repo.claimRun(db, run.node, started, new Date(started.getTime() - STALE_CLAIM_MS));
  if (!claim) return { kind: 'busy' };
  try {
    await syncGlobals(db, run.catalog, started, run.signal);
    const cities = await repo.citiesAfter(db, claim.cursor);
    for (const cityCode of cities) {
      if (run.signal?.aborted) break;
      await syncCity(db, run, cityCode);
    }
    if (run.signal?.aborted) {
      await repo.releaseRun(db, run.node);
      return { kind: 'stopped' };
    }
    await repo.finishRun(db, run.node, run.clock());
    return { kind: 'synced', cities: cities.length };
  } catch (error) {
    if (run.signal?.aborted) {
      await repo.releaseRun(db, run.node);
      return { kind: 'stopped' };
    }
    const why = error instanceof Error ? error.message : 'failed';
    await repo.failRun(db, run.node, run.clock(), why.slice(0, 500));
    throw error;
  }
}

/** One city: read, then written in its own transaction with the cursor moved past it. */
async function syncCity(db: Sql, run: SyncRun, cityCode: string): Promise<void> {
  const content = await readCityContent(run.catalog, cityCode, run.signal);
  await db.begin(async (tx) => {
    const now = run.clock();
    await writeCityContent(tx, content, now);
    if (!(await repo.advanceCursor(tx, run.node, cityCode, now))) {
      throw new SuspiciousAnswer('the sync was taken over by another node');
    }
  });
}
