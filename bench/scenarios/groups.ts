// Issue 16: POST /groups/group/loadExpanded of a 200-passenger group (two hotels of 100 double rooms each, every
// passenger roomed at both, four transport legs), with an employee's session, at 10 connections as a back office;
// beside it a bare primary-key read through the same service stack (GET /bench/customer) for information.
import { rm } from 'node:fs/promises';
import { type ServerChild, startServerChild } from '../lib/child.js';
import {
  benchRounds,
  type LoadTarget,
  loadLine,
  loadProblems,
  loadSettings,
  measureTargets,
  profileTargets,
  profiling,
  ratio,
  summarize,
} from '../lib/measure.js';
import { below, type Check, requirePostgres, type Scenario, serviceSettings } from '../lib/scenario.js';
import { provisionBenchTenant, tenantTargets } from '../lib/tenant.js';

const CONNECTIONS = 10;
const PASSENGERS = 200;
const HOTELS = 2;
const P99_LIMIT_MS = 50;

type Target = 'pk' | 'expanded';
type Call = <T>(path: string, body: object) => Promise<T>;

/** A group of PASSENGERS passengers, every one in a double room at each of HOTELS hotels; four transport legs. */
async function bigGroup(call: Call): Promise<{ groupId: number; assignments: number }> {
  const { groupId } = await call<{ groupId: number }>('/groups/group/write', {
    groupName: 'Bench pilgrimage',
    arrivalDate: '2030-03-01',
    departureDate: '2030-03-10',
    status: 'CONFIRMED',
  });
  const paxList = Array.from({ length: PASSENGERS }, (_, i) => ({
    groupId,
    firstName: `Traveller${i + 1}`,
    lastName: `Family${Math.floor(i / 4) + 1}`,
    gender: i % 2 === 0 ? 'F' : 'M',
    dateOfBirth: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
    nationality: 'AE',
    passportNumber: `P${String(100000 + i)}`,
    passportExpiry: i % 10 === 0 ? '2030-06-01' : '2034-01-01',
    phone: `+9715000${String(i).padStart(5, '0')}`,
  }));
  const passengers = await call<Array<{ paxId: number }>>('/groups/pax/write', { paxList });
  let assignments = 0;
  for (let h = 0; h < HOTELS; h++) {
    const { hotelId } = await call<{ hotelId: number }>('/groups/hotel/write', {
      groupId,
      hotelName: `Bench Hotel ${h + 1}`,
      checkIn: h === 0 ? '2030-03-01' : '2030-03-05',
      checkOut: h === 0 ? '2030-03-05' : '2030-03-10',
      ...(h === 0 ? { confirmationNumber: 'BNCH-1' } : {}),
    });
    for (let r = 0; r < PASSENGERS / 2; r++) {
      const { roomId } = await call<{ roomId: number }>('/groups/room/write', { hotelId, roomType: 'DBL' });
      for (const pax of passengers.slice(r * 2, r * 2 + 2)) {
        await call('/groups/room/assign', { roomId, paxId: pax.paxId });
        assignments++;
      }
    }
  }
  for (const [type, from, to, day] of [
    ['FLIGHT', 'LHR', 'DXB', '01'],
    ['COACH', 'DXB', 'Bench Hotel 1', '01'],
    ['COACH', 'Bench Hotel 2', 'DXB', '10'],
    ['FLIGHT', 'DXB', 'LHR', '10'],
  ] as const) {
    await call('/groups/transport/write', {
      groupId,
      type,
      from,
      to,
      departure: `2030-03-${day}T09:00`,
      arrival: `2030-03-${day}T13:00`,
      ...(type === 'FLIGHT' && day === '01' ? { flightNumber: 'EK1' } : {}),
    });
  }
  return { groupId, assignments };
}

export const groups: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const settings = await serviceSettings(ctx, 'groups');
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const { tenantCode, api, admin } = await provisionBenchTenant(ctx, service, 'gr');
    const call: Call = (path, body) => api.ok(path, body, admin.session);
    const customer = await call<{ customerId: number }>('/customer/create', {
      custName: 'Bench Partner',
      email: 'partner@bench.example',
      mobilePhone: '+971500000010',
    });
    const group = await bigGroup(call);
    ctx.log(`group ${group.groupId}: ${PASSENGERS} passengers, ${group.assignments} room assignments`);

    const child = service;
    const target = tenantTargets(pg.admin, child, tenantCode, CONNECTIONS);
    const targets: Record<Target, LoadTarget> = {
      pk: target.benchRead(
        '(pk) GET /bench/customer: one customer by primary key through the kernel (anyone)',
        `/bench/customer?customerId=${customer.customerId}`,
      ),
      expanded: target.operation(
        `POST /groups/group/loadExpanded of ${PASSENGERS} passengers (employee session)`,
        '/groups/group/loadExpanded',
        { groupId: group.groupId },
        admin.session,
      ),
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const profiles = profiling() ? await profileTargets('groups', ctx.runId, targets, ctx.log) : undefined;
    const figures = { pk: summarize(runs.pk), expanded: summarize(runs.expanded) };
    const expandedRatio = ratio(runs.expanded, runs.pk);
    const checks: Check[] = [
      loadLine(targets.pk.label, figures.pk),
      loadLine(targets.expanded.label, figures.expanded),
      below(`loadExpanded p99 at ${CONNECTIONS} connections`, figures.expanded.p99Ms, 'ms', P99_LIMIT_MS),
    ];
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        connections: CONNECTIONS,
        group: { passengers: PASSENGERS, hotels: HOTELS, assignments: group.assignments },
        medians: figures,
        ratios: { loadExpanded: expandedRatio },
        runs,
        ...(profiles ? { profiles } : {}),
      },
    };
  } finally {
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};
