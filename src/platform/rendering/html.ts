// HTML the service writes (pages, mail bodies) through one template engine, Handlebars (docs/decisions.md,
// "Rendering"). Escaping is decided by the data, not by the template: every value is escaped here before the
// template sees it, whichever braces the template uses, and only markup the caller built from escaped parts
// (passed apart, as `markup`) is written as it is. So a tenant's own template cannot un-escape a customer's name by
// writing {{{customerName}}}.
//
// A page's template is a file re-read on every request, so a tenant changes its pages without a restart:
// <data folder>/templates/<tenantCode>/<name>.html first, then the shipped one, then the caller's fallback; one
// that does not compile (a tenant's typo) is reported and passed over for the next.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** What a template may be given: texts and numbers (escaped), flags (for {{#if}}), lists and records of them. */
export type TemplateValue = string | number | boolean | null | undefined | TemplateValue[] | TemplateValues;
export interface TemplateValues {
  [name: string]: TemplateValue;
}

// An engine of our own (not the shared default), with no helpers but Handlebars' built-in blocks.
const engine = Handlebars.create();
const COMPILE_OPTIONS: CompileOptions = { knownHelpersOnly: true, preventIndent: true };

// Templates are re-read per request but rarely change: compiled ones are kept by their text.
const MAX_COMPILED = 200;
const compiled = new Map<string, HandlebarsTemplateDelegate>();

function compile(template: string): HandlebarsTemplateDelegate {
  const known = compiled.get(template);
  if (known) return known;
  const fresh = engine.compile(template, COMPILE_OPTIONS);
  // Compile now (Handlebars compiles lazily on first call), so a broken template fails here, not mid-answer.
  fresh({});
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(template, fresh);
  return fresh;
}

/** Every text and number escaped once, as a SafeString the engine writes as it is. */
function escapedValue(value: TemplateValue): unknown {
  // Empty texts and numbers stay as they are, so that {{#if}} reads them as Handlebars does (a SafeString object is
  // always true); a number needs no escaping.
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean' || typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map(escapedValue);
  if (typeof value === 'object') return escapedValues(value);
  return new engine.SafeString(escapeHtml(String(value)));
}

function escapedValues(values: TemplateValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) out[name] = escapedValue(value);
  return out;
}

/**
 * The template filled: `{{name}}` (or `{{{name}}}`) writes a value escaped; `{{{name}}}` of a `markup` entry writes
 * that markup as it is. Handlebars' blocks ({{#if}}, {{#each}}, {{#unless}}, {{#with}}) and the layouts of
 * templates/layouts/ as partials ({{> layouts/agency-contact}}) are available; nothing else.
 * Throws when the template does not compile.
 */
export function fillTemplate(template: string, values: TemplateValues, markup: Record<string, string> = {}): string {
  registerLayouts();
  const context = escapedValues(values);
  for (const [name, html] of Object.entries(markup)) context[name] = new engine.SafeString(html);
  return compile(template)(context, { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false });
}

/** The shipped templates (the project's templates/ folder, beside src/ and dist/ alike). */
export const SHIPPED_TEMPLATES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../templates');

let layoutsRegistered = false;

/** templates/layouts/<name>.html, each a partial named `layouts/<name>` that pages wrap themselves in. */
function registerLayouts(): void {
  if (layoutsRegistered) return;
  const folder = path.join(SHIPPED_TEMPLATES, 'layouts');
  for (const file of readdirSync(folder)) {
    if (file.endsWith('.html'))
      engine.registerPartial(`layouts/${file.slice(0, -5)}`, readFileSync(path.join(folder, file), 'utf8'));
  }
  layoutsRegistered = true;
}

/**
 * A page of the service's own (templates/<file>, not a tenant's), read and compiled on first use: the answer is
 * a function that fills it (see fillTemplate). Its layout comes from templates/layouts/.
 */
export function shippedTemplate(file: string): (values: TemplateValues, markup?: Record<string, string>) => string {
  let template: string | undefined;
  return (values, markup) => {
    registerLayouts();
    template ??= readFileSync(path.join(SHIPPED_TEMPLATES, file), 'utf8');
    return fillTemplate(template, values, markup);
  };
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

export interface TemplatePlace {
  dataDir: string;
  tenantCode: string;
  shippedDir: string;
}

/** A tenant's own file of that name (its folder under <data folder>/templates), else the shipped one. */
export function tenantFile(place: TemplatePlace, fileName: string): Promise<string | undefined> {
  return firstReadable(templateFiles(place, fileName));
}

function templateFiles(place: TemplatePlace, fileName: string): string[] {
  return [path.join(place.dataDir, 'templates', place.tenantCode, fileName), path.join(place.shippedDir, fileName)];
}

/**
 * A page from the tenant's template `<name>.html`, else the shipped one, else `fallback`, filled. A template that
 * does not compile (a tenant's typo) is passed over for the next one and reported through `onBroken`.
 */
export async function renderTenantPage(
  place: TemplatePlace,
  page: {
    name: string;
    fallback: string;
    values: TemplateValues;
    markup?: Record<string, string>;
    onBroken?: (file: string, error: unknown) => void;
  },
): Promise<string> {
  for (const file of templateFiles(place, `${page.name}.html`)) {
    const template = await firstReadable([file]);
    if (template === undefined) continue;
    try {
      return fillTemplate(template, page.values, page.markup);
    } catch (error) {
      page.onBroken?.(file, error);
    }
  }
  return fillTemplate(page.fallback, page.values, page.markup);
}
