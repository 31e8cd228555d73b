// `npm install` on a fresh clone leaves package-lock.json as committed (issue 10 item 9): the lock's root entry says
// what npm derives from package.json, in npm's key order, so npm has nothing to rewrite.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

interface Manifest {
  name: string;
  version: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  engines?: Record<string, string>;
}

const read = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8'));

describe('package-lock.json', () => {
  it('has the root entry npm writes from package.json, hasInstallScript included', async () => {
    const manifest = await read<Manifest>('package.json');
    const lock = await read<{ name: string; version: string; packages: Record<string, Record<string, unknown>> }>(
      'package-lock.json',
    );
    const hasInstallScript = ['preinstall', 'install', 'postinstall'].some((script) => manifest.scripts?.[script]);
    const root = lock.packages[''];
    expect(lock).toMatchObject({ name: manifest.name, version: manifest.version });
    expect(root).toEqual({
      name: manifest.name,
      version: manifest.version,
      ...(hasInstallScript ? { hasInstallScript: true } : {}),
      ...(manifest.dependencies ? { dependencies: manifest.dependencies } : {}),
      ...(manifest.devDependencies ? { devDependencies: manifest.devDependencies } : {}),
      ...(manifest.engines ? { engines: manifest.engines } : {}),
    });
    const head = ['name', 'version', ...(hasInstallScript ? ['hasInstallScript'] : [])];
    expect(Object.keys(root ?? {}).slice(0, head.length)).toEqual(head);
  });
});
