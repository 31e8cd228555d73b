// Every session carrier goes through the kernel (issue 11, finding 6): printInvoice once resolved a query `token`
// itself, so a session that must change its password was served. Here, every registered tenant operation is called
// with such a session, by each carrier in turn (and by the query carrier it declares of its own, GET printInvoice's
// and printQuote's `token`, issue 28), and must refuse it, except the operations declared duringPasswordChange,
// which must be exactly the contract's §3 set. A source check keeps src/areas from reading
// or resolving a token on its own, so areas still to come inherit the kernel's checks.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationDeclaration } from '../src/platform/http/operation.js';
import { type TestTenant, tenant } from './support/factories.js';
import { startTestService } from './support/service.js';

let t: TestTenant;
/** A session of an admin created with a temporary password, who has not changed it yet. */
let pending: string;

beforeAll(async () => {
  t = await tenant(await startTestService());
  const login = `pending${Date.now()}`;
  const created = await t.adminApi.ok<{ temporaryPassword: string }>('/user/create', {
    userLogin: login,
    userEmail: `${login}@agency.example`,
    userName: 'Pending Admin',
    roles: ['admin'],
  });
  const first = await t.api.ok<{ session: string; requiredActions: string[] }>('/user/authenticate', {
    username: login,
    password: created.temporaryPassword,
  });
  expect(first.requiredActions).toEqual(['UPDATE_PASSWORD']);
  pending = first.session;
});

afterAll(() => t.service.close());

type Carrier = 'X-Auth-Request-Access-Token' | 'Authorization' | 'body session' | 'query session' | 'pk' | 'token';

const tenantOperations = () => t.service.operations.filter((declared) => declared.policy.kind === 'tenant');
const servedDuringPasswordChange = (declared: OperationDeclaration) =>
  declared.policy.kind === 'tenant' && declared.policy.duringPasswordChange;
const takesWebsiteKey = (declared: OperationDeclaration) =>
  Boolean(declared.input?.properties.pk ?? declared.query?.properties.pk);
/** The query carrier an operation declares of its own (GET printInvoice's `token`), if any. */
const ownQueryCarrier = (declared: OperationDeclaration): Carrier[] =>
  declared.policy.kind === 'tenant' && declared.policy.sessionQueryParameter === 'token' ? ['token'] : [];

/** The operation called with `token` in `carrier` and no other parameter: the envelope's errorCode. */
async function errorCodeOf(method: string, route: string, carrier: Carrier, token: string): Promise<string> {
  const headers: Record<string, string> = {};
  let url = route;
  let body: Record<string, string> | undefined = method === 'POST' ? {} : undefined;
  if (carrier === 'X-Auth-Request-Access-Token') headers['x-auth-request-access-token'] = token;
  else if (carrier === 'Authorization') headers.authorization = `Bearer ${token}`;
  else if (carrier === 'body session' && body) body = { session: token };
  else url = `${route}?${carrier === 'pk' || carrier === 'token' ? carrier : 'session'}=${encodeURIComponent(token)}`;
  const answer = await t.api.inject({
    method: method === 'POST' ? 'POST' : 'GET',
    url,
    headers,
    ...(body ? { payload: body } : {}),
  });
  try {
    return answer.json<{ apiStatus: { errorCode: string } }>().apiStatus.errorCode;
  } catch {
    return `HTTP ${answer.statusCode} ${answer.headers['content-type']}`;
  }
}

describe('a session whose user must change the password', () => {
  it('is served only by /user/updatepwd, /user/logout and /auth/* (contract §3), as declared', () => {
    const served = tenantOperations()
      .filter(servedDuringPasswordChange)
      .flatMap((declared) => declared.methods.map((method) => `${method} ${declared.path}`));
    const allowed = tenantOperations()
      .filter((declared) => /^\/(user\/(updatepwd|logout)$|auth\/)/.test(declared.path))
      .flatMap((declared) => declared.methods.map((method) => `${method} ${declared.path}`));
    expect(served.sort()).toEqual(allowed.sort());
    expect(served).toEqual(expect.arrayContaining(['POST /user/updatepwd', 'POST /user/logout', 'POST /auth/guest']));
  });

  it('is refused by every other registered operation, whichever carrier brings it', async () => {
    const carriers: Carrier[] = ['X-Auth-Request-Access-Token', 'Authorization', 'body session', 'query session'];
    const walked = tenantOperations().filter((declared) => !servedDuringPasswordChange(declared));
    expect(walked.length).toBeGreaterThan(50);
    const served: string[] = [];
    let turn = 0;
    for (const declared of walked) {
      for (const method of declared.methods) {
        const carrier = carriers[turn++ % carriers.length] ?? 'query session';
        const all: Carrier[] = [
          carrier,
          ...(takesWebsiteKey(declared) ? ['pk' as const] : []),
          ...ownQueryCarrier(declared),
        ];
        for (const used of all) {
          const code = await errorCodeOf(method, declared.path, used, pending);
          // A page a browser opens refuses with a page of its own (issue 30): 403.
          const refused = declared.htmlPage
            ? code.startsWith('HTTP 403 text/html')
            : code === 'PASSWORD_CHANGE_REQUIRED';
          if (!refused) served.push(`${method} ${declared.path} (${used}): ${code}`);
        }
      }
    }
    expect(served).toEqual([]);
  });

  it('gets no invoice and no quote through their query `token`: the kernel reads it with every check', async () => {
    for (const route of ['/document/printInvoice', '/document/printQuote']) {
      expect(await errorCodeOf('GET', route, 'token', pending), route).toBe('PASSWORD_CHANGE_REQUIRED');
    }
  });

  it('is served by the declared ones: a guest session, the password change, then logout', async () => {
    const guest = await t.api.call<{ roles: string[] }>(
      '/auth/guest',
      {},
      {
        headers: { 'x-auth-request-access-token': pending },
      },
    );
    expect(guest.apiData?.roles).toEqual(['guest']);
    expect(await errorCodeOf('POST', '/user/updatepwd', 'body session', pending)).toBe('MISSING_PARAMETER');
    expect(await errorCodeOf('POST', '/user/logout', 'Authorization', pending)).toBe('OK');
    expect(await errorCodeOf('POST', '/user/updatepwd', 'body session', pending)).toBe('NOT_LOGGED_IN');
  });
});

describe("GET printInvoice's and printQuote's query `token` (spec part 1)", () => {
  const codeOf = async (url: string, headers: Record<string, string> = {}) => {
    const answer = await t.api.inject({ method: 'GET', url, headers });
    return answer.json<{ apiStatus: { errorCode: string; errorMessage: string } }>().apiStatus;
  };

  it('is declared by those two GET operations only', () => {
    const declaring = tenantOperations()
      .filter((declared) => ownQueryCarrier(declared).length > 0)
      .flatMap((declared) => declared.methods.map((method) => `${method} ${declared.path}`));
    expect(declaring.sort()).toEqual(['GET /document/printInvoice', 'GET /document/printQuote']);
  });

  it('carries a session: an unknown document is then NOTFOUND, not NOT_LOGGED_IN', async () => {
    for (const route of ['/document/printInvoice', '/document/printQuote']) {
      expect((await codeOf(`${route}?docnum=NO-SUCH-1`)).errorCode, route).toBe('NOT_LOGGED_IN');
      expect((await codeOf(`${route}?docnum=NO-SUCH-1&token=${t.admin}`)).errorCode, route).toBe('NOTFOUND');
    }
  });

  it('meets every check of the other carriers: unknown, ended, unstorable, and the headers win', async () => {
    const ended = await t.api.ok<{ session: string }>('/auth/guest', {});
    expect(await errorCodeOf('POST', '/user/logout', 'body session', ended.session)).toBe('OK');
    for (const route of ['/document/printInvoice', '/document/printQuote']) {
      expect((await codeOf(`${route}?docnum=X-1&token=not-a-session`)).errorCode, route).toBe('NOT_LOGGED_IN');
      expect((await codeOf(`${route}?docnum=X-1&token=${ended.session}`)).errorCode, route).toBe('NOT_LOGGED_IN');
      expect(await codeOf(`${route}?docnum=X-1&token=a%00b`), route).toEqual({
        errorCode: 'INVALID_FORMAT',
        errorMessage: 'Parameter token holds a NUL character or an unpaired surrogate',
      });
      // contract §3's order: a header carrier comes before the query's
      const both = await codeOf(`${route}?docnum=X-1&token=${t.admin}`, { authorization: 'Bearer not-a-session' });
      expect(both.errorCode, route).toBe('NOT_LOGGED_IN');
    }
  });

  it('is no carrier where it is not declared: the POST forms and other operations', async () => {
    const post = await t.api.inject({
      method: 'POST',
      url: `/document/printInvoice?token=${t.admin}`,
      payload: { docnum: 'X-1' },
    });
    expect(post.json<{ apiStatus: { errorCode: string } }>().apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    expect((await codeOf(`/document/download?fileName=x.pdf&token=${t.admin}`)).errorCode).toBe('NOT_LOGGED_IN');
  });
});

describe('the website key pk', () => {
  it('is read by the kernel where an operation declares it, after the other carriers', async () => {
    const pk = t.provisioned.systemSession;
    const person = (name: string) => ({
      userLogin: name,
      password: 'a long password 1',
      userEmail: `${name}@x.example`,
    });
    const viaPk = await t.api.call<{ signupToken?: string }>(`/user/register?pk=${pk}`, person(`pk${Date.now()}`));
    expect(viaPk.apiData?.signupToken).toEqual(expect.any(String));
    const anonymous = await t.api.call<{ signupToken?: string }>('/user/register', person(`anon${Date.now()}`));
    expect(anonymous.apiStatus.errorCode).toBe('OK');
    expect(anonymous.apiData?.signupToken).toBeUndefined();
    // Where an operation does not name it, pk is no carrier: an employees-only operation stays closed.
    expect(await errorCodeOf('POST', '/product/saveCategory', 'pk', pk)).toBe('NOT_LOGGED_IN');
    // A key no database can hold is refused before it is looked up, naming the parameter that carried it.
    const unstorable = await t.api.call('/user/register?pk=a%00b', person(`nul${Date.now()}`));
    expect(unstorable.apiStatus.errorCode).toBe('INVALID_FORMAT');
    expect(unstorable.apiStatus.errorMessage).toContain('pk');
  });

  it('is not what a browser needs: POST /auth/guest with no body gives it a session (README)', async () => {
    const answer = await t.api.inject({ method: 'POST', url: '/auth/guest' });
    expect(answer.json<{ apiData: { roles: string[] } }>().apiData.roles).toEqual(['guest']);
  });
});

/** Source files of the areas (tests aside). */
async function areaSources(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return areaSources(full);
      return Promise.resolve(entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []);
    }),
  );
  return nested.flat();
}

/** What only the kernel may do with a token: resolve it, or read it from a request or a parameter. */
const KERNEL_ONLY: ReadonlyArray<[string, RegExp]> = [
  ['calls the session resolver', /\bsessions\??\.resolve\b|\bresolveSession\b/],
  ['reads the session carriers', /\b(sessionToken|carriedSession|callerToken|namedSession)\s*\(/],
  ['reads a header carrier', /['"`]x-auth-request-access-token['"`]|\bheaders\s*(\.\s*authorization|\[)/i],
  ['reads a token parameter', /\b(input|query|body|params)\??\.(session|pk|oldSession)\b/],
];

describe('src/areas', () => {
  it('patterns catch the ways handlers once read tokens', () => {
    const former = [
      "(pk !== undefined && (await deps.sessions.resolve(ctx, pk))?.kind === 'system')",
      'handler: (ctx, input, query) => users.register(ctx, input, query.pk)',
      'const token = sessionToken(request);',
      "request.headers['x-auth-request-access-token']",
    ];
    for (const line of former)
      expect(
        KERNEL_ONLY.some(([, pattern]) => pattern.test(line)),
        line,
      ).toBe(true);
  });

  it('never resolves or reads a session token: the kernel does', async () => {
    const files = await areaSources('src/areas');
    expect(files.length).toBeGreaterThan(30);
    const found: string[] = [];
    for (const file of files) {
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        for (const [what, pattern] of KERNEL_ONLY) if (pattern.test(line)) found.push(`${file}:${index + 1} ${what}`);
      });
    }
    expect(found).toEqual([]);
  });
});
