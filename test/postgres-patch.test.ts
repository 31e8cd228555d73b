// postgres.js 3.4.9 is patched (patches/postgres+3.4.9.patch, applied by `npm install` through patch-package):
// - its internal queue kept an emptied slot for every item it handed out while it never ran empty, and searched
//   them all on every removal, so a saturated pool slowed down with every query it served;
// - it derived the SCRAM salted password (4,096 rounds of PBKDF2, milliseconds of blocked event loop) on every
//   connection, where it is the same for every connection of a role: tenant pools open connections all day.
// - it fetched the array types on every new connection (a query per connection); with fetch_types: 'server' it
//   fetches those of the server's built-in types on its first connection and copies them into later ones.
// These checks fail when the patch was not applied (an install without its postinstall step) or no longer fits
// the installed version.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The package's exports hide its files: the project's own install is what runs, so it is read from there.
const root = path.join(process.cwd(), 'node_modules', 'postgres');
const builds = ['src', 'cjs/src', 'cf/src'].map((build) => path.join(root, build, 'queue.js'));

interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}

describe('the postgres.js queue patch', () => {
  it('is made for the installed version and applied to every build', async () => {
    const installed = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')).version;
    await expect(readFile(path.join('patches', `postgres+${installed}.patch`), 'utf8')).resolves.toContain('queue.js');
    for (const file of builds) expect(await readFile(file, 'utf8'), file).toContain('xs.indexOf(x, index)');
  });

  it('still behaves as a queue while it never runs empty', async () => {
    const { default: createQueue } = (await import(builds[0] ?? '')) as { default: <T>() => Queue<T> };
    const queue = createQueue<string>();
    for (const connection of ['a', 'b', 'c', 'd']) queue.push(connection);
    // A busy pool's rotation: the first connection out goes back in at the end, thousands of times.
    for (let i = 0; i < 5_000; i++) queue.push(queue.shift() ?? '');
    expect(queue.length).toBe(4);
    expect(queue.remove('x')).toBeNull();
    const order = ['a', 'b', 'c', 'd'];
    const second = order[1] ?? '';
    expect(queue.remove(second)).toBe(second);
    expect([queue.shift(), queue.shift(), queue.shift(), queue.shift()]).toEqual(['a', 'c', 'd', undefined]);
    expect(queue.length).toBe(0);
  });
});

describe('the postgres.js SCRAM patch', () => {
  it('derives the salted password once per role in both Node builds', async () => {
    for (const build of ['src', 'cjs/src']) {
      const source = await readFile(path.join(root, build, 'connection.js'), 'utf8');
      expect(source, build).toContain('saltedPasswordOf(await Pass(), res.s, parseInt(res.i))');
      expect(source, build).not.toContain('crypto.pbkdf2Sync(\n      await Pass()');
    }
  });
});

describe('the postgres.js array-types patch', () => {
  it("knows fetch_types: 'server' in both Node builds and the types", async () => {
    for (const build of ['src', 'cjs/src']) {
      const source = await readFile(path.join(root, build, 'connection.js'), 'utf8');
      expect(source, build).toContain("options.fetch_types === 'server' && serverArrayTypes.get(serverKey())");
    }
    expect(await readFile(path.join(root, 'types', 'index.d.ts'), 'utf8')).toContain(
      "fetch_types: boolean | 'server';",
    );
  });
});
