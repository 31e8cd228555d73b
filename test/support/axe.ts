// An axe-core accessibility scan of the page a real browser shows (WCAG 2.0/2.1 A and AA rules). The script is
// evaluated through the DevTools protocol rather than added as a <script> tag: our pages' content security policy
// (default-src 'none', no inline script) would refuse a tag, and the scan must see the page as it is served.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

let source: Promise<string> | undefined;

/** Every violation axe finds on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  source ??= readFile(AXE_SCRIPT, 'utf8');
  const script = await source;
  await page.evaluate(`${script}\n;true`);
  return page.evaluate(async (tags) => {
    type Result = {
      violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
    };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  }, WCAG_TAGS);
}

/** The impacts a page must not have a violation of. */
export const SERIOUS: ReadonlySet<string> = new Set(['serious', 'critical']);

/** A readable list for an assertion's message: each violation's id, impact, help and the elements it concerns. */
export function describeViolations(where: string, violations: readonly AxeViolation[]): string {
  const lines = violations.map((v) => `  ${v.id} (${v.impact}): ${v.help}\n    at ${v.targets.join('\n    at ')}`);
  return `axe on ${where}:\n${lines.join('\n')}`;
}
