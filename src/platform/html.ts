// HTML the service writes itself (pages, mail bodies): escaping, and the pages a tenant may restyle. A page's
// template is a file re-read on every request, so a tenant changes its pages without a restart:
// <data folder>/templates/<tenantCode>/<name>.html first, then the shipped one, then the caller's fallback.
// {{placeholders}} are HTML-escaped; {{{placeholders}}} take markup the caller built from escaped parts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function fillTemplate(
  template: string,
  values: Record<string, string | number>,
  markup: Record<string, string> = {},
): string {
  return template
    .replace(/\{\{\{\s*(\w+)\s*\}\}\}/g, (_, name: string) => markup[name] ?? '')
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => escapeHtml(String(values[name] ?? '')));
}

/** The text of the first of the files that can be read, or undefined. */
export async function firstReadable(files: readonly string[]): Promise<string | undefined> {
  for (const file of files) {
    try {
      return await readFile(file, 'utf8');
    } catch {
      // not there: try the next one
    }
  }
  return undefined;
}

/** A tenant's own file of that name (its folder under <data folder>/templates), else the shipped one. */
export function tenantFile(
  place: { dataDir: string; tenantCode: string; shippedDir: string },
  fileName: string,
): Promise<string | undefined> {
  return firstReadable([
    path.join(place.dataDir, 'templates', place.tenantCode, fileName),
    path.join(place.shippedDir, fileName),
  ]);
}

/** A page from the tenant's or the shipped template `<name>.html` (else `fallback`), filled. */
export async function renderTenantPage(
  place: { dataDir: string; tenantCode: string; shippedDir: string },
  page: { name: string; fallback: string; values: Record<string, string | number>; markup?: Record<string, string> },
): Promise<string> {
  const template = await tenantFile(place, `${page.name}.html`);
  return fillTemplate(template ?? page.fallback, page.values, page.markup);
}
