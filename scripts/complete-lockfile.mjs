// The package registry reachable here lacks some platform builds of optional dependencies (other operating
// systems' binaries of Biome and Rollup). `npm install` then leaves them out of package-lock.json and `npm ci`
// refuses the lock as out of sync. This adds an entry for each missing optional dependency with its os/cpu/libc,
// so `npm ci` sees the lock complete and skips those packages on platforms they are not for.
// It also keeps the lock's root entry as npm writes it from package.json: an entry without `hasInstallScript` while
// package.json has an install script (our postinstall: patch-package) is rewritten by the next `npm install` on a
// fresh clone (issue 10 item 9).
// Run after every `npm install`: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

function platformOf(name) {
  const [os, cpu, ...rest] = name
    .split('/')
    .pop()
    .replace(/^(cli|rollup)-/, '')
    .split('-');
  const tail = rest.join('-');
  const libc = os !== 'linux' ? undefined : tail.includes('musl') ? 'musl' : tail.includes('gnu') ? 'glibc' : undefined;
  return { os, cpu, libc };
}

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];
const hasInstallScript = INSTALL_SCRIPTS.some((script) => manifest.scripts?.[script]);
// npm's key order: name, version, hasInstallScript, then the rest.
const { name, version, hasInstallScript: _recorded, ...rest } = packages[''];
packages[''] = { name, version, ...(hasInstallScript ? { hasInstallScript: true } : {}), ...rest };

let added = 0;
for (const meta of Object.values(packages)) {
  for (const [dependency, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${dependency}`;
    if (packages[key]) continue;
    const { os, cpu, libc } = platformOf(dependency);
    packages[key] = {
      version,
      cpu: [cpu],
      optional: true,
      os: [os],
      ...(meta.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} missing optional platform entries added`);
