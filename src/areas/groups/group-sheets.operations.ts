// /groups/pax/template, /groups/pax/import, /groups/pax/exportExcel, /groups/exportSchedule: spreadsheets in and out.
import type { OperationDeclaration } from '../../platform/http/operation.js';

export function groupSheetOperations(): OperationDeclaration[] {
  return [];
}
