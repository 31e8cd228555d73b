// The benchmark suite: `npm run bench` runs every scenario, `npm run bench -- noop tenants500` some.
// PostgreSQL: DATABASE_URL when set, else an embedded throw-away cluster started once for the run (the
// cold start runs its own, as `npm start` does). Prints a table and writes bench/results/<issue>.json
// (foundation.json, users.json, catalog.json, cart.json: the issue each scenario belongs to).
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { killRunningChildren } from './lib/child.js';
import { type BenchPostgres, startBenchPostgres } from './lib/postgres.js';
import { describeEnvironment, type FailedScenario, printTable, resultsFile, writeResults } from './lib/report.js';
import type { BenchContext, Scenario, ScenarioResult } from './lib/scenario.js';
import { round } from './lib/stats.js';
import { cart } from './scenarios/cart.js';
import { catalog } from './scenarios/catalog.js';
import { coldStart } from './scenarios/cold-start.js';
import { bookings } from './scenarios/bookings.js';
import { cruise } from './scenarios/cruise.js';
import { customers } from './scenarios/customers.js';
import { flights } from './scenarios/flights.js';
import { groups } from './scenarios/groups.js';
import { groupSheets } from './scenarios/group-sheets.js';
import { hotels } from './scenarios/hotels.js';
import { hotelImport } from './scenarios/hotel-import.js';
import { identity } from './scenarios/identity.js';
import { idleNode } from './scenarios/idle-node.js';
import { loginFlood } from './scenarios/login-flood.js';
import { noop } from './scenarios/noop.js';
import { provisioning } from './scenarios/provisioning.js';
import { quotes } from './scenarios/quotes.js';
import { signIn } from './scenarios/sign-in.js';
import { tenants500 } from './scenarios/tenants500.js';
import { tenantsScale } from './scenarios/tenants-scale.js';
import { tripPlanning } from './scenarios/trip-planning.js';
import { users } from './scenarios/users.js';
import { ticketSupplier } from './scenarios/ticket-supplier.js';
import { tripProposal } from './scenarios/trip-proposal.js';
import { visas } from './scenarios/visas.js';

const SCENARIOS: Record<string, Scenario> = {
  'cold-start': coldStart,
  provisioning,
  noop,
  tenants500,
  'tenants-scale': tenantsScale,
  'idle-node': idleNode,
  users,
  catalog,
  cart,
  'login-flood': loginFlood,
  identity,
  'sign-in': signIn,
  customers,
  quotes,
  bookings,
  flights,
  visas,
  groups,
  'group-sheets': groupSheets,
  hotels,
  'hotel-import': hotelImport,
  'ticket-supplier': ticketSupplier,
  cruise,
  'trip-planning': tripPlanning,
  'trip-proposal': tripProposal,
};
/** The issue a scenario measures: its figures go to bench/results/<issue>.json. */
const ISSUES: Record<string, string> = {
  'cold-start': 'foundation',
  provisioning: 'foundation',
  noop: 'foundation',
  tenants500: 'foundation',
  'tenants-scale': 'hardening',
  'idle-node': 'shared-mechanisms',
  users: 'users',
  catalog: 'catalog',
  cart: 'cart',
  'login-flood': 'security',
  identity: 'identity',
  'sign-in': 'identity',
  customers: 'customers',
  quotes: 'quotes',
  bookings: 'bookings',
  flights: 'flights',
  visas: 'visas',
  groups: 'groups',
  'group-sheets': 'group-sheets',
  hotels: 'hotels',
  'hotel-import': 'hotels',
  'ticket-supplier': 'ticket-supplier',
  cruise: 'cruise',
  'trip-planning': 'trip-planning',
  'trip-proposal': 'trip-planning',
};
const ALIASES: Record<string, string> = {
  cold: 'cold-start',
  tenants: 'tenants500',
  scale: 'tenants-scale',
  provision: 'provisioning',
};

function selected(args: string[]): string[] {
  const names = args.filter((arg) => arg !== '--' && arg !== 'all').map((arg) => ALIASES[arg] ?? arg);
  const unknown = names.filter((name) => !(name in SCENARIOS));
  if (unknown.length > 0) {
    console.error(`Unknown scenario ${unknown.join(', ')}; choose from: ${Object.keys(SCENARIOS).join(', ')}`);
    process.exit(2);
  }
  return names.length > 0 ? Object.keys(SCENARIOS).filter((name) => names.includes(name)) : Object.keys(SCENARIOS);
}

async function main(): Promise<number> {
  const names = selected(process.argv.slice(2));
  const runId = randomBytes(3).toString('hex');
  const needsServer = names.some((name) => name !== 'cold-start');
  console.log(`Benchmarks: ${names.join(', ')} (run ${runId})`);
  const pg: BenchPostgres | undefined = needsServer ? await startBenchPostgres() : undefined;
  if (pg) console.log(`PostgreSQL ${pg.version} (${pg.kind})`);
  const results: Array<ScenarioResult | FailedScenario> = [];
  try {
    for (const name of names) {
      const scenario = SCENARIOS[name];
      if (!scenario) continue;
      const loadAverageAtStart = round(loadavg()[0] ?? 0, 2);
      console.log(`\n▶ ${name} (load average ${loadAverageAtStart})`);
      const ctx: BenchContext = { runId, pg, log: (line) => console.log(`  ${line}`) };
      const started = performance.now();
      const measuredAt = new Date().toISOString();
      try {
        const outcome = await scenario(ctx);
        const durationS = round((performance.now() - started) / 1000, 1);
        results.push({ scenario: name, measuredAt, durationS, loadAverageAtStart, ...outcome });
      } catch (error) {
        results.push({ scenario: name, measuredAt, error: error instanceof Error ? error.message : String(error) });
      }
      console.log(`  (${round((performance.now() - started) / 1000, 1)} s)`);
    }
  } finally {
    await pg?.stop(runId).catch((error: unknown) => console.error('stopping PostgreSQL failed:', error));
  }
  const environment = describeEnvironment(pg?.version ?? 'embedded (cold start only)', pg?.kind ?? 'embedded');
  const files = new Map<string, Array<ScenarioResult | FailedScenario>>();
  for (const result of results) {
    const file = resultsFile(ISSUES[result.scenario] ?? 'foundation');
    files.set(file, [...(files.get(file) ?? []), result]);
  }
  for (const [file, written] of files) await writeResults(file, environment, written);
  printTable(results);
  console.log(`\nWritten to ${[...files.keys()].join(', ')}`);
  const failed = results.some((result) => 'error' in result || result.checks.some((check) => check.pass === false));
  return failed ? 1 : 0;
}

process.once('SIGINT', () => {
  killRunningChildren();
  process.exit(130);
});
process.once('exit', killRunningChildren);

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    killRunningChildren();
    process.exit(1);
  },
);
