// Rewrites the operation list of docs/api.md (between its markers) from the operation declarations:
// `npm run docs:api`. The declarations exist only in a started service (areas build them from their services),
// so this starts one on a throwaway embedded PostgreSQL, reads `service.operations` and stops it again
// (a few seconds). test/api-docs.test.ts renders the same list from its own service and fails when the file
// differs, so CI catches a declaration changed without the docs.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { ROLES } from '../src/platform/auth/roles.js';
import { startEmbeddedPostgres } from '../src/platform/database/embedded.js';
import type { AccessPolicy, OperationDeclaration } from '../src/platform/http/operation.js';
import type { ApiTag } from '../src/platform/http/openapi.js';
import { startService } from '../src/service.js';

export const API_DOCS_FILE = fileURLToPath(new URL('../docs/api.md', import.meta.url));
const START_MARKER = '<!-- operations:start -->';
const END_MARKER = '<!-- operations:end -->';

/** Who may call an operation, in the words of docs/api.md's Sessions section. */
export function whoMayCall(policy: AccessPolicy): string {
  if (policy.kind === 'platform') {
    const who = policy.access === 'platform' ? 'platform token' : 'anyone';
    return `${who} (${policy.onTenantHosts ? 'any host' : 'base domain'})`;
  }
  const allow = policy.allow;
  if (allow === 'anyone') return 'anyone';
  if (ROLES.every((role) => allow.includes(role))) return 'any session';
  return ROLES.filter((role) => allow.includes(role)).join(', ');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

function heading(tag: string): string {
  return tag.charAt(0).toUpperCase() + tag.slice(1);
}

/** The generated part: one section per tag (in the order the service declares them), one row per declaration. */
export function renderOperations(operations: readonly OperationDeclaration[], tags: readonly ApiTag[]): string {
  const byTag = new Map<string, OperationDeclaration[]>();
  for (const declared of operations) {
    const tag = declared.tags[0] ?? 'other';
    const list = byTag.get(tag) ?? [];
    list.push(declared);
    byTag.set(tag, list);
  }
  const known = tags.map((tag) => tag.name);
  const unknown = [...byTag.keys()].filter((tag) => !known.includes(tag)).sort();
  const sections = [...known, ...unknown].flatMap((tag) => {
    const declared = byTag.get(tag);
    if (!declared) return [];
    const description = tags.find((candidate) => candidate.name === tag)?.description;
    const rows = declared.map(
      (operation) =>
        // a path parameter as the specification and /openapi.json write it: /booking/voucher/{id}
        `| \`${operation.methods.join(', ')} ${operation.path.replace(/:(\w+)/g, '{$1}')}\` | ${whoMayCall(operation.policy)} | ${cell(operation.summary)} |`,
    );
    return [
      `### ${heading(tag)}`,
      '',
      ...(description ? [`${description}.`, ''] : []),
      '| operation | who may call it | what it does |',
      '| --- | --- | --- |',
      ...rows,
      '',
    ];
  });
  return [
    START_MARKER,
    '<!-- Generated from the operation declarations by `npm run docs:api`: edit the declarations, not this list. -->',
    '',
    ...sections,
    END_MARKER,
  ].join('\n');
}

/** The markdown with its generated part replaced; the hand-written parts around the markers stay as they are. */
export function withOperations(markdown: string, generated: string): string {
  const start = markdown.indexOf(START_MARKER);
  const end = markdown.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`docs/api.md needs the markers ${START_MARKER} and ${END_MARKER}`);
  return markdown.slice(0, start) + generated + markdown.slice(end + END_MARKER.length);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-api-docs-'));
  await chmod(dataDir, 0o755); // PostgreSQL runs as its own OS user when we are root
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), ephemeral: true });
  try {
    const config = loadConfig({ TC_DATA_DIR: path.join(dataDir, 'service'), TC_DEMO: 'false', TC_LOG_LEVEL: 'silent' });
    const service = await startService({ config, server: postgres.address, logger: pino({ level: 'silent' }) });
    try {
      const markdown = await readFile(API_DOCS_FILE, 'utf8');
      const updated = withOperations(markdown, renderOperations(service.operations, service.apiTags));
      if (updated === markdown) {
        console.log('docs/api.md: the operation list is current');
      } else {
        await writeFile(API_DOCS_FILE, updated);
        console.log(`docs/api.md: the operation list is rewritten (${service.operations.length} declarations)`);
      }
    } finally {
      await service.close();
    }
  } finally {
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
