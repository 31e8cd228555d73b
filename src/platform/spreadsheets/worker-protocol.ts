// What the main thread and an import's worker thread send each other: the task as workerData, one answer back.
import type { ErrorCode } from '../http/errors.js';
import type { FirstSheetRead, SpreadsheetLimits } from './limits.js';
import type { SheetRow } from './sheet-reader.js';

export interface WorkerTask {
  /** The request's parameter that holds the file: every refusal names it. */
  parameter: string;
  /** The file as sent (a copy: the worker owns it). */
  bytes: Uint8Array;
  limits: SpreadsheetLimits;
  read: FirstSheetRead;
}

/** The first sheet's rows, or why the file is refused (an ApiError's code and message). */
export type WorkerAnswer = { rows: SheetRow[] } | { refused: { code: ErrorCode; message: string } };
