// SQL of the catalog sync: the kept content hashes, multi-row upserts in chunks, deletion of what the supplier no
// longer lists, and the sync's claim and cursor in ts_sync_state. Writers upsert in key order (sync.rows.ts), so a
// job and an on-demand city sync writing one city wait for each other instead of deadlocking.
import type { Fragment, Queryable } from '../../../platform/database/connections.js';
import type {
  CityContent,
  CityRow,
  CountryRow,
  ExperienceRow,
  ProductRow,
  TagRow,
  TagTypeRow,
  VariantRow,
} from './sync.rows.js';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 28 columns, and few round trips. */
const CHUNK = 500;
/** Joins a variant's two key parts (a character no supplier id holds). */
export const KEY_SEPARATOR = '\u001f';

type Hashes = Map<string, string>;

async function hashesOf(rows: Promise<Array<{ key: string; content_hash: string }>>): Promise<Hashes> {
  return new Map((await rows).map((row) => [row.key, row.content_hash]));
}

/** `col = EXCLUDED.col, …` for the columns an upsert refreshes. */
function refreshed(db: Queryable, columns: readonly string[]): Fragment {
  return columns
    .map((column) => db`${db(column)} = EXCLUDED.${db(column)}`)
    .reduce((list, item) => db`${list}, ${item}`);
}

/** A row of a ts_* table as the sync writes it. */
type Row = Record<string, string | number | boolean | Date | null | readonly string[]>;

async function upsert(
  db: Queryable,
  table: string,
  rows: readonly Row[],
  key: readonly string[],
  keep: readonly string[] = [],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const update = columns.filter((column) => !key.includes(column) && !keep.includes(column));
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await db`
      INSERT INTO ${db(table)} ${db(chunk, columns)}
      ON CONFLICT (${db(key)}) DO UPDATE SET ${refreshed(db, update)}`;
  }
}

export interface GlobalHashes {
  countries: Hashes;
  cities: Hashes;
  tagTypes: Hashes;
  tags: Hashes;
}

export async function globalHashes(db: Queryable): Promise<GlobalHashes> {
  const [countries, cities, tagTypes, tags] = await Promise.all([
    hashesOf(db`SELECT country_id AS key, content_hash FROM ts_countries`),
    hashesOf(db`SELECT city_code AS key, content_hash FROM ts_cities`),
    hashesOf(db`SELECT tag_type_id AS key, content_hash FROM ts_tag_types`),
    hashesOf(db`SELECT tag_id AS key, content_hash FROM ts_tags`),
  ]);
  return { countries, cities, tagTypes, tags };
}

export interface GlobalRows {
  countries: CountryRow[];
  cities: CityRow[];
  tagTypes: TagTypeRow[];
  tags: TagRow[];
}

/** Writes the changed rows; `all` holds every id listed now, the rest is deleted (a city with its content). */
export async function writeGlobals(
  db: Queryable,
  changed: GlobalRows,
  all: Record<keyof GlobalRows, string[]>,
  now: Date,
): Promise<void> {
  const stamp = { synced_at: now };
  await upsert(
    db,
    'ts_countries',
    changed.countries.map((row) => ({ ...row, ...stamp })),
    ['country_id'],
  );
  // `enabled` is not a column of the rows: the tenant's choice stays as it is.
  await upsert(
    db,
    'ts_cities',
    changed.cities.map((row) => ({ ...row, ...stamp })),
    ['city_code'],
  );
  await upsert(db, 'ts_tag_types', changed.tagTypes, ['tag_type_id']);
  await upsert(db, 'ts_tags', changed.tags, ['tag_id']);
  await db`DELETE FROM ts_countries WHERE country_id <> ALL (${all.countries}::text[])`;
  await db`DELETE FROM ts_tag_types WHERE tag_type_id <> ALL (${all.tagTypes}::text[])`;
  await db`DELETE FROM ts_tags WHERE tag_id <> ALL (${all.tags}::text[])`;
  const gone = await db`
    DELETE FROM ts_experiences WHERE city_code IS NULL OR city_code <> ALL (${all.cities}::text[])`;
  if (gone.count > 0) await bumpContentVersion(db);
  await db`DELETE FROM ts_products WHERE city_code IS NULL OR city_code <> ALL (${all.cities}::text[])`;
  await db`DELETE FROM ts_cities WHERE city_code <> ALL (${all.cities}::text[])`;
}

export interface CityHashes {
  experiences: Hashes;
  products: Hashes;
  /** By product id + KEY_SEPARATOR + variant id. */
  variants: Hashes;
}

export async function cityHashes(db: Queryable, cityCode: string): Promise<CityHashes> {
  const [experiences, products, variants] = await Promise.all([
    hashesOf(db`SELECT experience_id AS key, content_hash FROM ts_experiences WHERE city_code = ${cityCode}`),
    hashesOf(db`SELECT product_id AS key, content_hash FROM ts_products WHERE city_code = ${cityCode}`),
    hashesOf(db`
      SELECT v.product_id || ${KEY_SEPARATOR} || v.variant_id AS key, v.content_hash
      FROM ts_variants v JOIN ts_products p USING (product_id)
      WHERE p.city_code = ${cityCode}`),
  ]);
  return { experiences, products, variants };
}

/**
 * Writes a city's changed rows (products before their variants) and deletes the city's rows the supplier no longer
 * lists; `content` holds everything listed now, `changed` the rows to write.
 */
export async function writeCity(
  db: Queryable,
  content: CityContent,
  changed: { experiences: ExperienceRow[]; products: ProductRow[]; variants: VariantRow[] },
  now: Date,
): Promise<void> {
  const { cityCode } = content;
  const stamp = { synced_at: now };
  await upsert(
    db,
    'ts_products',
    changed.products.map((row) => ({ ...row, ...stamp })),
    ['product_id'],
  );
  await upsert(db, 'ts_variants', changed.variants, ['product_id', 'variant_id']);
  await upsert(
    db,
    'ts_experiences',
    changed.experiences.map((row) => ({ ...row, ...stamp })),
    ['experience_id'],
  );
  const variantKeys = content.variants.map((row) => `${row.product_id}${KEY_SEPARATOR}${row.variant_id}`);
  await db`
    DELETE FROM ts_variants v USING ts_products p
    WHERE p.product_id = v.product_id AND p.city_code = ${cityCode}
      AND v.product_id || ${KEY_SEPARATOR} || v.variant_id <> ALL (${variantKeys}::text[])`;
  const productIds = content.products.map((row) => row.product_id);
  await db`DELETE FROM ts_products WHERE city_code = ${cityCode} AND product_id <> ALL (${productIds}::text[])`;
  const experienceIds = content.experiences.map((row) => row.experience_id);
  const gone = await db`
    DELETE FROM ts_experiences WHERE city_code = ${cityCode} AND experience_id <> ALL (${experienceIds}::text[])`;
  if (changed.experiences.length > 0 || gone.count > 0) await bumpContentVersion(db);
  await db`UPDATE ts_cities SET content_synced_at = ${now} WHERE city_code = ${cityCode}`;
}

/** Kept answers of experience pages read before this are not sent again (ticket-supplier.service.ts). */
async function bumpContentVersion(db: Queryable): Promise<void> {
  await db`UPDATE ts_sync_state SET content_version = content_version + 1 WHERE id = 1`;
}

/** The cities after `cursor` (all when null), in code-point order: the order a run walks and resumes in. */
export async function citiesAfter(db: Queryable, cursor: string | null): Promise<string[]> {
  const rows = await db<Array<{ city_code: string }>>`
    SELECT city_code FROM ts_cities
    WHERE ${cursor}::text IS NULL OR city_code COLLATE "C" > ${cursor}::text COLLATE "C"
    ORDER BY city_code COLLATE "C"`;
  return rows.map((row) => row.city_code);
}

export interface SyncState {
  cursor: string | null;
  run_started_at: Date | null;
  run_node: string | null;
  heartbeat_at: Date | null;
  last_completed_at: Date | null;
  last_failed_at: Date | null;
  last_error: string | null;
}

export async function readSyncState(db: Queryable): Promise<SyncState | undefined> {
  const [state] = await db<SyncState[]>`
    SELECT cursor, run_started_at, run_node, heartbeat_at, last_completed_at, last_failed_at, last_error
    FROM ts_sync_state WHERE id = 1`;
  return state;
}

/**
 * Claims the run for `node` unless another node's claim is fresher than `staleBefore` (its heartbeat moves with
 * every city). Answers the cursor to resume after, or undefined when another node is syncing. A run resumed after
 * a failure keeps its start.
 */
export async function claimRun(
  db: Queryable,
  node: string,
  now: Date,
  staleBefore: Date,
): Promise<{ cursor: string | null } | undefined> {
  const [claimed] = await db<Array<{ cursor: string | null }>>`
    UPDATE ts_sync_state
    SET run_node = ${node}, heartbeat_at = ${now},
        run_started_at = CASE WHEN cursor IS NULL THEN ${now} ELSE coalesce(run_started_at, ${now}) END
    WHERE id = 1 AND (heartbeat_at IS NULL OR heartbeat_at < ${staleBefore})
    RETURNING cursor`;
  return claimed;
}

/** Moves the cursor past a committed city, in its transaction; false when the claim is no longer `node`'s. */
export async function advanceCursor(db: Queryable, node: string, cityCode: string, now: Date): Promise<boolean> {
  const moved = await db`
    UPDATE ts_sync_state SET cursor = ${cityCode}, heartbeat_at = ${now} WHERE id = 1 AND run_node = ${node}`;
  return moved.count === 1;
}

export async function finishRun(db: Queryable, node: string, now: Date): Promise<void> {
  await db`
    UPDATE ts_sync_state
    SET cursor = NULL, run_node = NULL, heartbeat_at = NULL, last_completed_at = ${now}, last_error = NULL
    WHERE id = 1 AND run_node = ${node}`;
}

/** The cursor stays: the next run resumes after the last committed city. */
export async function failRun(db: Queryable, node: string, now: Date, error: string): Promise<void> {
  await db`
    UPDATE ts_sync_state
    SET run_node = NULL, heartbeat_at = NULL, last_failed_at = ${now}, last_error = ${error}
    WHERE id = 1 AND run_node = ${node}`;
}

/** Gives the claim up without a failure (the node is stopping): the next run resumes after the cursor at once. */
export async function releaseRun(db: Queryable, node: string): Promise<void> {
  await db`UPDATE ts_sync_state SET run_node = NULL, heartbeat_at = NULL WHERE id = 1 AND run_node = ${node}`;
}
