// The API's documents stay true to the declarations: docs/api.md's operation list is the one `npm run docs:api`
// renders from them, and the served /openapi.json passes `redocly lint` (redocly.yaml) without errors.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_FILE, renderOperations, withOperations } from '../scripts/api-docs.js';
import type { Service } from '../src/service.js';
import { platformToken, provisionTenant, startTestService, TEST_BASE_DOMAIN } from './support/service.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const REDOCLY = path.join(ROOT, 'node_modules', '.bin', 'redocly');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: { pointer?: string }[];
}

/** Runs the CLI; it exits 1 when there are errors, so the report is read either way. */
function redoclyLint(file: string): Promise<{ totals: { errors: number; warnings: number }; problems: LintProblem[] }> {
  const args = ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  return new Promise((resolve, reject) => {
    execFile(REDOCLY, args, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error(`redocly lint gave no report (${error?.message ?? 'no error'}): ${stderr}`));
      }
    });
  });
}

let service: Service;

beforeAll(async () => {
  service = await startTestService();
});

afterAll(async () => {
  await service?.close();
});

describe('the API documents', () => {
  it('docs/api.md lists the declared operations (run `npm run docs:api` after changing a declaration)', async () => {
    const markdown = await readFile(API_DOCS_FILE, 'utf8');
    expect(withOperations(markdown, renderOperations(service.operations, service.apiTags))).toBe(markdown);
  });

  it('serves an /openapi.json that redocly lint passes without errors', async () => {
    const answer = await service.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { host: TEST_BASE_DOMAIN },
    });
    expect(answer.statusCode).toBe(200);
    const folder = await mkdtemp(path.join(tmpdir(), 'tc-openapi-'));
    try {
      const file = path.join(folder, 'openapi.json');
      await writeFile(file, answer.body);
      const report = await redoclyLint(file);
      const errors = report.problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location?.[0]?.pointer ?? '?'}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('writes tuples the OpenAPI 3.1 way and names the servers of tenant and platform operations', async () => {
    const document = (
      await service.app.inject({ method: 'GET', url: '/openapi.json', headers: { host: TEST_BASE_DOMAIN } })
    ).json();
    expect(document.servers).toEqual([
      expect.objectContaining({
        url: 'http://{tenant}.localhost:8080',
        variables: { tenant: expect.objectContaining({ default: 'demo' }) },
      }),
    ]);
    expect(document.paths['/platform/tenant/list'].get.servers).toEqual([
      expect.objectContaining({ url: 'http://localhost:8080' }),
    ]);
    const lookup = document.paths['/product/productLookup'].post.responses['200'].content['application/json'].schema;
    const pair = lookup.properties.apiData.items;
    expect(pair).toMatchObject({ prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false });
    expect(pair).not.toHaveProperty('additionalItems');
    expect(document.info.description).not.toMatch(/contract/i);
  });
});

/** Every description of the document, with where it is. */
function descriptionsOf(node: unknown, at = ''): Array<[string, string]> {
  if (Array.isArray(node)) return node.flatMap((element, index) => descriptionsOf(element, `${at}/${index}`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(
    ([key, value]): Array<[string, string]> =>
      key === 'description' && typeof value === 'string'
        ? [[at, value]]
        : ['default', 'example', 'examples', 'enum', 'const'].includes(key)
          ? []
          : descriptionsOf(value, `${at}/${key}`),
  );
}

describe('the API reference at /docs (issue 30, item 8)', () => {
  const get = (url: string, host = TEST_BASE_DOMAIN, headers: Record<string, string> = {}) =>
    service.app.inject({ method: 'GET', url, headers: { host, ...headers } });

  it('shows no placeholder of a description as an HTML tag: each is a code span', async () => {
    for (const url of ['/openapi.json', '/docs/json']) {
      const document = (await get(url)).json();
      expect(document.info.description).toContain('served on `<tenantCode>.<base domain>`');
      const bare = descriptionsOf(document)
        .map(([at, text]): [string, string] => [at, text.replace(/`[^`]*`/g, '')])
        .filter(([, prose]) => /<[A-Za-z]/.test(prose));
      expect(bare).toEqual([]);
    }
  });

  it('has a filter box', async () => {
    const initializer = await get('/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toMatch(/"?filter"?\s*:\s*true/);
  });

  it('lets "Try it out" from the docs\' origin reach a tenant\'s host (CORS), and no other origin', async () => {
    const tenantHost = `${(await provisionTenant(service, await platformToken(service))).tenantCode}.localhost:8080`;
    const docsOrigin = 'http://localhost:8080';
    const preflight = await service.app.inject({
      method: 'OPTIONS',
      url: '/auth/config',
      headers: {
        host: tenantHost,
        origin: docsOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-auth-request-access-token',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(docsOrigin);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-auth-request-access-token');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const tried = await get('/auth/config', tenantHost, { origin: docsOrigin });
    expect([tried.statusCode, tried.headers['access-control-allow-origin']]).toEqual([200, docsOrigin]);
    expect(String(tried.headers['access-control-expose-headers'])).toContain('x-correlation-id');
    const elsewhere = await get('/auth/config', tenantHost, { origin: 'http://evil.example' });
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    expect(elsewhere.headers.vary).toBe('Origin');
    const onBase = await get('/system/health', TEST_BASE_DOMAIN, { origin: 'http://evil.example' });
    expect(onBase.headers['access-control-allow-origin']).toBeUndefined();
  });
});
