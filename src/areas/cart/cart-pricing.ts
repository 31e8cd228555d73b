// A requested cart item priced by the catalog: its line, the seats it holds, and a private transfer's line. Agents
// and admins may set another price than the catalog's, which is recorded with who did.
import { isEmployee, type Role } from '../../platform/auth/roles.js';
import { ApiError, ErrorCode, missingParameter } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, minorToDecimalString, toMinor } from '../../platform/money.js';
import { QuoteRefused, type SeatsToHold, type UnitQuote } from '../catalog/index.js';
import type * as repo from './cart.repository.js';
import type { NewItem } from './cart.schemas.js';
import { type CartDeps, holdUntil } from './cart-shared.js';

/** A requested item as the catalog prices it: its line, the seats it holds, and a private transfer's line. */
export interface PricedItem {
  currency: string;
  line: repo.NewLine;
  seats: SeatsToHold | undefined;
  transfer: repo.NewLine | undefined;
}

/** A line of a catalog product (every line but a flight offer's): it names its product, variant and unit. */
export type ProductLine = repo.ItemRow & { product_id: number; variant_id: number; unit_id: number };

export const isProductLine = (item: repo.ItemRow): item is ProductLine =>
  item.product_id !== null && item.variant_id !== null && item.unit_id !== null;

/** The price the caller sent, in minor units, and whether it differs from the catalog's. */
interface SentPrice {
  sent: number;
  overridden: boolean;
}

/** Who may sell at another price than the catalog's: agents and admins (contract §3 roles, the documentation). */
const PRICE_OVERRIDE_ROLES: readonly Role[] = ['agent', 'admin'];

/** The line of one requested item, priced by the catalog (agents and admins may set another price, recorded). */
export async function priceItem(deps: CartDeps, ctx: TenantContext, item: NewItem, index: number): Promise<PricedItem> {
  if (!item.bookDate) throw missingParameter(`items[${index}].bookDate`);
  const date = item.bookDate;
  const quote = await quoteItem(deps, ctx, item, index, date);
  const price = sentPrice(ctx, item, index, quote);
  const line = lineOf(ctx, item, date, quote, price);
  return {
    currency: quote.currency,
    line,
    seats: seatsOf(ctx, item, date, quote),
    transfer: quote.privateTransfer && transferLineOf(line, quote.privateTransfer, quote.currency),
  };
}

/** The catalog's quote of the item; a refusal names the item. */
function quoteItem(deps: CartDeps, ctx: TenantContext, item: NewItem, index: number, date: string) {
  return deps.catalog
    .quoteUnit(
      ctx,
      {
        productId: item.productId,
        variantId: item.extVariantId,
        unitId: item.unitId,
        isInfant: item.isInfant,
        isChild: item.isChild,
        attributes: parseAttributes(index, item.extAttr),
        xferType: item.xferType,
        date,
        startTime: item.timeSlot ?? '',
        quantity: item.quantity,
      },
      rowsFor(deps, ctx),
    )
    .catch((error: unknown) => {
      if (error instanceof QuoteRefused) throw deps.catalog.quoteRefusal(index, error);
      throw error;
    });
}

/**
 * The catalog's quote of a line already in the cart at a new quantity: the sale rules checked again, and whether
 * it holds seats (not an infant's line, nor a free-sale product's). A refusal of the quantity names it; any other
 * (the date has passed, the product left the web) is the line's state.
 */
export function requoteLine(deps: CartDeps, ctx: TenantContext, item: ProductLine, quantity: number) {
  return deps.catalog
    .quoteUnit(
      ctx,
      {
        productId: item.product_id,
        variantId: item.variant_id,
        unitId: item.unit_id,
        isInfant: item.is_infant,
        isChild: item.is_child,
        attributes: item.ext_attr === null ? undefined : parseAttributes(0, item.ext_attr),
        xferType: item.xfer_type === 'SIC' || item.xfer_type === 'PVT' ? item.xfer_type : undefined,
        date: item.book_date ?? '',
        startTime: item.time_slot,
        quantity,
      },
      rowsFor(deps, ctx),
    )
    .catch((error: unknown) => {
      if (!(error instanceof QuoteRefused)) throw error;
      if (error.field === 'quantity')
        throw new ApiError(ErrorCode.INVALID_FORMAT, `Parameter quantity ${error.message}`);
      throw new ApiError(ErrorCode.INVALID_STATE, `The item cannot be changed: ${error.message}`);
    });
}

/** Product rows come from the catalog's cache; a product the caller may not see is answered as absent. */
const rowsFor = (deps: CartDeps, ctx: TenantContext) => (productId: number) =>
  deps.catalog.productRows(ctx, productId).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === ErrorCode.NOTFOUND) return undefined;
    throw error;
  });

function parseAttributes(index: number, text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(ErrorCode.INVALID_FORMAT, `Parameter items[${index}].extAttr must be JSON text`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError(ErrorCode.INVALID_FORMAT, `Parameter items[${index}].extAttr must be a JSON object`);
  }
  return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
}

/**
 * The price sent; only agents and admins may send another than the catalog's. unitPrice is a field every session
 * sends, so the override is a value of it, refused per caller: a guest's or customer's price is a wrong value
 * (contract §7.2: it must equal the band's price), another employee's a role refusal naming the field.
 */
function sentPrice(ctx: TenantContext, item: NewItem, index: number, quote: UnitQuote): SentPrice {
  const sent = toMinor(item.unitPrice, quote.currency);
  const overridden = sent !== quote.unitPrice;
  if (!overridden || ctx.roles.some((role) => PRICE_OVERRIDE_ROLES.includes(role))) return { sent, overridden };
  const catalogPrice = fromMinor(quote.unitPrice, quote.currency);
  if (isEmployee(ctx.roles)) {
    throw new ApiError(
      ErrorCode.FORBIDDEN,
      `Parameter items[${index}].unitPrice: only agents and admins may set another price than the catalog's ${catalogPrice}`,
    );
  }
  throw new ApiError(
    ErrorCode.INVALID_FORMAT,
    `Parameter items[${index}].unitPrice must be the catalog price ${catalogPrice}`,
  );
}

function lineOf(ctx: TenantContext, item: NewItem, date: string, quote: UnitQuote, price: SentPrice): repo.NewLine {
  const { currency } = quote;
  return {
    cart_item_id: item.cartItemId ?? null,
    product_id: quote.productId,
    product_template_id: item.productTemplateId ?? null,
    variant_id: quote.variantId,
    unit_id: item.unitId,
    unit_name: item.unitName ?? quote.unitName,
    description: item.description ?? quote.description,
    unit_price: minorToDecimalString(price.sent, currency),
    catalog_price: price.overridden ? minorToDecimalString(quote.unitPrice, currency) : null,
    price_set_by: price.overridden ? (ctx.session?.userId ?? null) : null,
    quantity: item.quantity,
    is_child: quote.kind === 'child',
    is_infant: quote.kind === 'infant',
    book_date: date,
    time_slot: item.timeSlot ?? '',
    start_time: item.startTime ?? (item.timeSlot || null),
    ext_attr: item.extAttr ?? null,
    pickup_location: item.pickupLocation ?? null,
    service_location: item.serviceLocation ?? null,
    xfer_type: item.xferType ?? null,
    ppc: item.ppc === undefined ? null : minorToDecimalString(toMinor(item.ppc, currency), currency),
    resv_name: item.resvName ?? null,
    parent_item_id: null,
    flight_offer: null,
    supplier_ticket: null,
    supplier_held_until: null,
  };
}

/** A private transfer's own line, on the item's date and slot, charged once. */
function transferLineOf(
  line: repo.NewLine,
  transfer: NonNullable<UnitQuote['privateTransfer']>,
  currency: string,
): repo.NewLine {
  return {
    ...line,
    cart_item_id: null,
    product_template_id: null,
    unit_name: 'Transfer',
    description: transfer.name,
    unit_price: minorToDecimalString(transfer.price, currency),
    catalog_price: null,
    price_set_by: null,
    quantity: 1,
    is_child: false,
    is_infant: false,
    start_time: null,
    ext_attr: null,
    pickup_location: null,
    service_location: null,
    xfer_type: 'PVT',
    ppc: null,
    resv_name: null,
  };
}

/** The seats the item holds; infants take no seat, and a free-sale product holds none. */
function seatsOf(ctx: TenantContext, item: NewItem, date: string, quote: UnitQuote): SeatsToHold | undefined {
  if (quote.kind === 'infant' || quote.freeSale) return undefined;
  return {
    variantId: quote.variantId,
    date,
    startTime: item.timeSlot ?? '',
    quantity: item.quantity,
    expiresAt: holdUntil(ctx),
    now: ctx.now,
  };
}
