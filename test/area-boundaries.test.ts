// The lint rule that keeps areas apart (biome.json, noRestrictedImports), tried on probe files: Biome's globs match
// the import as written, so a rule written for an area's root folder says nothing about its sub-folders unless it is
// checked from there too. The probes are linted in a temporary copy of the project's Biome configuration (never in
// the source tree, which other tests walk).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');

/** File (relative to the project) → the import it makes, and whether the rule must refuse it. */
const PROBES: ReadonlyArray<{ file: string; imports: string; refused: boolean }> = [
  { file: 'src/areas/cart/a.ts', imports: '../hotels/index.js', refused: false },
  { file: 'src/areas/cart/b.ts', imports: '../hotels/hotels.service.js', refused: true },
  { file: 'src/areas/cart/c.ts', imports: '../hotels/search/index.js', refused: true },
  { file: 'src/areas/cart/d.ts', imports: './search/anything.js', refused: false },
  { file: 'src/areas/hotels/search/e.ts', imports: '../../cart/index.js', refused: false },
  { file: 'src/areas/hotels/search/f.ts', imports: '../../cart/cart.service.js', refused: true },
  { file: 'src/areas/hotels/search/g.ts', imports: '../../../areas/cart/cart.service.js', refused: true },
  { file: 'src/areas/hotels/search/h.ts', imports: '../../../platform/money.js', refused: false },
  { file: 'src/areas/hotels/search/i.ts', imports: '../hotels.rules.js', refused: false },
  { file: 'src/areas/hotels/search/j.ts', imports: '../inventory/index.js', refused: false },
  { file: 'src/areas/hotels/search/k.ts', imports: '../inventory/inventory.repository.js', refused: true },
  { file: 'src/platform/l.ts', imports: '../areas/cart/index.js', refused: true },
  { file: 'src/integrations/m.ts', imports: '../areas/cart/index.js', refused: true },
];

let dir: string;
let refusedFiles: Set<string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tc-lint-probe-'));
  const config = JSON.parse(await readFile(path.join(root, 'biome.json'), 'utf8'));
  // The copy has no git repository to read ignore files from.
  await writeFile(path.join(dir, 'biome.json'), JSON.stringify({ ...config, vcs: { enabled: false } }));
  for (const probe of PROBES) {
    await mkdir(path.dirname(path.join(dir, probe.file)), { recursive: true });
    await writeFile(path.join(dir, probe.file), `import { x } from '${probe.imports}';\n\nexport const y = [x];\n`);
  }
  refusedFiles = await filesRefusedByImportRule(dir);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The files Biome reports under noRestrictedImports (its exit code is non-zero then, so the output is read). */
async function filesRefusedByImportRule(cwd: string): Promise<Set<string>> {
  const output = await promisify(execFile)(biome, ['lint', '--reporter=json', 'src'], { cwd }).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  const report = JSON.parse(output) as {
    diagnostics: Array<{ category: string; location: { path?: { file?: string } | string } }>;
  };
  const files = report.diagnostics
    .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
    .map(({ location }) => (typeof location.path === 'string' ? location.path : (location.path?.file ?? '')));
  return new Set(files);
}

describe('the lint rule between areas', () => {
  it.each(PROBES)('$file importing $imports: refused $refused', ({ file, refused }) => {
    expect(refusedFiles.has(file)).toBe(refused);
  });
});
