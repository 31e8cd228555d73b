// Secrets the service generates on first start and keeps in the data folder (mode 0600).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The secret kept in `file` under the data folder, created with `generate()` when absent. */
export async function dataFolderSecret(
  dataDir: string,
  file: string,
  generate: () => string,
): Promise<{ value: string; created: boolean }> {
  const location = path.join(dataDir, file);
  try {
    return { value: (await readFile(location, 'utf8')).trim(), created: false };
  } catch {
    await mkdir(dataDir, { recursive: true });
    const value = generate();
    // 'wx': two nodes sharing a data folder must not overwrite each other's freshly written secret.
    try {
      await writeFile(location, `${value}\n`, { mode: 0o600, flag: 'wx' });
      return { value, created: true };
    } catch {
      return { value: (await readFile(location, 'utf8')).trim(), created: false };
    }
  }
}
