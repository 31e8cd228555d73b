import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillTemplate, renderTenantPage } from './html.js';

describe('fillTemplate', () => {
  it('escapes every value, whichever braces the template uses', () => {
    const values = { name: `<b>"O'Neil" & co</b>`, count: 3 };
    expect(fillTemplate('<p>{{name}} {{ count }} {{missing}}</p>', values)).toBe(
      '<p>&lt;b&gt;&quot;O&#39;Neil&quot; &amp; co&lt;/b&gt; 3 </p>',
    );
    expect(fillTemplate('<p>{{{name}}}</p>', values)).toBe('<p>&lt;b&gt;&quot;O&#39;Neil&quot; &amp; co&lt;/b&gt;</p>');
  });

  it('writes markup passed apart as it is', () => {
    expect(fillTemplate('<ul>{{{list}}}</ul>', { list: '<li>x</li>' }, { list: '<li>a</li>' })).toBe(
      '<ul><li>a</li></ul>',
    );
  });

  it('offers the built-in blocks over escaped lists and flags', () => {
    const template = '{{#if paid}}Paid{{else}}Due{{/if}}:{{#each lines}} [{{label}} {{amount}}]{{/each}}';
    expect(
      fillTemplate(template, {
        paid: false,
        lines: [
          { label: 'A<', amount: '1.00' },
          { label: 'B', amount: 2 },
        ],
      }),
    ).toBe('Due: [A&lt; 1.00] [B 2]');
  });

  it('reads empty texts, zero and absent values as false in {{#if}}', () => {
    const template = '{{#if a}}a{{/if}}{{#if b}}b{{/if}}{{#if c}}c{{/if}}{{#if d}}d{{/if}}{{#if e}}e{{/if}}';
    expect(fillTemplate(template, { a: '', b: 0, c: null, d: 'x', e: 1 })).toBe('de');
  });

  it('gives a template no helpers of its own and no prototype properties', () => {
    expect(() => fillTemplate('{{lookup this "x"}}{{log "x"}}{{custom x}}', {})).toThrow();
    expect(fillTemplate('[{{constructor}}][{{__proto__}}][{{name.constructor}}]', { name: 'x' })).toBe('[][][]');
  });

  it('refuses a template that does not compile', () => {
    expect(() => fillTemplate('{{#if}}', {})).toThrow();
  });
});

describe('renderTenantPage', () => {
  let dataDir: string;
  let shippedDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tc-html-'));
    shippedDir = path.join(dataDir, 'shipped');
    await mkdir(shippedDir);
    await writeFile(path.join(shippedDir, 'hello.html'), '<h1>Hello {{name}}</h1>');
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("takes the tenant's template, passes over one that does not compile, then the shipped one", async () => {
    const place = { dataDir, tenantCode: 'acme', shippedDir };
    const broken: string[] = [];
    const page = (name: string) =>
      renderTenantPage(place, {
        name,
        fallback: '<p>{{name}}</p>',
        values: { name: 'Ann' },
        onBroken: (file) => broken.push(path.basename(file)),
      });
    expect(await page('hello')).toBe('<h1>Hello Ann</h1>');
    await mkdir(path.join(dataDir, 'templates', 'acme'), { recursive: true });
    await writeFile(path.join(dataDir, 'templates', 'acme', 'hello.html'), '<h1>Marhaba {{name}}</h1>');
    expect(await page('hello')).toBe('<h1>Marhaba Ann</h1>');
    await writeFile(path.join(dataDir, 'templates', 'acme', 'hello.html'), '<h1>{{#each}}</h1>');
    expect(await page('hello')).toBe('<h1>Hello Ann</h1>');
    expect(broken).toEqual(['hello.html']);
    expect(await page('absent')).toBe('<p>Ann</p>');
  });
});
