// The run's output: a table on the console and one JSON file per issue under bench/results/ (foundation.json,
// users.json, catalog.json). A run of some scenarios replaces only their entries in their file; each entry says
// when it was measured.
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './env.js';
import type { ScenarioResult } from './scenario.js';

export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

/** bench/results/<issue>.json */
export function resultsFile(issue: string): string {
  return path.join(RESULTS_DIR, `${issue}.json`);
}

export interface Environment {
  node: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  postgres: string;
  postgresKind: string;
}

export interface FailedScenario {
  scenario: string;
  measuredAt: string;
  error: string;
}

interface ResultsFile {
  updatedAt: string;
  environment: Environment;
  scenarios: Record<string, ScenarioResult | FailedScenario>;
}

export function describeEnvironment(postgres: string, postgresKind: string): Environment {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    postgres,
    postgresKind,
  };
}

export async function writeResults(
  file: string,
  environment: Environment,
  results: Array<ScenarioResult | FailedScenario>,
): Promise<void> {
  const previous = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as ResultsFile)
    .catch(() => undefined);
  const content: ResultsFile = {
    updatedAt: new Date().toISOString(),
    environment,
    scenarios: { ...previous?.scenarios },
  };
  for (const result of results) content.scenarios[result.scenario] = result;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(content, null, 2)}\n`);
  // In the project's format, so that `npm run lint` (Biome checks bench/) stays clean after a run.
  await new Promise<void>((resolve) => {
    execFile(path.join(ROOT, 'node_modules', '.bin', 'biome'), ['format', '--write', file], { cwd: ROOT }, () =>
      resolve(),
    );
  });
}

export function printTable(results: Array<ScenarioResult | FailedScenario>): void {
  const rows: string[][] = [['scenario', 'figure', 'value', 'target', '']];
  for (const result of results) {
    if ('error' in result) {
      rows.push([result.scenario, 'FAILED', result.error.split('\n')[0] ?? '', '', '✗']);
      continue;
    }
    for (const check of result.checks) {
      const mark = check.pass === undefined ? '' : check.pass ? '✓' : '✗';
      rows.push([result.scenario, check.figure, `${check.value} ${check.unit}`.trim(), check.target ?? '', mark]);
    }
  }
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(rows[0] ?? [])}`);
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  for (const result of results) {
    if ('error' in result) console.log(`\n${result.scenario} failed:\n${result.error}`);
    else for (const problem of result.problems) console.log(`\nproblem in ${result.scenario}: ${problem}`);
  }
}
