// Reading the catalog: the category tree, products, attributes, variants, terms, and availability with
// server-decided prices. Guests and customers see only products available on the web; employees see all.
import { isEmployee } from '../../platform/auth/roles.js';
import { ApiError, ErrorCode, invalidFormat, missingParameter, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { decimalAmount, fromMinor } from '../../platform/money.js';
import { addDays, formatDate, formatDateTime, localToInstant } from '../../platform/time.js';
import { attributeAdjustments } from './attribute-adjustments.js';
import { selectAttributes } from './attributes.repository.js';
import { type Party, partyTotal, saleVerdict, seats, UNLIMITED, unitPrices } from './catalog.rules.js';
import type {
  Attribute,
  AvailabilityResult,
  BookingRequest,
  CategoryNode,
  Product,
  ProductSummary,
  Terms,
  Variant,
} from './catalog.schemas.js';
import { categoryTree, findNode, toAttribute, toProduct, toProductSummary, toVariant } from './catalog.view.js';
import { selectCategories } from './categories.repository.js';
import { type SlotRow, selectSlots } from './inventory-slots.repository.js';
import {
  lookupProducts,
  type ProductRow,
  searchProducts,
  selectCategoryProducts,
  selectProduct,
} from './products.repository.js';
import type { CatalogReadCaches, ReadCache } from './read-cache.js';
import { basePrices, saleLimits } from './sale-terms.js';
import { selectVariant, selectVariants, type VariantRow } from './variants.repository.js';

const onlyWeb = (ctx: TenantContext) => !isEmployee(ctx.roles);

interface BookInfo {
  date?: string;
  adults?: number;
  children?: number;
}

/** A product's row with its variants' rows: what availability and quotes price from. */
export interface ProductRows {
  product: ProductRow;
  variants: VariantRow[];
}

/** One cache per kind of read; all absent without caches. */
interface CatalogReads {
  tree: ReadCache<CategoryNode[]> | undefined;
  listing: ReadCache<ProductSummary[]> | undefined;
  product: ReadCache<Product> | undefined;
  attributes: ReadCache<Attribute[]> | undefined;
  variants: ReadCache<Variant[]> | undefined;
  terms: ReadCache<Terms> | undefined;
  // Availability reads the product's and variants' rows on every request; seats (the slots) stay live.
  rows: ReadCache<ProductRows> | undefined;
}

/** Without caches (the demo seed, tools) every read goes to the database. */
export function createCatalogService(caches?: CatalogReadCaches) {
  const reads: CatalogReads = {
    tree: caches?.cache<CategoryNode[]>(),
    listing: caches?.cache<ProductSummary[]>(),
    product: caches?.cache<Product>(),
    attributes: caches?.cache<Attribute[]>(),
    variants: caches?.cache<Variant[]>(),
    terms: caches?.cache<Terms>(),
    rows: caches?.cache<ProductRows>(),
  };
  return {
    productRows: (ctx: TenantContext, productId: number) => loadProductRows(reads, ctx, productId),
    categories: (ctx: TenantContext) => getCategoryTree(reads, ctx),
    findCategory,
    categoryProducts: (ctx: TenantContext, categoryId: number) => listCategoryProducts(reads, ctx, categoryId),
    product: (ctx: TenantContext, key: { productId?: number; productCode?: string }) => getProduct(reads, ctx, key),
    search: findProducts,
    lookup: lookupProductNames,
    attributes: (ctx: TenantContext, productId: number) => getAttributes(reads, ctx, productId),
    variants: (ctx: TenantContext, productId: number, info?: BookInfo) => listVariants(reads, ctx, productId, info),
    variantsOn: listVariantsOn,
    variantOf: findVariantOf,
    defaultVariant: getDefaultVariant,
    terms: (ctx: TenantContext, productId: number) => getTerms(reads, ctx, productId),
    availability: (ctx: TenantContext, request: BookingRequest) => checkAvailability(reads, ctx, request),
    timeslots: listTimeslots,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** The cached answer for the key, kept apart for callers who see only web products and those who see all. */
function cached<T>(
  cache: ReadCache<T> | undefined,
  ctx: TenantContext,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  return cache ? cache.read(ctx.tenant.tenantId, `${key}|${onlyWeb(ctx) ? 'web' : 'all'}`, load) : load();
}

async function loadProduct(ctx: TenantContext, productId: number): Promise<ProductRow> {
  const product = await selectProduct(ctx.db, { productId }, onlyWeb(ctx));
  if (!product) throw notFound('Product');
  return product;
}

/** The product's and its variants' rows (cached); NOTFOUND when the caller may not see the product. */
function loadProductRows(reads: CatalogReads, ctx: TenantContext, productId: number): Promise<ProductRows> {
  return cached(reads.rows, ctx, `rows:${productId}`, async () => {
    const [product, variants] = await Promise.all([loadProduct(ctx, productId), selectVariants(ctx.db, productId)]);
    return { product, variants };
  });
}

// ---- categories and products ----

async function getCategoryTree(reads: CatalogReads, ctx: TenantContext): Promise<CategoryNode[]> {
  return cached(reads.tree, ctx, 'tree', async () => categoryTree(await selectCategories(ctx.db)));
}

/** The category named exactly so (ignoring case), else the first whose name contains the text. */
async function findCategory(ctx: TenantContext, name: string): Promise<CategoryNode> {
  const tree = categoryTree(await selectCategories(ctx.db));
  const wanted = name.toLowerCase();
  const node =
    findNode(tree, (n) => n.categoryName.toLowerCase() === wanted) ??
    findNode(tree, (n) => n.categoryName.toLowerCase().includes(wanted));
  if (!node) throw notFound('Category');
  return node;
}

async function listCategoryProducts(
  reads: CatalogReads,
  ctx: TenantContext,
  categoryId: number,
): Promise<ProductSummary[]> {
  return cached(reads.listing, ctx, `category:${categoryId}`, async () => {
    const rows = await selectCategoryProducts(ctx.db, categoryId, onlyWeb(ctx));
    if (rows.length === 0 && !(await selectCategories(ctx.db)).some((c) => c.category_id === categoryId)) {
      throw notFound('Category');
    }
    return rows.map((row) => toProductSummary(row, ctx.tenant.timezone));
  });
}

async function getProduct(
  reads: CatalogReads,
  ctx: TenantContext,
  key: { productId?: number; productCode?: string },
): Promise<Product> {
  if (key.productId === undefined && key.productCode === undefined) throw missingParameter('productId or productCode');
  return cached(
    reads.product,
    ctx,
    `product:${key.productId ?? ''}:${key.productCode?.toLowerCase() ?? ''}`,
    async () => {
      const row = await selectProduct(
        ctx.db,
        key.productId !== undefined ? { productId: key.productId } : { productCode: key.productCode ?? '' },
        onlyWeb(ctx),
      );
      if (!row) throw notFound('Product');
      return toProduct(row, ctx.tenant.timezone);
    },
  );
}

async function findProducts(
  ctx: TenantContext,
  filter: { method?: string; prodName?: string; publicCategoryId?: number; availableOnWeb?: boolean },
) {
  const rows = await searchProducts(ctx.db, {
    name: filter.prodName,
    partial: filter.method === 'partial',
    categoryId: filter.publicCategoryId,
    availableOnWeb: filter.availableOnWeb,
    onlyWeb: onlyWeb(ctx),
  });
  return rows.map((row) => ({
    productId: row.product_id,
    prodCode: row.prod_code,
    prodName: row.prod_name,
    productPrice: decimalAmount(row.product_price, row.currency),
    currency: row.currency,
    publicCategoryId: row.public_category_id,
    availableOnWeb: row.available_on_web,
  }));
}

async function lookupProductNames(ctx: TenantContext, namepart: string | undefined): Promise<Array<[string, number]>> {
  const rows = await lookupProducts(ctx.db, namepart, onlyWeb(ctx));
  return rows.map((row) => [row.prod_name, row.product_id]);
}

async function getAttributes(reads: CatalogReads, ctx: TenantContext, productId: number): Promise<Attribute[]> {
  return cached(reads.attributes, ctx, `attributes:${productId}`, async () => {
    const product = await loadProduct(ctx, productId);
    const rows = await selectAttributes(ctx.db, productId);
    return rows.map((row) => toAttribute(row, product.currency));
  });
}

async function getTerms(reads: CatalogReads, ctx: TenantContext, productId: number): Promise<Terms> {
  return cached(reads.terms, ctx, `terms:${productId}`, async () => {
    const product = await loadProduct(ctx, productId);
    return {
      productId,
      productTerms: product.product_terms,
      cancelPolicy: product.cancel_policy,
      childPolicy: product.child_policy,
    };
  });
}

// ---- variants ----

async function listVariants(
  reads: CatalogReads,
  ctx: TenantContext,
  productId: number,
  info?: BookInfo,
): Promise<Variant[]> {
  // With a date, `available` depends on seats: only the plain list is cached.
  if (!info?.date) return cached(reads.variants, ctx, `variants:${productId}`, () => listVariantsOn(ctx, productId));
  return listVariantsOn(ctx, productId, info);
}

async function listVariantsOn(ctx: TenantContext, productId: number, info?: BookInfo): Promise<Variant[]> {
  const [product, rows] = await Promise.all([loadProduct(ctx, productId), selectVariants(ctx.db, productId)]);
  return Promise.all(rows.map(async (row) => toVariant(row, product, await variantAvailable(ctx, product, row, info))));
}

/** The variant picked by exactly these attribute values. */
async function findVariantOf(ctx: TenantContext, productId: number, attrValues: number[], info?: BookInfo) {
  const [product, rows] = await Promise.all([loadProduct(ctx, productId), selectVariants(ctx.db, productId)]);
  const wanted = [...new Set(attrValues)].sort((a, b) => a - b).join(',');
  const row = rows.find((variant) => variant.attribute_vals.join(',') === wanted);
  if (!row) throw notFound('Variant with these attribute values');
  return toVariant(row, product, await variantAvailable(ctx, product, row, info));
}

async function getDefaultVariant(ctx: TenantContext, productId: number) {
  const [product, rows] = await Promise.all([loadProduct(ctx, productId), selectVariants(ctx.db, productId)]);
  const row = rows[0];
  if (!row) throw notFound('Variant');
  return toVariant(row, product, true);
}

// ---- availability ----

/** The variant's configured start times (HH:mm), none for a variant sold for the whole day. */
const startTimesOf = (variant: VariantRow): string[] => (variant.time_slots ? variant.time_slots.split(',') : []);
const freeOf = (slot: SlotRow) => Math.max(0, slot.capacity - slot.sold - slot.live_held);
const today = (ctx: TenantContext) => formatDate(ctx.now, ctx.tenant.timezone);
const limitsOf = (ctx: TenantContext, product: ProductRow, variant: VariantRow) =>
  saleLimits(product, variant, ctx.tenant.timezone);

/** Whether the variant can take the party on the date (any of its slots has room). */
async function variantAvailable(
  ctx: TenantContext,
  product: ProductRow,
  variant: VariantRow,
  info?: BookInfo,
): Promise<boolean> {
  if (!info?.date) return true;
  const party: Party = { adults: info.adults ?? 1, children: info.children ?? 0, infants: 0 };
  let free: number | null = UNLIMITED;
  if (!product.free_sale) {
    const slots = await selectSlots(ctx.db, variant.servid, info.date, info.date, ctx.now);
    const best = slots.reduce((most, slot) => Math.max(most, freeOf(slot)), slots.length ? 0 : -1);
    free = best < 0 ? null : best;
  }
  return saleVerdict({ date: info.date, today: today(ctx), party, limits: limitsOf(ctx, product, variant), free })
    .available;
}

/** Per-person adjustments of the requested attribute values that the variant does not fix already. */
async function adjustments(
  ctx: TenantContext,
  product: ProductRow,
  variant: VariantRow,
  requested: Record<string, string> | undefined,
): Promise<number[]> {
  const found = await attributeAdjustments(ctx.db, product, variant, requested);
  if (found.unknown !== undefined) {
    throw invalidFormat(`bookingRequest.attributes.${found.unknown}`, 'names no attribute value of the product');
  }
  return found.adjustments;
}

function partyOf(request: BookingRequest): Party {
  const party: Party = {
    adults: request.adultCount ?? request.quantity ?? 1,
    children: request.childCount ?? 0,
    infants: request.infantCount ?? 0,
  };
  if (seats(party) + party.infants === 0) throw invalidFormat('bookingRequest.adultCount', 'the party is empty');
  return party;
}

/** The slot asked for; without one, the earliest slot with room for the party, else the one with most room. */
function chooseSlot(slots: SlotRow[], request: BookingRequest, party: Party): SlotRow | undefined {
  if (request.timeSlotId !== undefined) {
    const slot = slots.find((s) => s.slot_id === request.timeSlotId);
    if (!slot) throw invalidFormat('bookingRequest.timeSlotId', `is not a slot of the variant on ${request.date}`);
    return slot;
  }
  // a party too large for every slot still learns how many seats are left, from the roomiest slot
  return slots.find((s) => freeOf(s) >= seats(party)) ?? [...slots].sort((a, b) => freeOf(b) - freeOf(a))[0];
}

async function checkAvailability(
  reads: CatalogReads,
  ctx: TenantContext,
  request: BookingRequest,
): Promise<AvailabilityResult> {
  const { product, variants } = await loadProductRows(reads, ctx, request.productId);
  const variant = request.variantId === undefined ? variants[0] : variants.find((v) => v.servid === request.variantId);
  if (!variant) throw notFound('Variant of the product');
  const party = partyOf(request);
  const slots = await selectSlots(ctx.db, variant.servid, request.date, request.date, ctx.now);
  const slot = chooseSlot(slots, request, party);
  const verdict = saleVerdict({
    date: request.date,
    today: today(ctx),
    party,
    limits: limitsOf(ctx, product, variant),
    // A free-sale product has no capacity limit, inventory or not.
    free: product.free_sale ? UNLIMITED : slot ? freeOf(slot) : null,
  });
  const currency = product.currency;
  const prices = unitPrices({
    ...basePrices(product, variant),
    adjustments: await adjustments(ctx, product, variant, request.attributes),
  });
  return {
    priceInfoId: `PI-${variant.servid}-${slot?.slot_id ?? 0}-${request.date}-${party.adults}-${party.children}-${party.infants}`,
    apc: fromMinor(prices.adult, currency),
    cpc: fromMinor(prices.child, currency),
    ipc: fromMinor(prices.infant, currency),
    sttl: fromMinor(partyTotal(prices, party), currency),
    available: verdict.available,
    statusReason: verdict.statusReason,
    freeSale: product.free_sale,
    startTime: slot?.start_time ?? (product.free_sale ? (startTimesOf(variant)[0] ?? '') : ''),
    needsLocation: variant.needs_location,
    vpc: variant.bprice === null ? [] : [decimalAmount(variant.bprice, currency)],
  };
}

/** The variant's slots on the date with their start and end in tenant time, seats left and price. */
async function listTimeslots(
  ctx: TenantContext,
  variantRef: { servid: number; templateid?: number },
  info: { date: string; adults?: number; children?: number },
) {
  const variant = await selectVariant(ctx.db, variantRef.servid);
  if (!variant || (variantRef.templateid !== undefined && variant.product_id !== variantRef.templateid)) {
    throw notFound('Variant');
  }
  const product = await loadProduct(ctx, variant.product_id);
  const currency = product.currency;
  const slots = await selectSlots(ctx.db, variant.servid, info.date, info.date, ctx.now);
  // A free-sale product needs no inventory: without slots on the date, its variant's start times (or the whole
  // day) are its slots, numbered 0 (no inventory slot: getAvailability takes no timeSlotId for them). It has no
  // seat count: the most one booking may take stands for it.
  const freeSale = product.free_sale;
  const listed: Array<Pick<SlotRow, 'slot_id' | 'start_time'> & { free: number }> =
    freeSale && slots.length === 0
      ? (startTimesOf(variant).length ? startTimesOf(variant) : ['']).map((start) => ({
          slot_id: 0,
          start_time: start,
          free: product.max_quantity,
        }))
      : slots.map((slot) => ({
          slot_id: slot.slot_id,
          start_time: slot.start_time,
          free: freeSale ? product.max_quantity : freeOf(slot),
        }));
  return listed.map((slot) => {
    const start = localToInstant(slot.start_time ? `${info.date}T${slot.start_time}` : info.date, ctx.tenant.timezone);
    if (!start) throw new ApiError(ErrorCode.GENERAL, 'A slot has an unreadable start time');
    const end = slot.start_time
      ? new Date(start.getTime() + product.duration_minutes * 60_000)
      : (localToInstant(addDays(info.date, 1), ctx.tenant.timezone) ?? start);
    return {
      slotId: slot.slot_id,
      startTime: formatDateTime(start, ctx.tenant.timezone),
      endTime: formatDateTime(end, ctx.tenant.timezone),
      slotName: slot.start_time ? `${variant.servname} ${slot.start_time}` : `${variant.servname} (all day)`,
      available: slot.free,
      freeSale,
      price: decimalAmount(variant.cprice, currency),
    };
  });
}
