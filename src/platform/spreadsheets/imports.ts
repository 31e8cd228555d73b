// The node's spreadsheet imports. Each file is checked and read in a worker thread of its own, never on the main
// thread that answers every tenant: the thread's heap is capped (resourceLimits), it has a deadline, and it is
// ended (terminate) on the deadline, when the client leaves, and at shutdown, so no file can hold the node's memory,
// CPU or event loop past those. At most `concurrency` imports run on a node at once; one more is answered 429
// RATE_LIMITED with Retry-After at once (no line: a waiting import would hold its 5 MB body meanwhile).
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createConcurrencyGate, GateFullError, type GateLoad } from '../concurrency-gate.js';
import { ApiError, ErrorCode, invalidFormat } from '../http/errors.js';
import { rateLimited } from '../rate-limit.js';
import type { FirstSheetRead, SpreadsheetLimits } from './limits.js';
import type { SheetRow } from './sheet-reader.js';
import type { WorkerAnswer, WorkerTask } from './worker-protocol.js';

export interface SpreadsheetImportSettings {
  /** Imports one node runs at once. */
  concurrency: number;
  /** How long one import may take, from its worker's start. */
  deadlineMs: number;
  /** The worker's heap (V8's old generation); its young generation and code are capped apart. */
  memoryMb: number;
}

/** A file to read: the parameter that holds it (refusals name it), its bytes, its bounds and how to read it. */
export interface SpreadsheetFile {
  parameter: string;
  bytes: Buffer;
  limits: SpreadsheetLimits;
  read: FirstSheetRead;
}

export interface SpreadsheetImports {
  /**
   * The first sheet's non-empty rows. INVALID_FORMAT naming the parameter for a file past its bounds, unreadable,
   * too slow to read or needing more memory than an import may have; 429 RATE_LIMITED when the node's imports are
   * all busy; 503 at shutdown. `signal` (the client left) ends the import at once.
   */
  readFirstSheet(file: SpreadsheetFile, signal?: AbortSignal): Promise<SheetRow[]>;
  /** Imports running now (`waiting` is always 0). */
  load(): GateLoad;
  /** Ends every import under way (each answers 503) and refuses new ones: the node is shutting down. */
  stop(): Promise<void>;
}

/** A refused import may try again once one running now has likely finished: a typical import takes a second or two. */
const BUSY_RETRY_SECONDS = 5;
const YOUNG_GENERATION_MB = 16;
const CODE_RANGE_MB = 64;

// From the sources (tsx, vitest) the worker needs tsx's loader registered in its own thread first; built, it is JS.
const FROM_SOURCES = fileURLToPath(import.meta.url).endsWith('.ts');
const ENTRY = new URL(FROM_SOURCES ? './sheet-worker-tsx.mjs' : './sheet-worker.js', import.meta.url);

const shuttingDown = () =>
  new ApiError(ErrorCode.GENERAL, 'The service is shutting down; send the file again shortly', 503);
/** Nobody reads this answer: the client has gone. */
const clientLeft = () => new ApiError(ErrorCode.GENERAL, 'The client left before the file was read');

export function createSpreadsheetImports(settings: SpreadsheetImportSettings): SpreadsheetImports {
  const gate = createConcurrencyGate({ concurrency: settings.concurrency, queue: 0 });
  /** Each running import's worker and how to end it. */
  const running = new Map<Worker, EndImport>();
  let stopped = false;
  return {
    async readFirstSheet(file, signal) {
      if (stopped) throw shuttingDown();
      if (signal?.aborted) throw clientLeft();
      try {
        return await gate.run(() => inWorker(file, settings, running, signal));
      } catch (error) {
        if (error instanceof GateFullError) throw rateLimited(BUSY_RETRY_SECONDS);
        throw error;
      }
    },
    load: () => gate.load(),
    async stop() {
      stopped = true;
      await Promise.all([...running.values()].map((endImport) => endImport(shuttingDown())));
    },
  };
}

function startWorker(file: SpreadsheetFile, settings: SpreadsheetImportSettings): Worker {
  const task: WorkerTask = {
    parameter: file.parameter,
    bytes: new Uint8Array(file.bytes),
    limits: file.limits,
    read: file.read,
  };
  return new Worker(ENTRY, {
    workerData: task,
    // from the sources, not the main thread's `--import tsx`, which a worker cannot use (the entry registers tsx)
    ...(FROM_SOURCES ? { execArgv: [] } : {}),
    resourceLimits: {
      maxOldGenerationSizeMb: settings.memoryMb,
      maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      codeRangeSizeMb: CODE_RANGE_MB,
    },
  });
}

/** Ends a running import with a reason (its thread stopped first): what stop() calls. */
type EndImport = (why: Error) => Promise<void>;

function inWorker(
  file: SpreadsheetFile,
  settings: SpreadsheetImportSettings,
  running: Map<Worker, EndImport>,
  signal: AbortSignal | undefined,
): Promise<SheetRow[]> {
  return new Promise<SheetRow[]>((resolve, reject) => {
    const worker = startWorker(file, settings);
    let ended: Promise<void> | undefined;
    /** The first outcome wins; it is given once the thread has stopped, so a slot never outlives its worker. */
    const settle = (outcome: () => void): Promise<void> => {
      if (ended) return ended;
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
      running.delete(worker);
      ended = worker.terminate().then(outcome, outcome);
      return ended;
    };
    const fail = (why: Error) => settle(() => reject(why));
    const deadline = setTimeout(() => void fail(tooSlow(file, settings)), settings.deadlineMs);
    const onAbort = () => void fail(clientLeft());
    running.set(worker, fail);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (answer: WorkerAnswer) => {
      void settle(() => {
        if ('rows' in answer) resolve(answer.rows);
        else reject(new ApiError(answer.refused.code, answer.refused.message));
      });
    });
    worker.once('error', (error) => void fail(failure(file, settings, error)));
    worker.once('exit', (code) => void fail(new Error(`the import's worker ended (${code}) without an answer`)));
  });
}

function tooSlow(file: SpreadsheetFile, settings: SpreadsheetImportSettings) {
  return invalidFormat(file.parameter, `could not be read within ${settings.deadlineMs / 1000} s`);
}

/** The worker's failure: past its memory is the file's doing; anything else is a bug (logged, answered GENERAL). */
function failure(file: SpreadsheetFile, settings: SpreadsheetImportSettings, error: Error): Error {
  if ('code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return invalidFormat(file.parameter, `needs more than the ${settings.memoryMb} MiB an import may use`);
  }
  return error;
}
