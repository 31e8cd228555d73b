// Serving the areas the composition root built: their operations registered with the kernel (with the record
// readers and the OpenAPI tags they declare), the routes outside the kernel, then the jobs of the platform and the
// areas started once the app is ready. Closing stops accepting (requests in flight get a grace period), then stops
// the jobs in reverse order, then the platform.
import type { FastifyInstance } from 'fastify';
import type { Area, Job } from './area.js';
import type { ApiTag } from './http/openapi.js';
import { type OperationDeclaration, registerOperations } from './http/operation.js';
import { mergeRecordReaders, type RecordReaders } from './http/records.js';
import type { Platform } from './start.js';

/** In-flight requests get this long to finish at shutdown (contract §1). */
const SHUTDOWN_GRACE_MS = 10_000;

/** What is served besides the areas (the integrations' own pages). */
export interface ExtraRoutes {
  tags: readonly ApiTag[];
  registerRoutes(app: FastifyInstance): Promise<void>;
}

export interface ServedAreas {
  /** Every operation the app serves, as declared (the role-table test and the docs walk it). */
  operations: readonly OperationDeclaration[];
  /** The OpenAPI tags, in the docs' order (the kernel's, then each area's). */
  apiTags: readonly ApiTag[];
  /** Every area's readers of the record kinds it owns. */
  records: RecordReaders;
  /** Every background job of the platform and the areas, in start order. */
  jobs: readonly Job[];
  /** Stops the app, the jobs and the platform; once, however often it is called. */
  close(): Promise<void>;
}

export async function serveAreas(
  platform: Platform,
  areas: readonly Area<unknown>[],
  extra: ExtraRoutes,
): Promise<ServedAreas> {
  const operations = areas.flatMap((area) => area.operations);
  const records = mergeRecordReaders(areas.map((area) => area.records));
  declareTags(platform.app, [...areas.flatMap((area) => area.tags ?? []), ...extra.tags]);
  registerOperations(platform.app, operations, records);
  await extra.registerRoutes(platform.app);
  for (const area of areas) await area.registerRoutes?.(platform.app);
  await platform.app.ready();
  const jobs = [...platform.jobs, ...areas.flatMap((area) => area.jobs ?? [])];
  for (const job of jobs) await job.start();
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await closeApp(platform.app);
      for (const job of [...jobs].reverse()) await job.stop();
      await platform.close();
    })();
    return closing;
  };
  return { operations, apiTags: platform.app.kernel.openApiTags, records, jobs, close };
}

/** The OpenAPI document's tags: the kernel's, then the areas' in their order, each name once. */
function declareTags(app: FastifyInstance, tags: readonly ApiTag[]): void {
  const known = new Set(app.kernel.openApiTags.map((tag) => tag.name));
  for (const tag of tags) {
    if (known.has(tag.name)) continue;
    known.add(tag.name);
    app.kernel.openApiTags.push(tag);
  }
}

/** Stops accepting and lets requests in flight finish, for at most the grace period. */
async function closeApp(app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
  });
  await Promise.race([app.close(), grace]);
  clearTimeout(timer);
}
