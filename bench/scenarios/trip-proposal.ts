// Issue 33: the client proposal PDF of an itinerary of 30 components (POST /tripmaker/itinerary/pdf with an
// employee's session). One service child, one tenant whose admin is past the first-login change, a customer with an
// Arabic name made through the API, and a project of five days whose itinerary holds 30 components (six each of
// flights, hotels, activities, other services and exclusions), all made through the API. Every request
// renders the whole document (nothing is kept between requests): an answer counts when it is a PDF. Checked at one
// connection (an employee waiting for the proposal they asked for); two and four connections for information (PDF
// rendering is CPU work on the node's one event loop: requests at once queue behind each other).
import { rm } from 'node:fs/promises';
import { proposalItinerary } from '../../test/support/trip-proposal.js';
import { type ServerChild, startServerChild } from '../lib/child.js';
import { httpRequest } from '../lib/http.js';
import { type LoadFigures, runLoad } from '../lib/load.js';
import { SECONDS, WARMUP_SECONDS } from '../lib/measure.js';
import { below, type Check, info, requirePostgres, type Scenario, serviceSettings } from '../lib/scenario.js';
import { provisionBenchTenant, SESSION_HEADER } from '../lib/tenant.js';

const COMPONENTS = 30;
const P99_LIMIT_MS = 500;
const CONNECTIONS = [1, 2, 4] as const;
// Far below the smallest proposal of 30 components: an answer shorter than this is not one.
const MIN_PDF_BYTES = 10_000;

export const tripProposal: Scenario = async (ctx) => {
  requirePostgres(ctx);
  const settings = await serviceSettings(ctx, 'trip_proposal');
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const { host, api, admin } = await provisionBenchTenant(ctx, service, 'tp');
    const customer = await api.ok<{ customerId: number }>(
      '/customer/create',
      { custName: 'مريم خليل', email: 'mariam@bench.example', mobilePhone: '+971500000010' },
      admin.session,
    );
    const trip = await proposalItinerary((path, body) => api.ok(path, body, admin.session), {
      customerId: customer.customerId,
      components: COMPONENTS,
      projectName: 'Alpine honeymoon',
    });
    const request = {
      port: service.port('service'),
      host,
      method: 'POST' as const,
      path: '/tripmaker/itinerary/pdf',
      body: JSON.stringify({ itineraryId: trip.itineraryId }),
      headers: { [SESSION_HEADER]: admin.session },
    };
    const first = await httpRequest(request.port, request, 30_000);
    if (first.status !== 200 || !first.body.startsWith('%PDF-')) {
      throw new Error(`the proposal answered ${first.status}: ${first.body.slice(0, 300)}`);
    }
    ctx.log(`proposal of itinerary ${trip.itineraryId}, ${COMPONENTS} components: ${first.body.length} bytes`);
    const runs: Record<number, LoadFigures> = {};
    for (const connections of CONNECTIONS) {
      runs[connections] = await runLoad({
        ...request,
        connections,
        warmupSeconds: WARMUP_SECONDS,
        seconds: SECONDS,
        verifyBody: (body) => body.startsWith('%PDF-') && body.length >= MIN_PDF_BYTES,
      });
      const run = runs[connections];
      ctx.log(
        `${connections} connection(s): ${run?.requestsPerSecond} PDF/s, p50 ${run?.p50Ms} ms, p99 ${run?.p99Ms} ms, ` +
          `${run?.failures} failed`,
      );
    }
    const single = runs[1];
    if (!single) throw new Error('no run at one connection');
    const checks: Check[] = [
      below(`proposal PDF of ${COMPONENTS} components, p99 at 1 connection`, single.p99Ms, 'ms', P99_LIMIT_MS),
      info('the same, p50', single.p50Ms, 'ms'),
      info('the same, PDFs a second', single.requestsPerSecond),
      ...CONNECTIONS.filter((n) => n > 1).flatMap((n) => [
        info(`p99 at ${n} connections`, runs[n]?.p99Ms ?? Number.NaN, 'ms'),
        info(`PDFs a second at ${n} connections`, runs[n]?.requestsPerSecond ?? Number.NaN),
      ]),
    ];
    const problems = CONNECTIONS.flatMap((n) =>
      (runs[n]?.failures ?? 0) > 0 ? [`${runs[n]?.failures} failed requests at ${n} connection(s)`] : [],
    );
    return {
      checks,
      problems,
      details: {
        warmupSeconds: WARMUP_SECONDS,
        seconds: SECONDS,
        components: COMPONENTS,
        pdfBytes: first.body.length,
        runs,
      },
    };
  } finally {
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};
