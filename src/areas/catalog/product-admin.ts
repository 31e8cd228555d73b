// Saving and deleting products (employees): columns from the request, the default variant of a new product,
// transfers; a product with sales or held seats is never deleted.
import { PgCode, pgErrorCode } from '../../platform/database/connections.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { localToInstant } from '../../platform/time.js';
import { type AdminDeps, decimal, duplicate } from './admin-deps.js';
import * as categoryRepo from './categories.repository.js';
import * as productRepo from './products.repository.js';
import * as variantRepo from './variants.repository.js';
import type { SaveProductRequest } from './catalog.schemas.js';

const instant = (ctx: TenantContext, field: string, value: string | null | undefined) => {
  if (value === undefined || value === null) return value;
  const at = localToInstant(value, ctx.tenant.timezone);
  if (!at) throw invalidFormat(field, 'must be yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss');
  return at;
};

const productColumns = (
  ctx: TenantContext,
  input: SaveProductRequest,
  currency: string,
): productRepo.ProductColumns => {
  const columns: productRepo.ProductColumns = {
    prod_code: input.prodCode,
    prod_name: input.prodName,
    product_price: decimal(input.productPrice, currency),
    public_category_id: input.publicCategoryId,
    currency,
  };
  const optional: Array<[keyof SaveProductRequest, string]> = [
    ['prodDisplayName', 'prod_display_name'],
    ['productDescription', 'product_description'],
    ['prodImgSmall', 'prod_img_small'],
    ['prodImgMed', 'prod_img_med'],
    ['prodImgLarge', 'prod_img_large'],
    ['webDescription', 'web_description'],
    ['availableOnWeb', 'available_on_web'],
    ['freeSale', 'free_sale'],
    ['taxExempt', 'tax_exempt'],
    ['bookingType', 'booking_type'],
    ['pricingType', 'pricing_type'],
    ['hasDateRange', 'has_date_range'],
    ['hasTime', 'has_time'],
    ['hasTimeSlot', 'has_time_slot'],
    ['hasPaxInfo', 'has_pax_info'],
    ['hasVendorBooking', 'has_vendor_booking'],
    ['hasOnlinePayment', 'has_online_payment'],
    ['splitAges', 'split_ages'],
    ['minQuantity', 'min_quantity'],
    ['maxQuantity', 'max_quantity'],
    ['qtyType', 'qty_type'],
    ['unitName', 'unit_name'],
    ['childUnitName', 'child_unit_name'],
    ['infantUnitName', 'infant_unit_name'],
    ['maxAdults', 'max_adults'],
    ['maxChildren', 'max_children'],
    ['maxChildAge', 'max_child_age'],
    ['maxInfantAge', 'max_infant_age'],
    ['durationMinutes', 'duration_minutes'],
    ['productInfo', 'product_info'],
    ['productTerms', 'product_terms'],
    ['productInclusions', 'product_inclusions'],
    ['productExclusions', 'product_exclusions'],
    ['cancelPolicy', 'cancel_policy'],
    ['childPolicy', 'child_policy'],
    ['meetingPoint', 'meeting_point'],
    ['pickupWindowMinutes', 'pickup_window_minutes'],
  ];
  for (const [field, column] of optional) {
    const value = input[field];
    if (value !== undefined && !Array.isArray(value)) columns[column] = value;
  }
  if (input.childPrice !== undefined)
    columns.child_price = input.childPrice === null ? null : decimal(input.childPrice, currency);
  if (input.infantPrice !== undefined) columns.infant_price = decimal(input.infantPrice, currency);
  const from = instant(ctx, 'availableFrom', input.availableFrom);
  const to = instant(ctx, 'availableTo', input.availableTo);
  if (from !== undefined) columns.available_from = from;
  if (to !== undefined) columns.available_to = to;
  if (from && to && from > to) throw invalidFormat('availableTo', 'must not be before availableFrom');
  return columns;
};

export async function saveProduct(deps: AdminDeps, ctx: TenantContext, input: SaveProductRequest) {
  const existing =
    input.productId === undefined
      ? undefined
      : await productRepo.selectProduct(ctx.db, { productId: input.productId }, false);
  if (input.productId !== undefined && !existing) throw notFound('Product');
  const currency = input.currency ?? existing?.currency ?? ctx.tenant.currency;
  const columns = productColumns(ctx, input, currency);
  const minimum = input.minQuantity ?? existing?.min_quantity ?? 1;
  const maximum = input.maxQuantity ?? existing?.max_quantity ?? 20;
  if (minimum > maximum) throw invalidFormat('maxQuantity', 'must not be below minQuantity');
  if (!(await categoryRepo.selectCategories(ctx.db)).some((row) => row.category_id === input.publicCategoryId)) {
    throw notFound('Category (publicCategoryId)');
  }
  const productId = await deps.write(ctx, async (tx) => {
    let id = input.productId;
    if (id === undefined) {
      id = await productRepo.insertProduct(tx, columns).catch(duplicate('The product code'));
      // Every product has at least one variant (contract §6).
      await variantRepo.insertVariant(tx, {
        product_id: id,
        servcode: 'DEFAULT',
        servname: input.prodName,
        cprice: decimal(input.productPrice, currency),
        child_price: input.childPrice == null ? null : decimal(input.childPrice, currency),
        is_default: true,
      });
    } else {
      await productRepo.updateProduct(tx, id, columns).catch(duplicate('The product code'));
    }
    if (input.transfers) {
      await productRepo.replaceTransfers(
        tx,
        id,
        input.transfers.map((t) => ({
          transferName: t.transferName,
          transferType: t.transferType,
          price: decimal(t.price, currency),
        })),
      );
    }
    return id;
  });
  // Callers are employees, so the read shows the product whether or not it is on the web.
  return deps.catalog.product(ctx, { productId });
}

export async function deleteProduct(deps: AdminDeps, ctx: TenantContext, productId: number) {
  const done = await deps.write(ctx, async (tx) => {
    if ((await productRepo.productSales(tx, productId)) > 0) {
      throw new ApiError(ErrorCode.INVALID_STATE, 'The product has sales or held seats');
    }
    const deleted = await productRepo.deleteProduct(tx, productId).catch((error: unknown) => {
      // Carts, orders or offline tickets still name the product: their records must stay.
      if (pgErrorCode(error) === PgCode.foreignKeyViolation) {
        throw new ApiError(ErrorCode.INVALID_STATE, 'The product is still referenced by carts, orders or tickets');
      }
      throw error;
    });
    if (!deleted) throw notFound('Product');
    return true as const;
  });
  return done;
}
