// The data folder (TC_DATA_DIR): the secrets the service generates on first start (mode 0600), and the folders
// kept per tenant.
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

/** A tenant's own folder under the data folder (uploads and other files kept per tenant), by its id. */
export function tenantDataFolder(dataDir: string, tenantId: string): string {
  // tenant ids are UUIDs; anything else must not become a path
  if (!/^[0-9a-f-]{36}$/i.test(tenantId)) throw new Error(`not a tenant id: ${tenantId}`);
  return path.join(dataDir, 'tenants', tenantId.toLowerCase());
}
