// exceljs takes about a second to load: it is loaded on the first sheet read or written, not when the service
// starts. Its types come from a type-only import, which loads nothing.
import type ExcelJS from 'exceljs';

let loaded: Promise<typeof ExcelJS> | undefined;

export function loadExcelJS(): Promise<typeof ExcelJS> {
  loaded ??= import('exceljs').then((module) => module.default);
  return loaded;
}
