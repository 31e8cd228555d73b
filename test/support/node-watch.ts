// Watches a service running in this process while a test makes it work hard: the process's peak RSS, sampled every
// 10 ms, and the latency of a cheap request sent again and again over loopback (another tenant's, say). Both are
// measured from a worker thread of their own, so a blocked main thread (the very thing such tests look for) cannot
// hide itself by also stopping the measuring.
import { Worker } from 'node:worker_threads';

export interface WatchedRequest {
  port: number;
  host: string;
  path: string;
  body: object;
}

export interface NodeWatch {
  /** Stops watching (after the request in flight answers) and tells what was seen. */
  stop(): Promise<WatchReport>;
}

export interface WatchReport {
  /** Highest RSS seen, less the RSS when the watch began, in MiB. */
  rssGrowthMiB: number;
  /** Each answer of the watched request: its time from sending to the last byte, and its HTTP status. */
  answers: Array<{ ms: number; status: number }>;
}

// Plain JavaScript: a worker evaluates it as it is.
const WATCHER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, host, path, body } = workerData;
const start = process.memoryUsage.rss();
let peak = start;
let stopping = false;
const answers = [];
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 10);
function finish() {
  clearInterval(sampler);
  parentPort.postMessage({ rssGrowthMiB: (peak - start) / 1048576, answers });
}
function next() { if (stopping) finish(); else setTimeout(send, 50); }
function send() {
  const sent = performance.now();
  const payload = JSON.stringify(body);
  const request = http.request(
    { host: '127.0.0.1', port, path, method: 'POST',
      headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
    (response) => {
      response.resume();
      response.on('end', () => { answers.push({ ms: performance.now() - sent, status: response.statusCode }); next(); });
    },
  );
  request.on('error', () => { answers.push({ ms: performance.now() - sent, status: 0 }); next(); });
  request.end(payload);
}
parentPort.on('message', () => { stopping = true; });
send();
`;

export function watchNode(request: WatchedRequest): NodeWatch {
  const worker = new Worker(WATCHER, { eval: true, workerData: request, execArgv: [] });
  const report = new Promise<WatchReport>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const seen = await report;
      await worker.terminate();
      return seen;
    },
  };
}
