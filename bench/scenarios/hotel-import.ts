// Issue 18: the hotel static-data import. One service child, one tenant; its admin uploads a generated file of
// 100,000 hotels (BENCH_HOTEL_IMPORT_HOTELS for another size) to POST /hotel/importStaticData as a browser would
// (multipart, streamed by the bench with chunked encoding: the file never sits in either process), while the child's
// RSS is sampled every 100 ms. Then the same file again (the idempotent merge: nothing inserted or updated).
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ImportReport, sampleStaticDataLines } from '../../src/areas/hotels/index.js';
import { childStats, type ServerChild, startServerChild } from '../lib/child.js';
import { sleep } from '../lib/env.js';
import { below, type Check, equals, info, type Scenario, serviceSettings } from '../lib/scenario.js';
import { round } from '../lib/stats.js';
import { provisionBenchTenant } from '../lib/tenant.js';

const HOTELS = Number(process.env.BENCH_HOTEL_IMPORT_HOTELS ?? 100_000);
const SECONDS_LIMIT = 60;
const RSS_GROWTH_LIMIT_MIB = 200;
const BOUNDARY = '----tc-bench-hotel-import';

const mib = (bytes: number) => round(bytes / 1024 / 1024, 1);

/** The multipart body: the file part's head, the generated lines, the closing boundary; counts its bytes. */
function* multipartBody(counter: { bytes: number }): Generator<string> {
  yield `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="static.txt"\r\n\r\n`;
  for (const line of sampleStaticDataLines(HOTELS)) {
    counter.bytes += Buffer.byteLength(line);
    yield line;
  }
  yield `\r\n--${BOUNDARY}--\r\n`;
}

/** One upload of the file; its report and how long it took. */
async function upload(port: number, host: string, session: string) {
  const counter = { bytes: 0 };
  const started = performance.now();
  let sentSeconds = 0;
  const answer = new Promise<string>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/hotel/importStaticData',
        headers: {
          host,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'x-auth-request-access-token': session,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve(body));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    pipeline(Readable.from(multipartBody(counter)), req).then(() => {
      sentSeconds = (performance.now() - started) / 1000;
    }, reject);
  });
  const envelope: { apiStatus: { errorCode: string; errorMessage: string }; apiData: ImportReport } = JSON.parse(
    await answer,
  );
  if (envelope.apiStatus.errorCode !== 'OK') throw new Error(`import: ${JSON.stringify(envelope.apiStatus)}`);
  const seconds = (performance.now() - started) / 1000;
  return { report: envelope.apiData, seconds, sentSeconds, fileBytes: counter.bytes };
}

/** The child's largest RSS while `work` runs, sampled every 100 ms. */
async function peakRss<T>(child: ServerChild, work: () => Promise<T>): Promise<{ result: T; peakBytes: number }> {
  let peakBytes = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const stats = await childStats(child, 2_000).catch(() => undefined);
      if (stats) peakBytes = Math.max(peakBytes, stats.rssBytes);
      await sleep(100);
    }
  })();
  try {
    return { result: await work(), peakBytes };
  } finally {
    running = false;
    await sampler;
  }
}

export const hotelImport: Scenario = async (ctx) => {
  const settings = await serviceSettings(ctx, 'hotelimport');
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const child = service;
    const { host, admin } = await provisionBenchTenant(ctx, child, 'hi');
    const port = child.port('service');
    const before = (await childStats(child)).rssBytes;
    const first = await peakRss(child, () => upload(port, host, admin.session));
    const growth = Math.max(0, first.peakBytes - before);
    const { report, seconds, fileBytes } = first.result;
    ctx.log(
      `import of ${HOTELS} hotels (${mib(fileBytes)} MiB): ${round(seconds, 1)} s (body sent after ` +
        `${round(first.result.sentSeconds, 1)} s), RSS ${mib(before)} → peak ${mib(first.peakBytes)} MiB`,
    );
    const second = await upload(port, host, admin.session);
    ctx.log(`the same file again: ${round(second.seconds, 1)} s`);
    const checks: Check[] = [
      below(`import of ${HOTELS} hotels through /hotel/importStaticData`, round(seconds, 2), 's', SECONDS_LIMIT),
      below('RSS growth of the service during the import', mib(growth), 'MiB', RSS_GROWTH_LIMIT_MIB),
      equals('hotels inserted', report.hotels.inserted, 'rows', HOTELS),
      equals(
        'rows changed by the same file again',
        second.report.hotels.inserted + second.report.hotels.updated,
        'rows',
        0,
      ),
      info('the same file again (idempotent merge)', round(second.seconds, 2), 's'),
      info('file size', mib(fileBytes), 'MiB'),
      info('import rate', Math.round(HOTELS / seconds), 'hotels/s'),
    ];
    return {
      checks,
      problems: [],
      details: {
        hotels: HOTELS,
        fileBytes,
        seconds: round(seconds, 2),
        rss: { beforeBytes: before, peakBytes: first.peakBytes, growthMiB: mib(growth) },
        report: { ...report, problems: report.problems.slice(0, 5) },
        secondImport: { seconds: round(second.seconds, 2), hotels: second.report.hotels },
      },
    };
  } finally {
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};
