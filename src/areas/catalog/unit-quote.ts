// The price of one unit of a product, as the catalog decides it, for areas that sell (carts, bookings).
// Same rules as getAvailability: variant price (else the product's), attribute adjustments, transfers.
import type { Queryable } from '../../platform/database/connections.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { toMinor } from '../../platform/money.js';
import { formatDate } from '../../platform/time.js';
import { attributeAdjustments } from './attribute-adjustments.js';
import type { ProductRow } from './products.repository.js';
import type { VariantRow } from './variants.repository.js';
import { saleVerdict, UNLIMITED, unitPrices } from './catalog.rules.js';
import { basePrices, saleLimits } from './sale-terms.js';

export type UnitKind = 'adult' | 'child' | 'infant';

export interface UnitQuoteRequest {
  productId: number;
  variantId?: number;
  /** A unit of the product (unitId, childUnitId, infantUnitId) or a variant's servid (an adult of that variant). */
  unitId: number;
  /** The line's age band when set: infant wins over child, either over what unitId names. */
  isInfant?: boolean;
  isChild?: boolean;
  /** Attribute (id or name) → value (id or text). */
  attributes?: Record<string, string>;
  xferType?: 'SIC' | 'PVT';
  date: string;
  startTime: string;
  quantity: number;
}

export interface UnitQuote {
  productId: number;
  variantId: number;
  kind: UnitKind;
  unitName: string;
  description: string;
  currency: string;
  /** Minor units, a shared transfer included. */
  unitPrice: number;
  /** A private transfer is priced per booking: its price, to be charged once. */
  privateTransfer: { name: string; price: number } | undefined;
  /** The product is sold without inventory: no seats are held for it. */
  freeSale: boolean;
}

/** Why the quote is refused: the field at fault (for the error message) and the reason. */
export class QuoteRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a quote needs of the request: the tenant, the caller's roles, the time, and a database handle (a pool or
 * the caller's open transaction). */
export type QuoteScope = Pick<TenantContext, 'tenant' | 'roles' | 'now'> & { db: Queryable };

/** The rows of a product and its variants as the caller may see them; undefined when they may not. */
export type ProductRowsLoader = (
  productId: number,
) => Promise<{ product: ProductRow; variants: VariantRow[] } | undefined>;

export async function quoteUnit(
  ctx: QuoteScope,
  request: UnitQuoteRequest,
  rows: ProductRowsLoader,
): Promise<UnitQuote> {
  const found = await rows(request.productId);
  if (!found) throw new QuoteRefused('productId', 'is not a product of the catalog');
  const { product, variants } = found;
  const named = unitNamed(product, variants, request.unitId);
  if (!named)
    throw new QuoteRefused(
      'unitId',
      `is not a unit of the product (${product.unit_id}, ${product.child_unit_id}, ${product.infant_unit_id}) ` +
        'nor one of its variants',
    );
  // Without extVariantId, a variant named as the unit is the line's variant; else the product's first.
  const variantId = request.variantId ?? named.variant?.servid;
  const variant = variantId === undefined ? variants[0] : variants.find((v) => v.servid === variantId);
  if (!variant) throw new QuoteRefused('extVariantId', 'is not a variant of the product');
  const kind: UnitKind = request.isInfant ? 'infant' : request.isChild ? 'child' : named.kind;

  const currency = product.currency;
  const chosen = await attributeAdjustments(ctx.db, product, variant, request.attributes);
  if (chosen.unknown !== undefined)
    throw new QuoteRefused('extAttr', `names no attribute value of the product (${chosen.unknown})`);
  const adjustments = chosen.adjustments;
  const prices = unitPrices({ ...basePrices(product, variant), adjustments });
  let unitPrice = prices[kind];
  let privateTransfer: UnitQuote['privateTransfer'];
  if (request.xferType) {
    const transfer = product.transfers.find((t) => t.transferType === request.xferType);
    if (!transfer) throw new QuoteRefused('xferType', `the product has no ${request.xferType} transfer`);
    // A shared transfer is paid per seat (infants take none); a private one once per booking.
    if (request.xferType === 'SIC' && kind !== 'infant') unitPrice += toMinor(transfer.price, currency);
    if (request.xferType === 'PVT')
      privateTransfer = { name: transfer.transferName, price: toMinor(transfer.price, currency) };
  }

  // The sale rules of the product, for this line's people: the date, the sales period and the quantity rules.
  // Infants take no seat: a line of infants meets no minimum and counts toward no maximum.
  const seatsOfLine = kind === 'infant' ? 0 : request.quantity;
  const verdict = saleVerdict({
    date: request.date,
    today: formatDate(ctx.now, ctx.tenant.timezone),
    party: {
      adults: kind === 'adult' ? request.quantity : 0,
      children: kind === 'child' ? request.quantity : 0,
      infants: kind === 'infant' ? request.quantity : 0,
    },
    limits: {
      ...saleLimits(product, variant, ctx.tenant.timezone),
      // One line of a booking: the product's minimum counts for the whole party, not for each line.
      minQuantity: Math.min(product.min_quantity, seatsOfLine),
    },
    free: UNLIMITED, // capacity is decided by the hold itself (none for free sale)
  });
  if (!verdict.available) throw new QuoteRefused(verdictField(verdict.statusReason), verdict.statusReason ?? '');

  return {
    productId: product.product_id,
    variantId: variant.servid,
    kind,
    unitName:
      kind === 'adult' ? product.unit_name : kind === 'child' ? product.child_unit_name : product.infant_unit_name,
    description: `${product.prod_name} – ${variant.servname}`,
    currency,
    unitPrice,
    privateTransfer,
    freeSale: product.free_sale,
  };
}

/**
 * What a line's unitId names: the product's adult, child or infant unit, else one of its variants (an adult of
 * that variant). The product's units come first, so a variant whose servid equals one of them is named by it only
 * through extVariantId.
 */
function unitNamed(
  product: ProductRow,
  variants: VariantRow[],
  unitId: number,
): { kind: UnitKind; variant?: VariantRow } | undefined {
  if (unitId === product.unit_id) return { kind: 'adult' };
  if (unitId === product.child_unit_id) return { kind: 'child' };
  if (unitId === product.infant_unit_id) return { kind: 'infant' };
  const variant = variants.find((v) => v.servid === unitId);
  return variant && { kind: 'adult', variant };
}

/** The request field a refusal of the sale rules names: a quantity rule names the quantity, the rest the date. */
function verdictField(reason: string | null): string {
  return reason !== null && /participants|adults|children|people/i.test(reason) ? 'quantity' : 'bookDate';
}

/** An ApiError naming the item's field, for areas that quote several items at once. */
export function quoteRefusal(index: number, refusal: QuoteRefused): ApiError {
  return new ApiError(ErrorCode.INVALID_FORMAT, `Parameter items[${index}].${refusal.field} ${refusal.message}`);
}
