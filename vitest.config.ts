import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Nets against a hang, not figures: on a loaded shared machine (load 10 on 2 cores) a test runs several times
    // slower than on a quiet one, and a 10 s test must not fail for taking 40 s.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Two cores: more workers only fight over the CPU with PostgreSQL.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    // A worker runs its files one after another in one process, keeping the modules it loaded: loading the service's
    // module graph afresh cost each of the ~210 files seconds of CPU. Files share no state through it: every file
    // starts its own service (databases, pools, registry, metrics) and closes it; module-level state is caches.
    isolate: false,
    reporters: ['default'],
  },
});
