// Size rules of the code base (docs/decisions.md, Area modules): no source file over 400 lines. Functions over 60
// lines are refused by the linter (Biome's noExcessiveLinesPerFunction); files have no such rule there.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 400;
const ROOTS = ['src', 'db/seeds'];

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return Promise.resolve(entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []);
    }),
  );
  return nested.flat();
}

describe('source files', () => {
  it(`are at most ${MAX_LINES} lines each`, async () => {
    const files = (await Promise.all(ROOTS.map(sourceFiles))).flat();
    expect(files.length).toBeGreaterThan(50);
    const long: string[] = [];
    for (const file of files) {
      const lines = (await readFile(file, 'utf8')).split('\n').length;
      if (lines > MAX_LINES) long.push(`${file}: ${lines} lines`);
    }
    expect(long).toEqual([]);
  });
});
