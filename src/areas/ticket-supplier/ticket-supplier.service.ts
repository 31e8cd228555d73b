// The /ticketsupplier use cases. Catalog reads answer from the tenant's copy and never call the supplier; enabling
// a city reads its content from the supplier first and then writes it with the flag in one transaction;
// availability and timeslots are live, through the node's 60 s single-flight copy (live/).
import {
  type CatalogAvailability,
  type TicketCatalog,
  TicketCatalogError,
} from '../../integrations/ticket-supplier/index.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { okJsonBytes } from '../../platform/http/envelope.js';
import { ApiError, ErrorCode, invalidFormat, missingParameter, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { RawAnswer } from '../../platform/http/raw.js';
import { daysBetween } from '../../platform/time.js';
import { createKeptAnswers, createShortMemory, type KeptAnswers, type ShortMemory } from './kept-answers.js';
import { type LiveOffers, toAvailability, toTimeslots } from './live/index.js';
import { type CityContent, readCityContent, writeCityContent } from './sync/index.js';
import * as repo from './ticket-supplier.repository.js';
import {
  type Availability,
  type CitiesRequest,
  type City,
  type Country,
  DEFAULT_PAGE_SIZE,
  type Experience,
  type ExperiencesRequest,
  MAX_RANGE_DAYS,
  type Product,
  type ProductsRequest,
  type RangeRequest,
  type Tag,
  type TagType,
  type Timeslot,
  type Variant,
} from './ticket-supplier.schemas.js';
import * as view from './ticket-supplier.view.js';

export interface TicketSupplierServiceDeps {
  catalog: TicketCatalog;
  live: LiveOffers;
  /** Each tenant's content version as this node last read it (5 s); the node's own writes forget it at once. */
  versions: ShortMemory<string>;
}

/** How long a node sends kept experience pages without asking whether another node's sync changed them. */
export const VERSION_TTL_MS = 5_000;
/** How long a node remembers that a tenant's copy has a product (availability asks it on every request). */
const PRODUCT_TTL_MS = 60_000;
const KNOWN_PRODUCTS = 100_000;

const present = <T>(item: T | undefined): item is T => item !== undefined;

/** The supplier's failure as the envelope's code (API_ERROR; NOTFOUND for an id it does not know). */
function supplierError(error: unknown): unknown {
  if (!(error instanceof TicketCatalogError)) return error;
  return error.code === 'NOTFOUND'
    ? notFound('Product at the supplier')
    : new ApiError(ErrorCode.API_ERROR, `The ticket supplier failed: ${error.message}`);
}

/** Both dates are valid yyyy-MM-dd (the schema); in order and at most MAX_RANGE_DAYS days in all. */
function checkRange(input: RangeRequest): void {
  const days = daysBetween(input.dateFrom, input.dateTo) + 1;
  if (days < 1) throw invalidFormat('dateTo', 'is before dateFrom');
  if (days > MAX_RANGE_DAYS) throw invalidFormat('dateTo', `makes a range over ${MAX_RANGE_DAYS} days`);
}

async function productOrNotFound(ctx: TenantContext, productId: string): Promise<repo.ProductRow> {
  const product = await repo.selectProduct(ctx.db, productId);
  if (!product) throw notFound(`Product ${productId}`);
  return product;
}

/** Catalog reads: the tenant's copy only, never the supplier. */
const reads = {
  async countries(ctx: TenantContext): Promise<Country[]> {
    return (await repo.selectCountries(ctx.db)).map(view.toCountry).filter(present);
  },

  async cities(ctx: TenantContext, input: CitiesRequest): Promise<City[]> {
    const filter = { countryId: input.countryId ?? null, enabledOnly: input.enabledOnly ?? false };
    return (await repo.selectCities(ctx.db, filter)).map(view.toCity);
  },

  async experience(ctx: TenantContext, experienceId: string): Promise<Experience> {
    const row = await repo.selectExperience(ctx.db, experienceId);
    if (!row) throw notFound(`Experience ${experienceId}`);
    return view.toExperience(row);
  },

  /** An experience's products in its order (of one city when both are given), or a city's products. */
  async products(ctx: TenantContext, input: ProductsRequest): Promise<Product[]> {
    const cityCode = input.cityId ?? null;
    if (cityCode !== null && !(await repo.selectCity(ctx.db, cityCode))) throw notFound(`City ${cityCode}`);
    if (input.experienceId === undefined) {
      if (cityCode === null) throw missingParameter('experienceId or cityId');
      return (await repo.selectProductsOfCity(ctx.db, cityCode)).map(view.toProduct);
    }
    const experience = await repo.selectExperience(ctx.db, input.experienceId);
    if (!experience) throw notFound(`Experience ${input.experienceId}`);
    return (await repo.selectProductsByIds(ctx.db, experience.product_ids, cityCode)).map(view.toProduct);
  },

  async product(ctx: TenantContext, productId: string): Promise<Product> {
    return view.toProduct(await productOrNotFound(ctx, productId));
  },

  async variants(ctx: TenantContext, productId: string): Promise<Variant[]> {
    const product = await productOrNotFound(ctx, productId);
    return (await repo.selectVariants(ctx.db, productId)).map((row) => view.toVariant(row, product.currency));
  },

  async tags(ctx: TenantContext, typeGroupName: string | undefined): Promise<Tag[]> {
    return (await repo.selectTags(ctx.db, typeGroupName ?? null)).map(view.toTag);
  },

  async tagTypes(ctx: TenantContext): Promise<TagType[]> {
    return (await repo.selectTagTypes(ctx.db)).map(view.toTagType).filter(present);
  },

  async disableCity(ctx: TenantContext, cityCode: string): Promise<City> {
    const city = await repo.updateCityEnabled(ctx.db, cityCode, false);
    if (!city) throw notFound(`City ${cityCode}`);
    return view.toCity(city);
  },
};

/** Enabling syncs the city's content first: read from the supplier, then written with the flag at once. */
async function enableCity(catalog: TicketCatalog, ctx: TenantContext, cityCode: string): Promise<City> {
  if (!(await repo.selectCity(ctx.db, cityCode))) throw notFound(`City ${cityCode}`);
  let content: CityContent;
  try {
    content = await readCityContent(catalog, cityCode);
  } catch (error) {
    throw supplierError(error);
  }
  // The content first, then the city's row: the sync's city transactions lock in that order too.
  return withTransaction(ctx, async (tx) => {
    await writeCityContent(tx, content, ctx.now);
    const city = await repo.updateCityEnabled(tx, cityCode, true);
    if (!city) throw notFound(`City ${cityCode}`);
    return view.toCity(city);
  });
}

/** The live answer for a product of the tenant's copy (a product known to exist is remembered a minute). */
async function liveAnswer(
  live: LiveOffers,
  products: ShortMemory<boolean>,
  ctx: TenantContext,
  input: RangeRequest,
): Promise<CatalogAvailability> {
  checkRange(input);
  const key = `${ctx.tenant.tenantId}\n${input.productId}`;
  const exists = await products.get(key, () => repo.productExists(ctx.db, input.productId));
  if (!exists) {
    products.forget(key);
    throw notFound(`Product ${input.productId}`);
  }
  try {
    return await live.availability(input.productId, input.dateFrom, input.dateTo, ctx.signal);
  } catch (error) {
    throw supplierError(error);
  }
}

/**
 * A page of experiences, kept as its bytes under the tenant's content version: after the first request, one
 * primary-key read (the version) per request. A sync that changes experiences moves the version on.
 */
async function experiencePage(
  kept: { pages: KeptAnswers; versions: ShortMemory<string> },
  ctx: TenantContext,
  input: ExperiencesRequest,
) {
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const filter = {
    cityCode: input.cityId ?? null,
    countryId: input.countryId ?? null,
    tagId: input.categoryId ?? null,
  };
  const page = { limit: pageSize, offset: ((input.page ?? 1) - 1) * pageSize };
  const version = await kept.versions.get(ctx.tenant.tenantId, () => repo.selectContentVersion(ctx.db));
  const key = JSON.stringify([ctx.tenant.tenantId, version, filter, page]);
  return kept.pages.answer(key, async () => {
    const experiences: Experience[] = (await repo.selectExperiences(ctx.db, filter, page)).map(view.toExperience);
    return JSON.stringify(experiences);
  });
}

export function createTicketSupplierService(deps: TicketSupplierServiceDeps) {
  const { live, versions } = deps;
  const pages = createKeptAnswers();
  const products = createShortMemory<boolean>(PRODUCT_TTL_MS, KNOWN_PRODUCTS);
  // A kept live answer's availability, serialised once (it goes with the answer when the live copy drops it).
  const availabilityAnswers = new WeakMap<CatalogAvailability, RawAnswer>();
  return {
    ...reads,
    async enableCity(ctx: TenantContext, cityCode: string): Promise<City> {
      const city = await enableCity(deps.catalog, ctx, cityCode);
      versions.forget(ctx.tenant.tenantId);
      return city;
    },
    experiences: (ctx: TenantContext, input: ExperiencesRequest) => experiencePage({ pages, versions }, ctx, input),

    async availability(ctx: TenantContext, input: RangeRequest): Promise<RawAnswer> {
      const answer = await liveAnswer(live, products, ctx, input);
      let kept = availabilityAnswers.get(answer);
      if (!kept) {
        const availability: Availability = toAvailability(answer, input.dateFrom, input.dateTo);
        kept = okJsonBytes(JSON.stringify(availability));
        availabilityAnswers.set(answer, kept);
      }
      return kept;
    },

    async timeslots(ctx: TenantContext, input: RangeRequest): Promise<Timeslot[]> {
      const answer = await liveAnswer(live, products, ctx, input);
      const local = await repo.selectVariants(ctx.db, input.productId);
      const types = new Map(local.map((row) => [row.variant_id, row.variant_type]));
      for (const variant of answer.variants) if (variant.type !== null) types.set(variant.id, variant.type);
      return toTimeslots(answer, types);
    },
  };
}

export type TicketSupplierService = ReturnType<typeof createTicketSupplierService>;
