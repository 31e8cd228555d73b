// The Tiqets catalog adapter: lists read page after page (page_size 100) until Tiqets' `pagination.total` is
// reached or a page comes back empty; availability asked at most 31 days per call (Tiqets answers 400 beyond),
// the calls' days and variants merged; a day's timeslots read from that day's availability.
import { type CatalogAvailability, type CatalogVariant, type TicketCatalog, TicketCatalogError } from '../catalog.js';
import type { TiqetsSettings } from '../settings.js';
import {
  cityOf,
  countryOf,
  experienceOf,
  productOf,
  record,
  records,
  tagOf,
  tagTypeOf,
  text,
  timeslotsOf,
  variantOf,
} from './answers.js';
import type { Json, TiqetsClient } from './client.js';

export const PAGE_SIZE = 100;
/** Tiqets' cap: one availability call covers at most 31 days, its first and last included. */
export const MAX_DAYS_PER_CALL = 31;
/** A net against a pagination that never ends. */
const MAX_PAGES = 10_000;
const DAY_MS = 86_400_000;

const dayNumber = (date: string) => {
  const value = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(value)) throw new TicketCatalogError('refused', `Not a date: ${date}`);
  return value / DAY_MS;
};
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The range in consecutive pieces of at most 31 days. */
export function rangesOf(startDate: string, endDate: string): Array<{ start: string; end: string }> {
  const first = dayNumber(startDate);
  const last = dayNumber(endDate);
  if (last < first) throw new TicketCatalogError('refused', 'The range ends before it starts');
  const ranges: Array<{ start: string; end: string }> = [];
  for (let day = first; day <= last; day += MAX_DAYS_PER_CALL) {
    ranges.push({ start: dateOf(day), end: dateOf(Math.min(last, day + MAX_DAYS_PER_CALL - 1)) });
  }
  return ranges;
}

async function allPages(client: TiqetsClient, path: string, key: string, query: Json, signal?: AbortSignal) {
  const items: Json[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await client.call(
      { method: 'GET', path, query: { ...(query as Record<string, string>), page, page_size: PAGE_SIZE } },
      signal,
    );
    const pageItems = records(answer[key]);
    items.push(...pageItems);
    const total = Number(record(answer.pagination)?.total);
    const done = Number.isFinite(total) ? items.length >= total : pageItems.length < PAGE_SIZE;
    if (done || pageItems.length === 0) return items;
  }
  throw new TicketCatalogError('unavailable', `Tiqets' ${key} did not end within ${MAX_PAGES} pages`);
}

async function one(client: TiqetsClient, path: string, key: string, signal?: AbortSignal): Promise<Json> {
  const item = record((await client.call({ method: 'GET', path }, signal))[key]);
  if (!item) throw new TicketCatalogError('unavailable', `Tiqets answered without its ${key}`);
  return item;
}

const segment = (id: string) => encodeURIComponent(id);

/** One call's days with something on sale, its variants, pricing flag and cap, added to `merged`. */
function mergeAnswer(
  merged: CatalogAvailability,
  variants: Map<string, CatalogVariant>,
  answer: Json,
  currency: string,
) {
  for (const item of records(answer.variants)) {
    const variant = variantOf(item, currency);
    variants.set(variant.id, variant);
  }
  for (const day of records(answer.dates)) {
    const date = text(day.date);
    if (date === null || day.availability === 0 || day.availability === false) continue;
    const timeslots = timeslotsOf(day, currency);
    if (timeslots.length > 0) merged.days.push({ date, timeslots });
  }
  merged.dynamicPricing ||= answer.dynamic_pricing === true;
  const cap = Number(answer.max_tickets_per_order);
  if (Number.isFinite(cap) && cap > 0) merged.maxTicketsPerOrder = Math.min(merged.maxTicketsPerOrder ?? cap, cap);
}

async function availabilityOf(
  client: TiqetsClient,
  currency: string,
  range: { productId: string; startDate: string; endDate: string },
  signal?: AbortSignal,
): Promise<CatalogAvailability> {
  const { productId } = range;
  const merged: CatalogAvailability = {
    productId,
    variants: [],
    days: [],
    dynamicPricing: false,
    maxTicketsPerOrder: null,
  };
  const variants = new Map<string, CatalogVariant>();
  for (const piece of rangesOf(range.startDate, range.endDate)) {
    const answer = await client.call(
      {
        method: 'GET',
        path: `/products/${segment(productId)}/availability`,
        query: { start_date: piece.start, end_date: piece.end },
      },
      signal,
    );
    mergeAnswer(merged, variants, answer, currency);
  }
  merged.variants = [...variants.values()];
  merged.days.sort((a, b) => a.date.localeCompare(b.date));
  return merged;
}

export function createTiqetsCatalog(settings: TiqetsSettings, client: TiqetsClient): TicketCatalog {
  const { currency } = settings;
  const pages = (path: string, key: string, query: Json, signal?: AbortSignal) =>
    allPages(client, path, key, query, signal);
  const availability = (productId: string, startDate: string, endDate: string, signal?: AbortSignal) =>
    availabilityOf(client, currency, { productId, startDate, endDate }, signal);
  return {
    kind: 'tiqets',
    countries: async (signal) => (await pages('/countries', 'countries', {}, signal)).map(countryOf),
    cities: async (filter, signal) =>
      (await pages('/cities', 'cities', { country_id: filter.countryId }, signal)).map(cityOf),
    experiences: async (filter, signal) =>
      (
        await pages(
          '/experiences',
          'experiences',
          { city_id: filter.cityId, country_id: filter.countryId, type: filter.type },
          signal,
        )
      ).map((item) => experienceOf(item, currency)),
    experience: async (id, signal) =>
      experienceOf(await one(client, `/experiences/${segment(id)}`, 'experience', signal), currency),
    products: async (filter, signal) =>
      (
        await pages(
          '/products',
          'products',
          { city_id: filter.cityId, country_id: filter.countryId, tag_id: filter.tagId },
          signal,
        )
      ).map((item) => productOf(item, currency)),
    product: async (id, signal) =>
      productOf(await one(client, `/products/${segment(id)}`, 'product', signal), currency),
    variants: async (productId, signal) => {
      const answer = await client.call({ method: 'GET', path: `/products/${segment(productId)}/variants` }, signal);
      return records(answer.variants).map((item) => variantOf(item, currency));
    },
    availability,
    timeslots: async (productId, date, signal) =>
      (await availability(productId, date, date, signal)).days.find((day) => day.date === date)?.timeslots ?? [],
    tags: async (filter, signal) => (await pages('/tags', 'tags', { type_name: filter.typeName }, signal)).map(tagOf),
    tagTypes: async (signal) => (await pages('/tag_types', 'tag_types', {}, signal)).map(tagTypeOf),
  };
}
