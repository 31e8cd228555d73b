// The demo tenant's data: the catalog of a Dubai tour operator, so a new user's first look at the API shows
// something real. It is written through the catalog admin service, so it passes the same validation as the API.
// Dates are relative to the seed day (the tenant's today): inventory for 90 days, seasons as day offsets.
// The data is in demo-catalog.ts (categories, shared texts) and one module per top-level category.
import type { FastifyBaseLogger } from 'fastify';
import { createCatalogAdminService, createCatalogService } from '../../src/areas/catalog/index.js';
import type { Sql } from '../../src/platform/database/connections.js';
import type { TenantContext } from '../../src/platform/http/operation.js';
import { adminSeedContext } from './seed-context.js';
import type { TenantRecord } from '../../src/platform/tenancy/tenant.js';
import { addDays, formatDate } from '../../src/platform/time.js';
import { ABU_DHABI_EXCURSIONS } from './demo-abu-dhabi.js';
import { ATTRACTIONS } from './demo-attractions.js';
import { CATEGORIES, type CatalogAdmin, type DemoProduct, type DemoVariant, INVENTORY_DAYS } from './demo-catalog.js';
import { DUBAI_TOURS } from './demo-dubai-tours.js';

type CatalogService = ReturnType<typeof createCatalogService>;

export interface DemoCatalogCounts {
  categories: number;
  products: number;
  variants: number;
  slots: number;
}

/** Every product, in the order they are created (and so numbered). */
const PRODUCTS: DemoProduct[] = [...DUBAI_TOURS, ...ATTRACTIONS, ...ABU_DHABI_EXCURSIONS];

/** What every seeding step works with: the administrator's context, the services, the seed day, the counts so far. */
interface Seeding {
  ctx: TenantContext;
  catalog: CatalogService;
  admin: CatalogAdmin;
  /** The seed day (the tenant's today), YYYY-MM-DD. */
  today: string;
  counts: DemoCatalogCounts;
}

/** Attribute value name → its id and per-person price adjustment. */
type AttributeValues = Map<string, { id: number; adjustment: number }>;

const images = (code: string) => {
  const base = `/images/products/${code.toLowerCase()}`;
  return { prodImgSmall: `${base}-small.jpg`, prodImgMed: `${base}-med.jpg`, prodImgLarge: `${base}-large.jpg` };
};

/** The web page text: the description, then what is included as a list. */
const webPage = (product: DemoProduct) => {
  const items = (product.productInclusions ?? '').split('|').filter(Boolean);
  const list = items.map((item) => `<li>${item}</li>`).join('');
  return `<p>${product.productDescription ?? ''}</p>${list ? `<h4>Included</h4><ul>${list}</ul>` : ''}`;
};

/**
 * Seeds the tenant's catalog once, as its administrator would through the API: a tenant that has any category
 * already is left alone (answered with zeros).
 */
export function seedDemoCatalog(tenant: TenantRecord, db: Sql, log: FastifyBaseLogger): Promise<DemoCatalogCounts> {
  const ctx = adminSeedContext(tenant, db, log);
  const catalog = createCatalogService();
  return seedCatalog(ctx, catalog, createCatalogAdminService(catalog));
}

async function seedCatalog(
  ctx: TenantContext,
  catalog: CatalogService,
  admin: CatalogAdmin,
): Promise<DemoCatalogCounts> {
  const counts: DemoCatalogCounts = { categories: 0, products: 0, variants: 0, slots: 0 };
  if ((await catalog.categories(ctx)).length > 0) return counts;

  const seeding: Seeding = { ctx, catalog, admin, today: formatDate(ctx.now, ctx.tenant.timezone), counts };
  const categoryIds = await seedCategories(seeding);
  for (const item of PRODUCTS) await seedProduct(seeding, item, categoryIds);
  return counts;
}

/** The category tree; answers category name → id. */
async function seedCategories({ ctx, admin, counts }: Seeding): Promise<Map<string, number>> {
  const categoryIds = new Map<string, number>();
  for (const [index, root] of CATEGORIES.entries()) {
    const parent = await admin.saveCategory(ctx, { categoryName: root.name, categorySeq: index + 1 });
    categoryIds.set(root.name, parent.categoryId);
    for (const [childIndex, name] of root.children.entries()) {
      const child = await admin.saveCategory(ctx, {
        categoryName: name,
        parentCategoryId: parent.categoryId,
        categorySeq: childIndex + 1,
      });
      categoryIds.set(name, child.categoryId);
    }
  }
  counts.categories = categoryIds.size;
  return categoryIds;
}

/** One product with its attributes, then its variants, each with its inventory. */
async function seedProduct(seeding: Seeding, item: DemoProduct, categoryIds: Map<string, number>): Promise<void> {
  const { ctx, admin, today } = seeding;
  const { category, season, weekdays, attributes = [], variants, ...fields } = item;
  const publicCategoryId = categoryIds.get(category);
  if (publicCategoryId === undefined) throw new Error(`demo seed: no category ${category}`);
  const product = await admin.saveProduct(ctx, {
    ...fields,
    ...images(fields.prodCode),
    publicCategoryId,
    webDescription: webPage(item),
    hasTimeSlot: variants.some((variant) => variant.timeSlots !== undefined),
    availableFrom: season ? addDays(today, season.fromDay) : null,
    availableTo: season ? addDays(today, season.toDay) : null,
  });
  seeding.counts.products++;

  const values = await seedAttributes(seeding, product.productId, attributes);
  // saveProduct made a default variant; the first variant of the table takes it over.
  let servid: number | undefined = (await seeding.catalog.defaultVariant(ctx, product.productId)).servid;
  for (const variant of variants) {
    const variantId = await seedVariant(seeding, { productId: product.productId, servid, item, values }, variant);
    servid = undefined;
    // A free-sale product is sold without inventory.
    if (variant.capacity !== undefined)
      await seedInventory(seeding, { productId: product.productId, variantId, weekdays }, variant.capacity);
  }
}

async function seedAttributes(
  { ctx, admin }: Seeding,
  productId: number,
  attributes: NonNullable<DemoProduct['attributes']>,
): Promise<AttributeValues> {
  const values: AttributeValues = new Map();
  for (const [index, attribute] of attributes.entries()) {
    const saved = await admin.saveAttribute(ctx, {
      productId,
      name: attribute.name,
      sequence: index + 1,
      values: attribute.values.map((value, order) => ({
        attributeValue: value.value,
        attributeDescription: value.description,
        sequence: order + 1,
        priceAdjustment: value.adjustment,
      })),
    });
    for (const value of saved.values)
      values.set(value.attributeValue, { id: value.attributeValueId, adjustment: value.priceAdjustment });
  }
  return values;
}

/**
 * One variant of a saved product, priced at the product's prices plus its attribute values' adjustments; it takes
 * over the existing variant `servid` when given. Answers the variant's id.
 */
async function seedVariant(
  seeding: Seeding,
  product: { productId: number; servid: number | undefined; item: DemoProduct; values: AttributeValues },
  variant: DemoVariant,
): Promise<number> {
  const { item, values } = product;
  const chosen = (variant.values ?? []).map((name) => {
    const value = values.get(name);
    if (!value) throw new Error(`demo seed: ${item.prodCode} has no attribute value ${name}`);
    return value;
  });
  const extra = chosen.reduce((sum, value) => sum + value.adjustment, 0);
  const saved = await seeding.admin.saveVariant(seeding.ctx, {
    productId: product.productId,
    servid: product.servid,
    servcode: variant.code,
    servname: variant.name,
    servfullname: `${item.prodName} - ${variant.name}`,
    attributeVals: chosen.map((value) => value.id),
    cprice: item.productPrice + extra,
    child_price: item.childPrice == null ? null : item.childPrice + extra,
    maxOccupancy: variant.maxOccupancy ?? null,
    maxChildren: variant.maxChildren ?? null,
    timeSlots: variant.timeSlots ?? '',
  });
  seeding.counts.variants++;
  return saved.servid;
}

/** A variant's places for INVENTORY_DAYS from the seed day, on the product's weekdays. */
async function seedInventory(
  { ctx, admin, today, counts }: Seeding,
  target: { productId: number; variantId: number; weekdays: DemoProduct['weekdays'] },
  capacity: number,
): Promise<void> {
  const written = await admin.setInventory(ctx, {
    productId: target.productId,
    variantId: target.variantId,
    dateFrom: today,
    dateTo: addDays(today, INVENTORY_DAYS - 1),
    weekdays: target.weekdays,
    capacity,
  });
  counts.slots += written.slotsWritten;
}
