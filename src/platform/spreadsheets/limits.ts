// The bounds of a spreadsheet import. Those of the archive hold for every import: what an XLSX needs, well above
// what Excel writes. Those of its sheets are the caller's: what its rows can sensibly be (docs/decisions.md).

export const SPREADSHEET_BOUNDS = {
  /** Entries of an XLSX: a workbook of a few sheets has some twenty. */
  entries: 1000,
  /** All entries inflated: a 10,000-row passenger sheet is a few MB of XML. */
  uncompressedBytes: 64 * 1024 * 1024,
  /** xl/styles.xml inflated: 64,000 formats with their alignment are some 10 MB; Excel's own files a few hundred KB. */
  stylesBytes: 16 * 1024 * 1024,
  /** xl/sharedStrings.xml inflated. */
  sharedStringsBytes: 32 * 1024 * 1024,
  /** Any other part (workbook, relationships, theme, drawings, pictures): a theme is some 10 KB. */
  otherPartBytes: 8 * 1024 * 1024,
  /** Cell formats (xf records of cellXfs and cellStyleXfs): Excel's own limit is 64,000. */
  cellFormats: 64_000,
} as const;

/** What the caller's sheets may hold: past any of these the file is refused before a parser sees it. */
export interface SpreadsheetLimits {
  /** Rows (`<row>` elements, empty ones included) of any one sheet. */
  rows: number;
  /** The highest column a cell may stand in (A = 1), and so the most cells of a row. */
  columns: number;
  /** Cells (`<c>` elements) of all sheets together. */
  cells: number;
  /** Entries of the workbook's shared-string table. */
  sharedStrings: number;
}

/** How the first sheet is read: its non-empty rows, the header row included. */
export interface FirstSheetRead {
  /** Non-empty rows after the first; one more is refused ("has more than 10000 rows of passengers"). */
  dataRows: number;
  /** What a data row is, in that refusal: "passengers". */
  rowsOf: string;
  /** Columns read from each row (A first); any further are ignored. */
  columnsRead: number;
}
