// Pure rules of quotes: the statuses and their moves, what an item may hold, a line's exact amounts, the quote
// number and the end of validity. No I/O; amounts are integer minor units of the quote's currency.
import { ApiError, ErrorCode, invalidFormat, missingParameter } from '../../platform/http/errors.js';
import { fromMinor, minorUnitExponent, toMinor } from '../../platform/money.js';
import { addDays, formatDate, localToInstant } from '../../platform/time.js';
import { type LineTax, lineTax, type TaxPolicy } from '../settings/index.js';

export const QUOTE_STATUSES = ['DRAFT', 'SENT', 'ACCEPTED', 'REJECTED'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const SEARCH_TYPES = ['NUM', 'CUST', 'DATE', 'USER'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Limits of one request and one answer. */
export const LIMITS = {
  itemsPerRequest: 200,
  itemsPerQuote: 500,
  description: 1000,
  declineReason: 1000,
  listRows: 500,
  quantity: 1_000_000,
  unitPrice: 1_000_000_000,
  /**
   * Largest quantity × unit price of one line, in currency units: 500 lines at up to 100 % tax stay inside the
   * numeric(14, 3) columns (< 10^11), and every minor-unit amount stays a safe integer.
   */
  lineTotal: 90_000_000,
} as const;

/** Quantities have at most three decimals (2.5 hours of a guide, 0.125 of a charter). */
const QUANTITY_SCALE = 1000n;

/** DRAFT → SENT → ACCEPTED | REJECTED (contract §7.4); the refusal of any other move, or undefined. */
export function transitionRefusal(quoteNumber: string, from: QuoteStatus, to: QuoteStatus): ApiError | undefined {
  const allowed = (from === 'DRAFT' && to === 'SENT') || (from === 'SENT' && (to === 'ACCEPTED' || to === 'REJECTED'));
  if (allowed) return undefined;
  return new ApiError(ErrorCode.INVALID_STATE, `Quote ${quoteNumber} is ${from}, it cannot become ${to}`);
}

/** Items are added only while the quote is a DRAFT. */
export function checkEditable(quoteNumber: string, status: QuoteStatus): void {
  if (status !== 'DRAFT') {
    throw new ApiError(ErrorCode.INVALID_STATE, `Quote ${quoteNumber} is ${status}: items are added only to a DRAFT`);
  }
}

/** An item as a request sends it (after schema validation). */
export interface ItemInput {
  description?: string;
  quantity: number;
  unitPrice: number;
  productId?: number;
}

/** An item checked against the currency: exact quantity (thousandths) and unit price (minor units). */
export interface CheckedItem {
  description: string | undefined;
  quantityThousandths: bigint;
  unitPriceMinor: number;
  productId: number | undefined;
}

/**
 * Checks what the schema cannot: a quantity of at most three decimals, a unit price of at most the currency's
 * decimals, and a description unless a product names the line. Names the parameter at fault.
 */
export function checkItems(items: readonly ItemInput[], currency: string, name = 'items'): CheckedItem[] {
  return items.map((item, index) => {
    const at = `${name}[${index}]`;
    const thousandths = Math.round(item.quantity * 1000);
    if (thousandths / 1000 !== item.quantity || thousandths <= 0) {
      throw invalidFormat(`${at}.quantity`, 'must be greater than 0 with at most three decimals');
    }
    const unitPriceMinor = toMinor(item.unitPrice, currency);
    if (fromMinor(unitPriceMinor, currency) !== item.unitPrice) {
      const decimals = minorUnitExponent(currency);
      throw invalidFormat(`${at}.unitPrice`, `has more than ${decimals} decimals for ${currency}`);
    }
    const totalMinor = quantityTimesPrice(BigInt(thousandths), unitPriceMinor);
    if (totalMinor > BigInt(LIMITS.lineTotal) * 10n ** BigInt(minorUnitExponent(currency))) {
      throw invalidFormat(at, `amounts to more than ${LIMITS.lineTotal} ${currency} (quantity × unitPrice)`);
    }
    if (item.description === undefined && item.productId === undefined) throw missingParameter(`${at}.description`);
    return {
      description: item.description,
      quantityThousandths: BigInt(thousandths),
      unitPriceMinor,
      productId: item.productId,
    };
  });
}

/** quantity × unit price in minor units, rounded half away from zero (a fractional quantity may leave a part). */
function quantityTimesPrice(quantityThousandths: bigint, unitPriceMinor: number): bigint {
  const product = quantityThousandths * BigInt(unitPriceMinor);
  return (2n * product + QUANTITY_SCALE) / (2n * QUANTITY_SCALE);
}

/** The line's amount as a number of minor units (a checked item's is within LIMITS.lineTotal, a safe integer). */
export function lineTotalMinor(quantityThousandths: bigint, unitPriceMinor: number): number {
  return Number(quantityTimesPrice(quantityThousandths, unitPriceMinor));
}

/** A line's amounts: as entered, and net, tax and gross under the tenant's tax policy. */
export interface LineAmounts extends LineTax {
  totalMinor: number;
}

export function lineAmounts(item: CheckedItem, policy: TaxPolicy, exempt: boolean): LineAmounts {
  const totalMinor = lineTotalMinor(item.quantityThousandths, item.unitPriceMinor);
  return { totalMinor, ...lineTax(totalMinor, policy, exempt) };
}

/** The quantity as decimal text for SQL (thousandths → '2.500'). */
export function quantityText(thousandths: bigint): string {
  const whole = thousandths / QUANTITY_SCALE;
  const fraction = (thousandths % QUANTITY_SCALE).toString().padStart(3, '0');
  return `${whole}.${fraction}`;
}

/** The platform counter's series of quote numbers: their prefix. */
export const QUOTE_SERIES = 'QUO';

/** QUO-2026-000001: the tenant's calendar year and the year's sequence number. */
export function quoteNumberOf(year: number, sequence: number): string {
  return `${QUOTE_SERIES}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The tenant's calendar year of an instant: numbers restart on the tenant's 1 January, not UTC's. */
export function tenantYear(now: Date, timezone: string): number {
  return Number(formatDate(now, timezone).slice(0, 4));
}

/**
 * A quote's end of validity: the last millisecond of the tenant's calendar day `days` after today, so the date a
 * document prints ("valid until 31 Mar 2026") is the whole of the last day it may be accepted.
 */
export function validUntilOf(now: Date, days: number, timezone: string): Date {
  const lastDay = addDays(formatDate(now, timezone), days);
  const nextMidnight = localToInstant(addDays(lastDay, 1), timezone);
  return nextMidnight ? new Date(nextMidnight.getTime() - 1) : new Date(now.getTime() + days * 86_400_000);
}

/** The instants of a DATE search: from the tenant's midnight of `fromDate` up to (not including) the one after `toDate`. */
export function dateRange(fromDate: string, toDate: string, timezone: string): { from: Date; until: Date } {
  if (toDate < fromDate) throw invalidFormat('toDate', 'must not be before fromDate');
  const from = localToInstant(fromDate, timezone);
  const until = localToInstant(addDays(toDate, 1), timezone);
  if (!from) throw invalidFormat('fromDate', 'must be a date yyyy-MM-dd');
  if (!until) throw invalidFormat('toDate', 'must be a date yyyy-MM-dd');
  return { from, until };
}

export { containsPattern } from '../../platform/text.js';
