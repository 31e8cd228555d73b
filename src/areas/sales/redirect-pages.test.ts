import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillTemplate as fill } from '../../platform/rendering/html.js';
import { renderPage } from './redirect-pages.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tc-pages-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('redirect pages', () => {
  it('escapes every placeholder', () => {
    expect(
      fill('<p>{{customerName}} {{ cartReference }} {{missing}}</p>', {
        customerName: '<b>"Ann"</b>',
        cartReference: 'A&B',
      }),
    ).toBe('<p>&lt;b&gt;&quot;Ann&quot;&lt;/b&gt; A&amp;B </p>');
  });

  it('uses the shipped template, a tenant override re-read on every request, and a fallback', async () => {
    const shipped = await renderPage(dataDir, 'acme', 'offline-success', {
      customerName: 'Ann',
      cartReference: 'R1',
      ticketCount: 2,
      customerEmail: 'a@x',
    });
    expect(shipped).toContain('Thank you, Ann!');
    await mkdir(path.join(dataDir, 'templates', 'acme'), { recursive: true });
    const override = path.join(dataDir, 'templates', 'acme', 'offline-success.html');
    await writeFile(override, '<h1>Shukran {{customerName}}</h1>');
    expect(await renderPage(dataDir, 'acme', 'offline-success', { customerName: 'Ann' })).toBe('<h1>Shukran Ann</h1>');
    await writeFile(override, '<h1>Merci {{customerName}}</h1>');
    expect(await renderPage(dataDir, 'acme', 'offline-success', { customerName: 'Ann' })).toBe('<h1>Merci Ann</h1>');
    expect(await renderPage(dataDir, 'other', 'offline-success', { customerName: 'Ann' })).toContain('Thank you, Ann!');
  });

  it('falls back to a generic page when no template exists', async () => {
    const emptyShipped = path.join(dataDir, 'no-templates');
    const page = await renderPage(
      dataDir,
      'bare',
      'offline-decline',
      { cartReference: 'R9<' },
      { shippedDir: emptyShipped },
    );
    expect(page).toContain('<h1>Payment declined</h1>');
    expect(page).toContain('Reference: R9&lt;');
  });
});
