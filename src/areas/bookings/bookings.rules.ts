// Pure rules of booking requests: the access code's alphabet, how long it opens the tickets, where each line's
// tickets come from, the confirm's overall result, and the codes of our own tickets.
import { addDays, localToInstant } from '../../platform/time.js';
import type { LineSource } from './bookings.repository.js';
import type { CompleteResult, LineStatus } from './bookings.schemas.js';

/** Read aloud or typed from a printout: no 0/O, 1/I/L. 31 symbols, 12 of them ≈ 59 bits. */
export const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ACCESS_CODE_LENGTH = 12;
/** The access code opens the tickets until this many days after the last service date. */
export const ACCESS_DAYS_AFTER_SERVICE = 30;

/** An access code from random symbol indexes (each below the alphabet's length). */
export function accessCodeOf(indexes: readonly number[]): string {
  return indexes.map((index) => ACCESS_CODE_ALPHABET[index] ?? '').join('');
}

/**
 * The end (23:59:59, the tenant's time) of the last service date + 30 days; with no dated line, of the order's date
 * + 30 days.
 */
export function accessMaxDate(serviceDates: ReadonlyArray<string | null>, orderDate: string, timeZone: string): Date {
  const dated = serviceDates.filter((date): date is string => date !== null).sort();
  const last = dated.at(-1) ?? orderDate;
  const end = localToInstant(`${addDays(last, ACCESS_DAYS_AFTER_SERVICE)}T23:59:59`, timeZone);
  if (!end) throw new Error(`no instant for ${last} in ${timeZone}`);
  return end;
}

/** Where a line's tickets come from: offline codes sold for the order, the supplier, or our own. */
export function lineSource(
  productId: number | null,
  offlineProducts: ReadonlySet<number>,
  vendorBooked: ReadonlySet<number>,
): LineSource {
  if (productId !== null && offlineProducts.has(productId)) return 'OFFLINE';
  if (productId !== null && vendorBooked.has(productId)) return 'SUPPLIER';
  return 'OWN';
}

/** OK when every line is ticketed, FAILED when none is, PARTIAL between (contract §7.3). */
export function completeResultOf(statuses: readonly LineStatus[]): CompleteResult {
  const confirmed = statuses.filter((status) => status === 'CONFIRMED').length;
  if (confirmed === statuses.length) return 'OK';
  return confirmed === 0 ? 'FAILED' : 'PARTIAL';
}

export function completeMessageOf(result: CompleteResult, statuses: readonly LineStatus[]): string {
  const confirmed = statuses.filter((status) => status === 'CONFIRMED').length;
  if (result === 'OK') return `All ${statuses.length} lines are ticketed`;
  if (result === 'FAILED') return 'No line could be ticketed yet; confirm again to retry';
  return `${confirmed} of ${statuses.length} lines are ticketed; confirm again to retry the others`;
}

/** Our own ticket's code: the booking's reference, the line and the ticket's number in it (BK-2026-000123-1-2). */
export function ownBarcode(refnum: string, lineNo: number, seq: number): string {
  return `${refnum}-${lineNo}-${seq}`;
}

/**
 * The offline codes of each OFFLINE line: a product's codes (sold for the order, by ticket id) go to its lines in
 * line order, each taking as many as its quantity; the last line of the product takes whatever is left.
 */
export function offlineCodesByLine(
  lines: ReadonlyArray<{ lineNo: number; productId: number | null; quantity: number }>,
  codes: ReadonlyArray<{ productId: number; code: string }>,
): Map<number, string[]> {
  const byLine = new Map<number, string[]>();
  const left = new Map<number, string[]>();
  for (const { productId, code } of codes) left.set(productId, [...(left.get(productId) ?? []), code]);
  const lastLineOf = new Map<number, number>();
  for (const line of lines) if (line.productId !== null) lastLineOf.set(line.productId, line.lineNo);
  for (const line of lines) {
    if (line.productId === null) continue;
    const pool = left.get(line.productId) ?? [];
    const take = lastLineOf.get(line.productId) === line.lineNo ? pool.length : Math.min(line.quantity, pool.length);
    byLine.set(line.lineNo, pool.splice(0, take));
  }
  return byLine;
}
