// One spreadsheet import's worker thread (imports.ts starts it, under resourceLimits and a deadline): checks the
// archive and its counts, then, only if they pass, loads exceljs and reads the first sheet, and posts the rows or the
// refusal. Whatever the file makes it do, the service's main thread only waits for one message; the thread is ended
// (terminate) after it, on the deadline, on the client's leaving and at shutdown.
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../http/errors.js';
import { checkSpreadsheetArchive } from './archive.js';
import { readFirstSheet } from './sheet-reader.js';
import type { WorkerAnswer, WorkerTask } from './worker-protocol.js';

async function answer(task: WorkerTask): Promise<WorkerAnswer> {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  try {
    const records = await checkSpreadsheetArchive(task.parameter, bytes, task.limits);
    return { rows: await readFirstSheet(task.parameter, records, task.read) };
  } catch (error) {
    if (error instanceof ApiError) return { refused: { code: error.code, message: error.message } };
    throw error;
  }
}

const task: WorkerTask = workerData;
parentPort?.postMessage(await answer(task));
