// FileStorage on the local disk: `<data folder>/tenants/<tenant id>/uploads/<name>`. A file is written under a
// temporary name (`.<random>.part`) and renamed to its final name once the stream ended well, so a reader never
// sees half a file and a failed upload leaves nothing (the temporary file is removed on every failure).
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { tenantDataFolder } from '../../../platform/data-folder.js';
import { type FileStorage, STORED_NAME } from './file-storage.js';

export function localDiskStorage(dataDir: string): FileStorage {
  const folderOf = (space: string) => path.join(tenantDataFolder(dataDir, space), 'uploads');
  const pathOf = (space: string, name: string) => {
    // names are ours (STORED_NAME): anything else is no file of ours, and never a path to follow
    if (!STORED_NAME.test(name)) return undefined;
    return path.join(folderOf(space), name);
  };

  return {
    async put(space, source, extensionOf) {
      const folder = folderOf(space);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const id = randomBytes(16).toString('hex');
      const temporary = path.join(folder, `.${id}.part`);
      try {
        await pipeline(source, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
        const name = `${id}.${extensionOf()}`;
        if (!STORED_NAME.test(name)) throw new Error(`not a storable name: ${name}`);
        await rename(temporary, path.join(folder, name));
        return name;
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async open(space, name) {
      const location = pathOf(space, name);
      if (!location) return undefined;
      // opened first, so a missing file answers undefined here rather than an error in the middle of an answer
      const handle = await open(location, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      return handle?.createReadStream();
    },

    async remove(space, name) {
      const location = pathOf(space, name);
      if (location) await rm(location, { force: true });
    },
  };
}
