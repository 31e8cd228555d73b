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
    // A worker runs its files in one process, keeping the modules it loaded: loading the service's modules again
    // for every file was about half the suite's time (docs/decisions.md, "Suite time"). Files share no state
    // but what those modules keep per process, as a long-running node does (which is how the PDF fonts' shared
    // glyph cache was found).
    isolate: false,
    reporters: ['default'],
  },
});
