// Keeping the catalog (employees): categories, products with transfers, attributes, variants and inventory.
// Every save is one transaction and answers the saved resource as the reads show it.
import { PgCode, pgErrorCode, type TransactionSql } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../platform/money.js';
import { addDays, daysBetween, formatDate, weekdayOf } from '../../platform/time.js';
import * as attributeRepo from './attributes.repository.js';
import * as categoryRepo from './categories.repository.js';
import * as slotRepo from './inventory-slots.repository.js';
import * as productRepo from './products.repository.js';
import * as variantRepo from './variants.repository.js';
import type { SaveAttributeRequest, SaveVariantRequest, SetInventoryRequest } from './catalog.schemas.js';
import type { CatalogService } from './catalog.service.js';
import { type AdminDeps, decimal, duplicate } from './admin-deps.js';
import { deleteProduct, saveProduct } from './product-admin.js';
import type { CatalogReadCaches } from './read-cache.js';
import { categoryTree, findNode, toAttribute, toVariant } from './catalog.view.js';

/** The longest range one setInventory call may write: two years of dates. */
const MAX_INVENTORY_DAYS = 731;

interface CategoryInput {
  categoryId?: number;
  categoryName: string;
  parentCategoryId?: number | null;
  categorySeq?: number;
}

async function saveCategory(deps: AdminDeps, ctx: TenantContext, input: CategoryInput) {
  return deps.write(ctx, async (tx) => {
    const categoryId = await writeCategory(tx, input);
    const saved = findNode(
      categoryTree(await categoryRepo.selectCategories(tx)),
      (node) => node.categoryId === categoryId,
    );
    if (!saved) throw notFound('Category');
    return saved;
  });
}

/** Inserts or updates the category (refusing a parent that is missing or inside it); answers its id. */
async function writeCategory(tx: TransactionSql, input: CategoryInput): Promise<number> {
  const rows = await categoryRepo.selectCategories(tx);
  const parentId = input.parentCategoryId;
  if (parentId !== undefined && parentId !== null && !rows.some((row) => row.category_id === parentId)) {
    throw notFound('Parent category');
  }
  let categoryId = input.categoryId;
  if (categoryId === undefined) {
    categoryId = await categoryRepo.insertCategory(tx, {
      name: input.categoryName,
      parentId: parentId ?? null,
      seq: input.categorySeq ?? 0,
    });
  } else {
    const id = categoryId;
    if (parentId !== undefined && parentId !== null) {
      // A category may not move under itself or one of its descendants.
      const subtree = findNode(categoryTree(rows), (node) => node.categoryId === id);
      if (
        parentId === id ||
        (subtree && findNode(subtree.childCategories ?? [], (node) => node.categoryId === parentId))
      ) {
        throw new ApiError(ErrorCode.INVALID_STATE, 'A category cannot be placed under itself');
      }
    }
    const updated = await categoryRepo.updateCategory(tx, id, {
      name: input.categoryName,
      parentId,
      seq: input.categorySeq,
    });
    if (!updated) throw notFound('Category');
  }
  return categoryId;
}

async function deleteCategory(deps: AdminDeps, ctx: TenantContext, categoryId: number) {
  return deps.write(ctx, async (tx) => {
    const usage = await categoryRepo.categoryUsage(tx, categoryId);
    if (usage.children > 0) throw new ApiError(ErrorCode.INVALID_STATE, 'The category has sub-categories');
    if (usage.products > 0) throw new ApiError(ErrorCode.INVALID_STATE, 'The category has products');
    if (!(await categoryRepo.deleteCategory(tx, categoryId))) throw notFound('Category');
    return true as const;
  });
}

async function saveAttribute(deps: AdminDeps, ctx: TenantContext, input: SaveAttributeRequest) {
  const product = await productRepo.selectProduct(ctx.db, { productId: input.productId }, false);
  if (!product) throw notFound('Product');
  const attributeId = await deps.write(ctx, async (tx) => {
    const id = await attributeRepo.saveAttribute(tx, input.productId, {
      attributeId: input.attributeId,
      name: input.name,
      sequence: input.sequence ?? 0,
    });
    if (id === undefined) throw notFound('Attribute of the product');
    const kept: number[] = [];
    for (const [index, value] of input.values.entries()) {
      const valueId = await attributeRepo.saveAttributeValue(tx, id, {
        attributeValueId: value.attributeValueId,
        attributeValue: value.attributeValue,
        attributeDescription: value.attributeDescription ?? null,
        sequence: value.sequence ?? index,
        priceAdjustment: minorToDecimalString(toMinor(value.priceAdjustment ?? 0, product.currency), product.currency),
      });
      if (valueId === undefined) throw notFound(`Attribute value ${value.attributeValueId} of the attribute`);
      kept.push(valueId);
    }
    await attributeRepo.deleteOtherAttributeValues(tx, id, kept);
    return id;
  });
  const saved = (await attributeRepo.selectAttributes(ctx.db, input.productId)).find(
    (row) => row.attribute_id === attributeId,
  );
  if (!saved) throw notFound('Attribute');
  return toAttribute(saved, product.currency);
}

async function deleteAttribute(deps: AdminDeps, ctx: TenantContext, attributeId: number) {
  return deps.write(ctx, async (tx) => {
    if (!(await attributeRepo.deleteAttribute(tx, attributeId))) throw notFound('Attribute');
    return true as const;
  });
}

async function saveVariant(deps: AdminDeps, ctx: TenantContext, input: SaveVariantRequest) {
  const product = await productRepo.selectProduct(ctx.db, { productId: input.productId }, false);
  if (!product) throw notFound('Product');
  const currency = product.currency;
  const valueIds = [...new Set(input.attributeVals ?? [])];
  if ((await attributeRepo.countProductAttributeValues(ctx.db, input.productId, valueIds)) !== valueIds.length) {
    throw invalidFormat('attributeVals', 'names attribute values that are not the product’s');
  }
  const columns: variantRepo.VariantColumns = {
    servcode: input.servcode,
    servname: input.servname,
    cprice: decimal(input.cprice, currency),
  };
  if (input.servfullname !== undefined) columns.servfullname = input.servfullname;
  if (input.servdesc !== undefined) columns.servdesc = input.servdesc;
  if (input.bprice !== undefined) columns.bprice = input.bprice === null ? null : decimal(input.bprice, currency);
  if (input.child_price !== undefined)
    columns.child_price = input.child_price === null ? null : decimal(input.child_price, currency);
  if (input.maxOccupancy !== undefined) columns.max_occupancy = input.maxOccupancy;
  if (input.maxAdults !== undefined) columns.max_adults = input.maxAdults;
  if (input.maxChildren !== undefined) columns.max_children = input.maxChildren;
  if (input.timeSlots !== undefined) columns.time_slots = normaliseTimes(input.timeSlots);
  if (input.needsLocation !== undefined) columns.needs_location = input.needsLocation;
  const servid = await deps.write(ctx, async (tx) => {
    let id = input.servid;
    if (id === undefined) {
      id = await variantRepo
        .insertVariant(tx, { ...columns, product_id: input.productId })
        .catch(duplicate('The variant code'));
    } else if (
      !(await variantRepo.updateVariant(tx, id, input.productId, columns).catch(duplicate('The variant code')))
    ) {
      throw notFound('Variant of the product');
    }
    if (input.attributeVals !== undefined) await variantRepo.setVariantAttributeValues(tx, id, valueIds);
    return id;
  });
  const saved = await variantRepo.selectVariant(ctx.db, servid);
  if (!saved) throw notFound('Variant');
  return toVariant(saved, product, true);
}

async function deleteVariant(deps: AdminDeps, ctx: TenantContext, servid: number) {
  const done = await deps.write(ctx, async (tx) => {
    const variant = await variantRepo.selectVariant(tx, servid);
    if (!variant) throw notFound('Variant');
    if ((await variantRepo.variantSales(tx, servid)) > 0)
      throw new ApiError(ErrorCode.INVALID_STATE, 'The variant has sales or held seats');
    const siblings = await variantRepo.selectVariants(tx, variant.product_id);
    if (siblings.length <= 1) throw new ApiError(ErrorCode.INVALID_STATE, 'A product keeps at least one variant');
    await variantRepo.deleteVariant(tx, servid).catch((error: unknown) => {
      if (pgErrorCode(error) === PgCode.foreignKeyViolation) {
        throw new ApiError(ErrorCode.INVALID_STATE, 'The variant is still referenced by carts or orders');
      }
      throw error;
    });
    if (variant.is_default) {
      const heir = siblings.find((sibling) => sibling.servid !== servid);
      if (heir) await variantRepo.updateVariant(tx, heir.servid, variant.product_id, { is_default: true });
    }
    return true as const;
  });
  return done;
}

async function setInventory(deps: AdminDeps, ctx: TenantContext, input: SetInventoryRequest) {
  const variant = await variantRepo.selectVariant(ctx.db, input.variantId);
  if (!variant || variant.product_id !== input.productId) throw notFound('Variant of the product');
  const span = daysBetween(input.dateFrom, input.dateTo);
  if (span < 0) throw invalidFormat('dateTo', 'must not be before dateFrom');
  if (span >= MAX_INVENTORY_DAYS)
    throw invalidFormat('dateTo', `must be within ${MAX_INVENTORY_DAYS} days of dateFrom`);
  if (input.dateFrom < formatDate(ctx.now, ctx.tenant.timezone))
    throw invalidFormat('dateFrom', 'must not be in the past');
  const weekdays = input.weekdays?.length ? new Set(input.weekdays) : undefined;
  const dates: string[] = [];
  for (let day = 0; day <= span; day++) {
    const date = addDays(input.dateFrom, day);
    if (!weekdays || weekdays.has(weekdayOf(date))) dates.push(date);
  }
  const times = input.timeSlots?.length ? input.timeSlots : variant.time_slots ? variant.time_slots.split(',') : [''];
  const slotsWritten =
    dates.length === 0
      ? 0
      : await deps.write(ctx, (tx) => slotRepo.upsertSlots(tx, variant.servid, dates, times, input.capacity));
  return { slotsWritten };
}

async function inventory(
  _deps: AdminDeps,
  ctx: TenantContext,
  input: { variantId: number; dateFrom: string; dateTo: string },
) {
  if (daysBetween(input.dateFrom, input.dateTo) < 0) throw invalidFormat('dateTo', 'must not be before dateFrom');
  if (!(await variantRepo.selectVariant(ctx.db, input.variantId))) throw notFound('Variant');
  const slots = await slotRepo.selectSlots(ctx.db, input.variantId, input.dateFrom, input.dateTo, ctx.now);
  return slots.map((slot) => ({
    slotId: slot.slot_id,
    variantId: slot.servid,
    date: slot.slot_date,
    startTime: slot.start_time,
    capacity: slot.capacity,
    sold: slot.sold,
    held: slot.live_held,
    free: Math.max(0, slot.capacity - slot.sold - slot.live_held),
  }));
}

export function createCatalogAdminService(catalog: CatalogService, caches?: Pick<CatalogReadCaches, 'invalidate'>) {
  const deps: AdminDeps = {
    catalog,
    write: (ctx, work) =>
      withTransaction(ctx, (tx, afterCommit) => {
        if (caches) afterCommit(() => caches.invalidate(ctx.tenant.tenantId));
        return work(tx);
      }),
  };
  return {
    saveCategory: (ctx: TenantContext, input: Parameters<typeof saveCategory>[2]) => saveCategory(deps, ctx, input),
    deleteCategory: (ctx: TenantContext, input: Parameters<typeof deleteCategory>[2]) =>
      deleteCategory(deps, ctx, input),
    saveProduct: (ctx: TenantContext, input: Parameters<typeof saveProduct>[2]) => saveProduct(deps, ctx, input),
    deleteProduct: (ctx: TenantContext, input: Parameters<typeof deleteProduct>[2]) => deleteProduct(deps, ctx, input),
    saveAttribute: (ctx: TenantContext, input: Parameters<typeof saveAttribute>[2]) => saveAttribute(deps, ctx, input),
    deleteAttribute: (ctx: TenantContext, input: Parameters<typeof deleteAttribute>[2]) =>
      deleteAttribute(deps, ctx, input),
    saveVariant: (ctx: TenantContext, input: Parameters<typeof saveVariant>[2]) => saveVariant(deps, ctx, input),
    deleteVariant: (ctx: TenantContext, input: Parameters<typeof deleteVariant>[2]) => deleteVariant(deps, ctx, input),
    setInventory: (ctx: TenantContext, input: Parameters<typeof setInventory>[2]) => setInventory(deps, ctx, input),
    inventory: (ctx: TenantContext, input: Parameters<typeof inventory>[2]) => inventory(deps, ctx, input),
  };
}

/** "10:00, 09:00,10:00" → "09:00,10:00": sorted, without duplicates. */
function normaliseTimes(times: string): string {
  return [
    ...new Set(
      times
        .split(',')
        .map((time) => time.trim())
        .filter(Boolean),
    ),
  ]
    .sort()
    .join(',');
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
