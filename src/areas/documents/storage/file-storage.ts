// The port behind which uploaded files are kept: put a stream under a name we generate, open it again, remove it.
// Each tenant has a space of its own (its id), so one tenant's names never reach another's files. The local-disk
// adapter keeps them under the data folder; an S3-compatible adapter can stand behind the same port later.
import type { Readable } from 'node:stream';

export interface FileStorage {
  /**
   * Writes `source` to a new file in `space` under a generated name with `extension`, and answers the name. The file
   * is visible to `open` only once `source` ended without error: a failed, refused or aborted stream leaves nothing.
   * `extensionOf` is asked at the end, so a stream that learns its type while flowing can name it.
   */
  put(space: string, source: Readable, extensionOf: () => string): Promise<string>;
  /** The file's bytes; undefined when `space` has no file of that name. */
  open(space: string, name: string): Promise<Readable | undefined>;
  /** Removes the file; a file already gone is no error. */
  remove(space: string, name: string): Promise<void>;
}

/** A name `put` generates: 32 hex digits and an extension, so it can never be a path. */
export const STORED_NAME = /^[0-9a-f]{32}\.[a-z]{3,4}$/;
