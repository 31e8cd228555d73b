// The API's documents stay true to the declarations: docs/api.md's operation list is the one `npm run docs:api`
// renders from them, and the served /openapi.json passes `redocly lint` (redocly.yaml) without errors.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_FILE, renderOperations, withOperations } from '../scripts/api-docs.js';
import type { Service } from '../src/service.js';
import { startTestService, TEST_BASE_DOMAIN } from './support/service.js';

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
