// Spreadsheet imports for every area that takes one (group passengers today; recipient lists and hotel imports
// next): a file checked part by part and counted (limits.ts, part-counts.ts, archive.ts), then read in a worker
// thread with capped memory and a deadline, at most a few at once per node (imports.ts).
export {
  createSpreadsheetImports,
  type SpreadsheetFile,
  type SpreadsheetImportSettings,
  type SpreadsheetImports,
} from './imports.js';
export { type FirstSheetRead, SPREADSHEET_BOUNDS, type SpreadsheetLimits } from './limits.js';
export type { CellValue, SheetRow } from './sheet-reader.js';
