// Every operation the service registers, checked against the role table of the contract (§3, §6): who may call
// it, and that it has a response schema and appears in /openapi.json. The operations are the real ones, walked
// from the service's declarations, so an operation declared with the wrong roles fails here. A new area adds its
// rows to ROLE_TABLE; an operation no row covers fails too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Allowed, ROLES } from '../src/platform/auth/roles.js';
import type { AccessPolicy, OperationDeclaration } from '../src/platform/http/operation.js';
import type { Service } from '../src/service.js';
import { tenant } from './support/factories.js';
import { startTestService, TEST_BASE_DOMAIN } from './support/service.js';

type Expected =
  | { kind: 'tenant'; allow: 'anyone' | readonly string[] }
  | { kind: 'platform'; access: 'platform' | 'public' };

const ANYONE = { kind: 'tenant', allow: 'anyone' } as const;
const ANY_SESSION = { kind: 'tenant', allow: ['guest', 'customer', 'agent', 'employee', 'admin'] } as const;
const LOGGED_IN = { kind: 'tenant', allow: ['customer', 'agent', 'employee', 'admin'] } as const;
const EMPLOYEES = { kind: 'tenant', allow: ['agent', 'employee', 'admin'] } as const;
const AGENT_OR_ADMIN = { kind: 'tenant', allow: ['agent', 'admin'] } as const;
const ADMIN = { kind: 'tenant', allow: ['admin'] } as const;
const PLATFORM = { kind: 'platform', access: 'platform' } as const;
const PUBLIC = { kind: 'platform', access: 'public' } as const;

const CATALOG_WRITES =
  /^\/product\/(save(Category|Product|Attribute|Variant)|delete(Category|Product|Attribute|Variant)|setInventory|getInventory)$/;

/** The contract's table, first matching row wins. */
const ROLE_TABLE: ReadonlyArray<[RegExp, Expected]> = [
  [/^\/platform\//, PLATFORM],
  [/^\/system\/(health|ready)$/, PUBLIC],
  [/^\/auth\/config$/, PUBLIC],
  [/^\/auth\/guest$/, ANYONE],
  [CATALOG_WRITES, EMPLOYEES],
  [/^\/product\//, ANYONE],
  [/^\/common\//, ANYONE],
  [/^\/user\/(authenticate|register|activate|check|resetpwdRequest|resetpwd)$/, ANYONE],
  [/^\/customer\/(createTripRequest|companyLookup)$/, ANYONE],
  // Added for staff to work the trip requests (docs/api.md): like the rest of /customer/*, employees only.
  [/^\/customer\/(listTripRequests|readTripRequest|updateTripRequestStatus)$/, EMPLOYEES],
  [/^\/user\/(update|updatepwd)$/, LOGGED_IN],
  [/^\/user\/logout$/, ANY_SESSION],
  [/^\/user\/(list|setRoles|create)$/, ADMIN],
  [/^\/settings\/read$/, EMPLOYEES],
  [/^\/settings\/write$/, ADMIN],
  [/^\/messaging\/list$/, EMPLOYEES],
  [/^\/cart\//, ANY_SESSION],
  [/^\/flight\//, ANY_SESSION],
  // GET /booking/voucher/{id}: the id is the path's
  [/^\/booking\/voucher\/:id$/, ANY_SESSION],
  // the public key that verifies ticket QR codes (contract §7.3: no session), and the tickets page and PDF, whose
  // key is the request's id and access code (like the payment redirects' ref)
  [/^\/booking\/(ticketKey|tickets\/:id|tickets\/:id\/voucher\.pdf)$/, ANYONE],
  // check-in of scanned tickets: staff at the gate
  [/^\/booking\/checkin$/, EMPLOYEES],
  [/^\/booking\/(create|confirm|read|verifyAccess|getTickets|voucher)$/, ANY_SESSION],
  [/^\/booking\/readall$/, LOGGED_IN],
  // the specification marks its session R and answers NOT_IMPLEMENTED: any session, like the other booking calls
  [/^\/booking\/cancel$/, ANY_SESSION],
  [/^\/document\/getMyQuotes$/, LOGGED_IN],
  [/^\/document\/print(Invoice|Quote)$/, ANY_SESSION],
  // the sent quote's page and its PDF: its token is the key (docs/decisions.md, quotes); an invoice's payment page:
  // the invoice's number and pay key are the key (docs/decisions.md, issue 30)
  [/^\/document\/(quoteResponse|quotePdf|invoicePayment)$/, ANYONE],
  [/^\/payment\//, ANYONE],
  [/^\/(blm|offline|cruise\/booking)\//, AGENT_OR_ADMIN],
  // the supplier's countries of the hotel static data: anyone (contract §3)
  [/^\/hotel\/searchCountries$/, ANYONE],
  // open to guest sessions and above (contract §7.5); its cost view (context config) is refused to non-employees
  [/^\/hotel\/searchAccommodation$/, ANY_SESSION],
  [/^\/(customer|document|groups|visa|hotel|tripoffer|cruise|tripmaker|marketing|ticketsupplier\/city)\//, EMPLOYEES],
  // the ticket supplier's catalog reads (the city switches are employees', above)
  [/^\/ticketsupplier\//, ANYONE],
];

/**
 * Where the specification marks `session` R area-wide (contract §3: a call without any session answers
 * MISSING_PARAMETER, elsewhere NOT_LOGGED_IN), first matching row wins: part 2's hotel section says "Employees-only
 * operations need session R", part 1 names it on every cart, flight and blm operation.
 */
const SESSION_REQUIRED: ReadonlyArray<[RegExp, boolean]> = [
  // anyone, and `session` O
  [/^\/hotel\/(searchCountries|searchAccommodation)$/, false],
  [/^\/(hotel|cart|flight|blm)\//, true],
];

function expectedFor(path: string): Expected | undefined {
  return ROLE_TABLE.find(([pattern]) => pattern.test(path))?.[1];
}

function actual(policy: AccessPolicy): Expected {
  if (policy.kind === 'platform') return { kind: 'platform', access: policy.access };
  const allow: Allowed = policy.allow;
  return { kind: 'tenant', allow: allow === 'anyone' ? 'anyone' : ROLES.filter((role) => allow.includes(role)) };
}

/** '/booking/voucher/:id' → '/booking/voucher/{id}', as the document names a path with parameters. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const label = (declared: OperationDeclaration) => `${declared.methods.join(',')} ${declared.path}`;

let service: Service;

beforeAll(async () => {
  service = await startTestService();
});

afterAll(async () => {
  await service?.close();
});

describe('the role table of the contract', () => {
  it('covers every registered operation, and each declares the roles its row gives', () => {
    expect(service.operations.length).toBeGreaterThan(60);
    const wrong = service.operations.flatMap((declared) => {
      const expected = expectedFor(declared.path);
      if (!expected) return [`${label(declared)}: no row of the role table`];
      const got = actual(declared.policy);
      return JSON.stringify(got) === JSON.stringify(expected)
        ? []
        : [`${label(declared)}: ${JSON.stringify(got)}, the table says ${JSON.stringify(expected)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('serves only the password change, logout and /auth/* to a session that must change its password', () => {
    const served = service.operations
      .filter((declared) => declared.policy.kind === 'tenant' && declared.policy.duringPasswordChange)
      .map((declared) => declared.path);
    expect(served.filter((path) => !/^\/(user\/(updatepwd|logout)|auth\/)/.test(path))).toEqual([]);
  });

  it('gives every operation a response schema, and /openapi.json lists every path and method', async () => {
    const answer = await service.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { host: TEST_BASE_DOMAIN },
    });
    const document = answer.json<{ paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> }>();
    const missing = service.operations.flatMap((declared) =>
      declared.methods
        .filter((method) => !document.paths[openApiPath(declared.path)]?.[method.toLowerCase()]?.responses?.['200'])
        .map((method) => `${method} ${declared.path}`),
    );
    expect(missing).toEqual([]);
    for (const declared of service.operations) expect(declared.response, label(declared)).toBeDefined();
  });

  it('names the session R wherever the specification does, area by area', () => {
    const wrong = service.operations.flatMap((declared) => {
      const row = SESSION_REQUIRED.find(([pattern]) => pattern.test(declared.path));
      if (!row || declared.policy.kind !== 'tenant') return [];
      const required = declared.policy.sessionParameter === 'required';
      return required === row[1] ? [] : [`${label(declared)}: session ${required ? 'R' : 'not R'}`];
    });
    expect(wrong).toEqual([]);
  });

  it('answers MISSING_PARAMETER naming session to a call without any, where the session is R', async () => {
    const t = await tenant(service);
    const required = service.operations.filter(
      (declared) => declared.policy.kind === 'tenant' && declared.policy.sessionParameter === 'required',
    );
    expect(required.filter((declared) => declared.path.startsWith('/hotel/')).length).toBeGreaterThan(20);
    const answers = new Set<string>();
    for (const declared of required) {
      for (const method of declared.methods) {
        const answer = await t.api.inject({
          method,
          url: declared.path,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        const { errorCode, errorMessage } = answer.json<{ apiStatus: { errorCode: string; errorMessage: string } }>()
          .apiStatus;
        answers.add(`${errorCode} ${errorMessage}`);
        expect(`${method} ${declared.path}: ${errorCode}`).toBe(`${method} ${declared.path}: MISSING_PARAMETER`);
      }
    }
    expect([...answers]).toEqual(['MISSING_PARAMETER Missing parameter: session']);
  });

  it('declares each path and method once', () => {
    const seen = service.operations.flatMap((declared) =>
      declared.methods.map((method) => `${method} ${declared.path}`),
    );
    expect(seen.length).toBe(new Set(seen).size);
  });
});
