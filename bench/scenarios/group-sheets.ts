// Issue 16, the spreadsheets: /groups/pax/import of a 5,000-passenger sheet (first into an empty group, then the
// same file again: every row an update), with the service process's peak RSS above its RSS before the import
// (VmHWM, reset before each import through /proc/<pid>/clear_refs: Linux); /groups/pax/exportExcel of that
// 5,000-passenger group; and how fast refusals come: a ZIP bomb (300 MiB of zeros that claim 4 kB) and a sheet of
// 100,000 rows. BENCH_GROUP_SHEET_ROWS changes the passenger count (its figures are then not the 5,000-row ones).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { zipArchive } from '../../test/support/zip.js';
import { type ServerChild, startServerChild } from '../lib/child.js';
import { type CpuPerRequest, cpuPerRequest, sampleCpu } from '../lib/cpu.js';
import { httpRequest } from '../lib/http.js';
import { below, type Check, info, requirePostgres, type Scenario, serviceSettings } from '../lib/scenario.js';
import { max, median, round } from '../lib/stats.js';
import { provisionBenchTenant, SESSION_HEADER } from '../lib/tenant.js';

const ROWS = Number(process.env.BENCH_GROUP_SHEET_ROWS ?? 5_000) || 5_000;
const IMPORT_LIMIT_MS = 3_000;
const RSS_GROWTH_LIMIT_MIB = 150;
const EXPORT_LIMIT_MS = 2_000;
const REFUSAL_LIMIT_MS = 2_000;
/** "Without large memory": the bomb's inflating streams in 64 kB chunks and keeps nothing. */
const BOMB_RSS_LIMIT_MIB = 50;
const EXPORT_ROUNDS = 5;

const mib = (bytes: number) => round(bytes / 1024 / 1024, 1);

/** A workbook streamed into a buffer: `rows` after the header, each made by `row(n)`. */
async function workbook(header: string[], rows: number, row: (n: number) => unknown[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = book.addWorksheet('Passengers');
  sheet.addRow(header).commit();
  for (let n = 0; n < rows; n += 1) sheet.addRow(row(n)).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

const FIRST = ['Layla', 'Omar', 'Sara', 'Yusuf', 'Mariam', 'Ahmed', 'Noor', 'Karim', 'Hana', 'Ali'];
const LAST = ['Haddad', 'Khan', 'Rahman', 'Farouk', 'Nasser', 'Saleh', 'Aziz', 'Hamdan', 'Qasim', 'Bakr'];

/** A realistic passenger sheet: the template's ten columns, every cell filled. */
const passengerSheet = (rows: number) =>
  workbook(
    [
      'First Name*',
      'Last Name*',
      'Gender',
      'Date of Birth',
      'Nationality',
      'Passport Number',
      'Phone',
      'Email',
      'Age',
      'Notes',
    ],
    rows,
    (n) => [
      FIRST[n % FIRST.length],
      `${LAST[n % LAST.length]}${Math.floor(n / LAST.length)}`,
      n % 2 === 0 ? 'F' : 'M',
      new Date(Date.UTC(1960 + (n % 50), n % 12, 1 + (n % 28))),
      ['AE', 'GB', 'IN', 'JO', 'EG'][n % 5],
      `P${String(1_000_000 + n)}`,
      `+97150${String(1_000_000 + n)}`,
      `pax${n}@example.com`,
      20 + (n % 50),
      n % 7 === 0 ? 'Vegetarian meal' : null,
    ],
  );

/** 300 MiB of zeros deflated (about 300 kB), as the sheet of a workbook whose directory claims 4 kB. */
async function zipBomb(): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflater.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let n = 0; n < 300; n += 1) {
    if (!deflater.write(zeros)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await ended;
  const archive = zipArchive([
    ['[Content_Types].xml', '<Types/>'],
    ['xl/workbook.xml', '<workbook/>'],
    ['xl/worksheets/sheet1.xml', Buffer.concat(chunks)],
  ]);
  // zipArchive stored the deflated bytes: mark the sheet deflated, claiming 4 kB, in its local and central header
  const central = archive.readUInt32LE(archive.length - 22 + 16);
  const sheetCentral = central + 2 * 46 + '[Content_Types].xml'.length + 'xl/workbook.xml'.length;
  const local = archive.readUInt32LE(sheetCentral + 42);
  for (const [method, size] of [
    [sheetCentral + 10, sheetCentral + 24],
    [local + 8, local + 22],
  ] as const) {
    archive.writeUInt16LE(8, method);
    archive.writeUInt32LE(4096, size);
  }
  return archive;
}

/** The process's resident and peak resident memory (bytes), from /proc. */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
}

/** "service / PostgreSQL" CPU milliseconds of one request. */
const cpuText = (cpu: CpuPerRequest | undefined) =>
  cpu ? `${round(cpu.serverUs / 1000)} / ${cpu.postgresUs === undefined ? '?' : round(cpu.postgresUs / 1000)}` : '?';

interface Timed<T> {
  ms: number;
  answer: T;
}

async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  const answer = await work();
  return { ms: round(performance.now() - started, 1), answer };
}

export const groupSheets: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const settings = await serviceSettings(ctx, 'group_sheets');
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const pid = service.pid;
    if (pid === undefined) throw new Error('the service child has no pid');
    const { tenantCode, host, api, admin } = await provisionBenchTenant(ctx, service, 'gs');
    // CPU of the service and of its PostgreSQL backends: figures the machine's other work does not stretch
    const watch = { pid, applicationName: `travel-commerce:${tenantCode}` };
    const cpuOf = async <T>(work: () => Promise<T>, requests = 1) => {
      const before = await sampleCpu(pg.admin, watch);
      const answer = await work();
      return { answer, cpu: cpuPerRequest(before, await sampleCpu(pg.admin, watch), requests) };
    };
    const port = service.port('service');
    const group = await api.ok<{ groupId: number }>(
      '/groups/group/write',
      { groupName: 'Bench group', arrivalDate: '2027-05-01', departureDate: '2027-05-08' },
      admin.session,
    );
    const sheet = await passengerSheet(ROWS);
    const fileData = sheet.toString('base64');
    ctx.log(`${ROWS}-passenger sheet: ${round(sheet.length / 1024)} kB`);

    const importOnce = async () => {
      const before = await memoryOf(pid);
      // the peak resident size starts again from the current one (Linux: clear_refs 5)
      await writeFile(`/proc/${pid}/clear_refs`, '5');
      const { answer: run, cpu } = await cpuOf(() =>
        timed(() =>
          api.ok<{ inserted: number; updated: number; failed: number }>(
            '/groups/pax/import',
            { groupId: group.groupId, fileData },
            admin.session,
          ),
        ),
      );
      const after = await memoryOf(pid);
      const growthMiB = mib(after.peak - before.rss);
      return { ...run, cpu, rssBeforeBytes: before.rss, peakBytes: after.peak, growthMiB };
    };
    const first = await importOnce();
    const again = await importOnce();
    if (first.answer.inserted !== ROWS || again.answer.updated !== ROWS) {
      throw new Error(`imports answered ${JSON.stringify(first.answer)} then ${JSON.stringify(again.answer)}`);
    }
    ctx.log(
      `import: ${first.ms} ms (inserts), ${again.ms} ms (updates); RSS growth ${first.growthMiB} / ${again.growthMiB} MiB; ` +
        `CPU service / PostgreSQL ${cpuText(first.cpu)} and ${cpuText(again.cpu)} ms`,
    );

    const exportOnce = () =>
      timed(async () => {
        const answer = await httpRequest(
          port,
          {
            method: 'POST',
            path: '/groups/pax/exportExcel',
            host,
            body: JSON.stringify({ groupId: group.groupId }),
            headers: { [SESSION_HEADER]: admin.session },
          },
          30_000,
        );
        if (answer.status !== 200 || !answer.body.startsWith('PK')) {
          throw new Error(`exportExcel answered ${answer.status}: ${answer.body.slice(0, 200)}`);
        }
        return answer.body.length;
      });
    const exports: number[] = [];
    const { cpu: exportCpu } = await cpuOf(async () => {
      for (let attempt = 0; attempt < EXPORT_ROUNDS; attempt += 1) exports.push((await exportOnce()).ms);
    }, EXPORT_ROUNDS);
    ctx.log(
      `export of ${ROWS} passengers: median ${median(exports)} ms, max ${max(exports)} ms; CPU ${cpuText(exportCpu)} ms`,
    );

    /** How long a refused file takes, and the service's peak RSS above its RSS before. */
    const refusal = async (file: Buffer, expected: string) => {
      const before = await memoryOf(pid);
      await writeFile(`/proc/${pid}/clear_refs`, '5');
      const run = await timed(() =>
        api.call('/groups/pax/import', { groupId: group.groupId, fileData: file.toString('base64') }, admin.session),
      );
      if (!run.answer.apiStatus.errorMessage.includes(expected)) {
        throw new Error(`the import answered ${JSON.stringify(run.answer.apiStatus)}, not "${expected}"`);
      }
      return { ms: run.ms, growthMiB: mib((await memoryOf(pid)).peak - before.rss) };
    };
    const bomb = await refusal(await zipBomb(), 'does not inflate to the size it declares');
    const bigSheet = await workbook(['First Name', 'Last Name'], 100_000, (n) => [`First ${n}`, `Last ${n}`]);
    // counted before any parser reads it (issue 29): past the rows a passenger sheet may hold
    const big = await refusal(bigSheet, 'has a sheet of more than 20000 rows');
    const [bombMs, bigMs] = [bomb.ms, big.ms];
    ctx.log(
      `refusals: ZIP bomb ${bombMs} ms (RSS +${bomb.growthMiB} MiB), 100,000 rows (${round(bigSheet.length / 1024)} kB) ` +
        `${bigMs} ms (RSS +${big.growthMiB} MiB)`,
    );

    const checks: Check[] = [
      below(`import of ${ROWS} rows into an empty group`, first.ms, 'ms', IMPORT_LIMIT_MS),
      below(`import of the same ${ROWS} rows again (updates)`, again.ms, 'ms', IMPORT_LIMIT_MS),
      below(
        'peak RSS growth of the service during an import',
        max([first.growthMiB, again.growthMiB]),
        'MiB',
        RSS_GROWTH_LIMIT_MIB,
      ),
      below(`export of ${ROWS} passengers (max of ${EXPORT_ROUNDS})`, max(exports), 'ms', EXPORT_LIMIT_MS),
      info(`export of ${ROWS} passengers (median of ${EXPORT_ROUNDS})`, median(exports), 'ms'),
      below('ZIP bomb (300 MiB claiming 4 kB) refused in', bombMs, 'ms', REFUSAL_LIMIT_MS),
      below('peak RSS growth of the service refusing the ZIP bomb', bomb.growthMiB, 'MiB', BOMB_RSS_LIMIT_MIB),
      info('sheet of 100,000 rows refused in (peak RSS growth MiB)', `${bigMs} (${big.growthMiB})`, 'ms'),
      info('CPU of an import into an empty group: service / PostgreSQL', cpuText(first.cpu), 'ms'),
      info('CPU of an import of the same rows again: service / PostgreSQL', cpuText(again.cpu), 'ms'),
      info('CPU of an export: service / PostgreSQL', cpuText(exportCpu), 'ms'),
    ];
    const problems =
      service.output.errorLines > 0
        ? [`the service logged ${service.output.errorLines} error lines:\n${service.output.tail(10)}`]
        : [];
    return {
      checks,
      problems,
      details: {
        rows: ROWS,
        sheetBytes: sheet.length,
        imports: [first, again].map(({ ms, answer, cpu, rssBeforeBytes, peakBytes, growthMiB }) => ({
          ms,
          // the counts, not the 5,000 passengers it names (megabytes of results file)
          answer: { inserted: answer.inserted, updated: answer.updated, failed: answer.failed },
          cpu,
          rssBeforeMiB: mib(rssBeforeBytes),
          peakMiB: mib(peakBytes),
          growthMiB,
        })),
        exportsMs: exports,
        exportCpu,
        refusals: { zipBomb: bomb, rows100k: big, rows100kBytes: bigSheet.length },
      },
    };
  } finally {
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};
