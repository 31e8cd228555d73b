// Sales order and invoice numbers (SO-2026-000001, INV-2026-000001): the platform's gapless counter, one series per
// kind, restarting each year of the tenant's calendar.
import { nextNumber } from '../../platform/database/counters.js';
import type { TransactionSql } from '../../platform/database/connections.js';

export type DocumentKind = 'SO' | 'INV';

/** The next number of a kind in a year, taken in the writing transaction (a rollback gives it back). */
export async function nextDocumentNumber(tx: TransactionSql, kind: DocumentKind, year: number): Promise<string> {
  return documentNumberOf(kind, year, await nextNumber(tx, kind, year));
}

function documentNumberOf(kind: DocumentKind, year: number, sequence: number): string {
  return `${kind}-${year}-${String(sequence).padStart(6, '0')}`;
}
