// SQL of kept flight searches (table flight_searches, migration 0030). Plain rows out. A search is found only
// before its expires_at, so an expired one reads as a missing one even before it is deleted.
import type { Queryable } from '../../platform/database/connections.js';
import type { FlightOffer } from '../../integrations/flights/index.js';
import type { Offer } from './flights.schemas.js';

export interface SearchParameters {
  origin: string;
  destination: string;
  /** yyyy-MM-dd. */
  departure_date: string;
  return_date: string | null;
  adults: number;
  children: number;
  infants: number;
  currency: string;
  sort_order: number;
  grouping: number;
}

export interface NewSearch extends SearchParameters {
  search_id: string;
  offers: Offer[];
  supplier_offers: FlightOffer[];
  created_at: Date;
  expires_at: Date;
}

export interface SearchRow extends SearchParameters {
  search_id: string;
  offers: Offer[];
}

export interface SearchOfferRow extends SearchParameters {
  search_id: string;
  /** Null when the search has no offer at that place. */
  offer: Offer | null;
  supplier_offer: FlightOffer | null;
}

const parameters = (db: Queryable) => db`
  origin, destination, departure_date::text AS departure_date, return_date::text AS return_date, adults, children,
  infants, currency, sort_order, grouping`;

/** Keeps a search, and deletes the expired ones of the tenant (a few rows at most, by the expires_at index). */
export async function insertSearch(db: Queryable, search: NewSearch): Promise<void> {
  await db`DELETE FROM flight_searches WHERE expires_at <= ${search.created_at}`;
  await db`
    INSERT INTO flight_searches (search_id, origin, destination, departure_date, return_date, adults, children,
      infants, currency, sort_order, grouping, offers, supplier_offers, created_at, expires_at)
    VALUES (${search.search_id}, ${search.origin}, ${search.destination}, ${search.departure_date},
      ${search.return_date}, ${search.adults}, ${search.children}, ${search.infants}, ${search.currency},
      ${search.sort_order}, ${search.grouping}, ${JSON.stringify(search.offers)}::text::jsonb,
      ${JSON.stringify(search.supplier_offers)}::text::jsonb, ${search.created_at}, ${search.expires_at})`;
}

export async function selectSearch(db: Queryable, searchId: string, now: Date): Promise<SearchRow | undefined> {
  const [row] = await db<SearchRow[]>`
    SELECT search_id, ${parameters(db)}, offers
    FROM flight_searches WHERE search_id = ${searchId} AND expires_at > ${now}`;
  return row;
}

export interface SearchPageRow extends SearchParameters {
  search_id: string;
  /** Offers of the whole search. */
  total: number;
  offers: Offer[];
}

/**
 * A slice of a search's offers (`from` offers skipped, at most `count`), cut in PostgreSQL: a page travels, not the
 * whole search.
 */
export async function selectSearchPage(
  db: Queryable,
  searchId: string,
  slice: { from: number; count: number },
  now: Date,
): Promise<SearchPageRow | undefined> {
  const [row] = await db<SearchPageRow[]>`
    SELECT search_id, ${parameters(db)}, jsonb_array_length(offers) AS total,
      (SELECT coalesce(jsonb_agg(o.offer ORDER BY o.n), '[]'::jsonb)
       FROM jsonb_array_elements(offers) WITH ORDINALITY AS o(offer, n)
       WHERE o.n > ${slice.from}::int AND o.n <= ${slice.from + slice.count}::int) AS offers
    FROM flight_searches WHERE search_id = ${searchId} AND expires_at > ${now}`;
  return row;
}

/** One offer of a search (index from 0), as answered and as the supplier gave it. */
export async function selectSearchOffer(
  db: Queryable,
  searchId: string,
  index: number,
  now: Date,
): Promise<SearchOfferRow | undefined> {
  const [row] = await db<SearchOfferRow[]>`
    SELECT search_id, ${parameters(db)}, offers -> ${index}::int AS offer, supplier_offers -> ${index}::int AS supplier_offer
    FROM flight_searches WHERE search_id = ${searchId} AND expires_at > ${now}`;
  return row;
}

/** The serialised pages of a search (flight_search_pages), stored with it. */
export async function insertPages(
  db: Queryable,
  searchId: string,
  pages: readonly { grouping: number; page: number; answer: string }[],
  expiresAt: Date,
): Promise<void> {
  if (pages.length === 0) return;
  const rows = pages.map((page) => ({ search_id: searchId, ...page, expires_at: expiresAt }));
  await db`INSERT INTO flight_search_pages ${db(rows)}`;
}

/**
 * A stored page of a search still usable: in the view asked (0 or 1), else in the search's own; the JSON text as
 * stored. Undefined when the search, or that page of it, is not there.
 */
export async function selectStoredPage(
  db: Queryable,
  key: { searchId: string; grouping: number | null; page: number },
  now: Date,
): Promise<string | undefined> {
  // The view asked needs no look at the search; its own view is the search's grouping.
  const [row] =
    key.grouping === null
      ? await db<{ answer: string }[]>`
          SELECT p.answer FROM flight_searches s
          JOIN flight_search_pages p ON p.search_id = s.search_id AND p.grouping = s.grouping AND p.page = ${key.page}
          WHERE s.search_id = ${key.searchId} AND p.expires_at > ${now}`
      : await db<{ answer: string }[]>`
          SELECT answer FROM flight_search_pages
          WHERE search_id = ${key.searchId} AND grouping = ${key.grouping} AND page = ${key.page}
            AND expires_at > ${now}`;
  return row?.answer;
}
