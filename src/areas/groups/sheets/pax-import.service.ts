// /groups/pax/import: a passenger spreadsheet (base64, at most 5 MB) into a group. The platform's spreadsheet imports
// check the file part by part and read its first sheet row by row up to the bound, in a worker thread of their own
// (platform/spreadsheets); here its header is matched by title and each row read into a passenger or into errors; then the rows without errors are written in one transaction with
// the group locked: matches updated, the others inserted (a failure anywhere writes nothing, and importing the same
// file again updates what the first import inserted). A dry run stops before writing and counts what would be.
import { decodeBase64Strictly } from '../../../platform/base64.js';
import { withTransaction } from '../../../platform/database/transaction.js';
import { notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import type { SpreadsheetImports, SpreadsheetLimits } from '../../../platform/spreadsheets/index.js';
import { formatDate } from '../../../platform/time.js';
import type { PaxImportRequest, PaxImportResult } from './group-sheets.schemas.js';
import { selectGroupPax } from '../groups/index.js';
import { toPassenger } from '../groups/index.js';
import * as repo from './pax-import.repository.js';
import { IMPORT_LIMITS, matchHeader, type ParsedSheet, parseRows } from './pax-import.rules.js';
import type { PaxField } from './sheet-columns.js';

const FILE_PARAMETER = 'fileData';

/**
 * What a passenger workbook may hold before it is read: twice the passenger rows (room for empty formatted rows; the
 * read refuses past dataRows non-empty ones), any column up to AMJ as LibreOffice's sheets end there (only the first
 * `columns` are read), a cell for each of those, and a distinct string in each.
 */
const SHEET_LIMITS: SpreadsheetLimits = {
  rows: 2 * IMPORT_LIMITS.dataRows,
  columns: 1024,
  cells: 2 * IMPORT_LIMITS.dataRows * IMPORT_LIMITS.columns,
  sharedStrings: 2 * IMPORT_LIMITS.dataRows * IMPORT_LIMITS.columns,
};

/** The file's rows read and checked, and which passenger fields its columns set. */
async function readPaxSheet(ctx: TenantContext, spreadsheets: SpreadsheetImports, fileData: string) {
  const bytes = decodeBase64Strictly(FILE_PARAMETER, fileData, IMPORT_LIMITS.fileBytes);
  const file = {
    parameter: FILE_PARAMETER,
    bytes,
    limits: SHEET_LIMITS,
    read: { dataRows: IMPORT_LIMITS.dataRows, rowsOf: 'passengers', columnsRead: IMPORT_LIMITS.columns },
  };
  const [header, ...rows] = await spreadsheets.readFirstSheet(file, ctx.signal);
  const columns = matchHeader(FILE_PARAMETER, header);
  const parsed = parseRows(columns, rows, formatDate(ctx.now, ctx.tenant.timezone));
  return { parsed, present: [...columns.keys()] };
}

const summary = (parsed: ParsedSheet) => ({
  totalProcessed: parsed.totalProcessed,
  failed: parsed.failed,
  errors: parsed.errors,
});

async function dryRun(ctx: TenantContext, groupId: number, parsed: ParsedSheet): Promise<PaxImportResult> {
  const rows = parsed.rows.map((row) => row.pax);
  const updated = await repo.countMatches(ctx.db, groupId, rows);
  return { ...summary(parsed), inserted: rows.length - updated, updated, importedPax: [], dryRun: true };
}

async function write(
  ctx: TenantContext,
  groupId: number,
  parsed: ParsedSheet,
  present: readonly PaxField[],
): Promise<PaxImportResult> {
  return withTransaction(ctx, async (tx) => {
    if (!(await repo.lockGroupForImport(tx, groupId))) throw notFound('Group');
    const rows = parsed.rows.map((row) => row.pax);
    const written = await repo.upsertImportedPax(tx, groupId, rows, present);
    const ids = new Set([...written.updatedPaxIds, ...written.insertedPaxIds]);
    const passengers = ids.size === 0 ? [] : await selectGroupPax(tx, groupId);
    return {
      ...summary(parsed),
      inserted: written.insertedPaxIds.length,
      updated: written.updatedPaxIds.length,
      importedPax: passengers.filter((pax) => ids.has(pax.pax_id)).map(toPassenger),
      dryRun: false,
    };
  });
}

/** The import's use case, reading files through the node's spreadsheet imports. */
export function createPaxImport(spreadsheets: SpreadsheetImports) {
  return {
    async importPassengers(ctx: TenantContext, input: PaxImportRequest): Promise<PaxImportResult> {
      const { parsed, present } = await readPaxSheet(ctx, spreadsheets, input.fileData);
      if (input.dryRun) return dryRun(ctx, input.groupId, parsed);
      return write(ctx, input.groupId, parsed, present);
    },
  };
}
