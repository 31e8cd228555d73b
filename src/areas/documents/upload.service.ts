// Uploads of employees (contract §3, §7.4): a file streams through the inspector (size, type by content, SHA-256)
// into the tenant's file storage under a generated name; only a file accepted whole is kept, and only then is its
// row written (a failed write removes the file again). Downloads hand the bytes back with the recognised type.
import { Readable } from 'node:stream';
import { decodeBase64Strictly } from '../../platform/base64.js';
import type { Queryable } from '../../platform/database/connections.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../platform/http/errors.js';
import type { UploadedFile } from '../../platform/http/multipart.js';
import { RawAnswer } from '../../platform/http/raw.js';
import type { FileStorage } from './storage/file-storage.js';
import { UploadInspector } from './upload-inspector.js';
import { attachmentDisposition, originalNameOf } from './upload-names.js';
import * as repo from './upload.repository.js';
import { MAX_UPLOAD_BYTES, type Upload2Request, type UploadResult } from './upload.schemas.js';

const FILE_PARAMETER = 'fileToUpload';

export interface UploadDeps {
  storage: FileStorage;
}

export function createUploadService({ storage }: UploadDeps) {
  async function store(ctx: TenantContext, source: Readable, givenName: string | undefined): Promise<UploadResult> {
    const inspector = new UploadInspector(FILE_PARAMETER, MAX_UPLOAD_BYTES);
    // a client that goes away mid-file fails the inspector, and storage then keeps nothing
    let sourceFailed = false;
    source.once('error', (error) => {
      sourceFailed = true;
      inspector.destroy(error);
    });
    // A refusal may come before storage has attached its pipeline (it makes the folder first): the listener keeps
    // it from being an uncaught 'error', and the pipeline still fails with it (a stream remembers its error).
    inspector.on('error', () => source.unpipe(inspector));
    source.pipe(inspector);
    const space = ctx.tenant.tenantId;
    const savedName = await storage
      .put(space, inspector, () => inspector.result.type.extension)
      .catch((error: unknown) => {
        // a refusal answers as it is; a failure of our own (the disk) is a failure, logged as one
        if (error instanceof ApiError || !sourceFailed) throw error;
        ctx.log.info({ err: error }, 'an upload ended before the whole file arrived; nothing was kept');
        throw new ApiError(ErrorCode.INVALID_FORMAT, `Parameter ${FILE_PARAMETER} ended before the whole file`, 400);
      });
    const { type, size, sha256 } = inspector.result;
    const upload = {
      savedName,
      originalName: originalNameOf(givenName, type.extension),
      sizeBytes: size,
      contentType: type.mediaType,
      sha256,
      uploadedBy: ctx.session?.userId ?? null,
    };
    try {
      await repo.insertUpload(ctx.db, upload, ctx.now);
    } catch (error) {
      await storage.remove(space, savedName);
      throw error;
    }
    return { receivedSize: size, originalName: upload.originalName, savedFileName: savedName };
  }

  return {
    /** /document/upload: the multipart file the kernel kept for the handler. */
    receiveFile(ctx: TenantContext, file: UploadedFile | undefined): Promise<UploadResult> {
      if (!file) {
        throw invalidFormat(
          FILE_PARAMETER,
          'must be a file part of a multipart/form-data body (base64: /document/upload2)',
        );
      }
      return store(ctx, file.stream, file.fileName);
    },

    /** /document/upload2: base64 content in the body. */
    receiveBase64(ctx: TenantContext, input: Upload2Request): Promise<UploadResult> {
      const bytes = decodeBase64Strictly(FILE_PARAMETER, input.fileToUpload, MAX_UPLOAD_BYTES);
      return store(ctx, Readable.from([bytes]), input.fileName ?? input.uploadedFileName);
    },

    /** The bytes of an upload the kernel found the caller may read (records: 'upload'). */
    async download(ctx: TenantContext, savedFileName: string): Promise<RawAnswer> {
      const found = await openUpload(ctx, storage, savedFileName);
      if (!found) throw notFound('Upload');
      return new RawAnswer(found.upload.contentType, found.stream, {
        headers: {
          'content-disposition': attachmentDisposition(found.upload.originalName),
          'x-content-type-options': 'nosniff',
        },
      });
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;

/** An upload as other areas see it (visa documents refer to uploads by their saved name). */
export interface Upload {
  savedFileName: string;
  originalName: string;
  size: number;
  contentType: string;
  sha256: string;
  /** The user id of the employee who uploaded it; null once that user is gone. */
  uploadedBy: number | null;
  createdAt: Date;
}

const toUpload = (row: repo.UploadRow): Upload => ({
  savedFileName: row.saved_name,
  originalName: row.original_name,
  size: row.size_bytes,
  contentType: row.content_type,
  sha256: row.sha256,
  uploadedBy: row.uploaded_by,
  createdAt: row.created_at,
});

/** The upload saved under that name, if any (in the caller's transaction when given one). */
export async function findUpload(db: Queryable, savedFileName: string): Promise<Upload | undefined> {
  const row = await repo.selectUpload(db, savedFileName);
  return row && toUpload(row);
}

/** The upload and a stream of its bytes; undefined when either is missing. */
export async function openUpload(
  ctx: TenantContext,
  storage: FileStorage,
  savedFileName: string,
): Promise<{ upload: Upload; stream: Readable } | undefined> {
  const upload = await findUpload(ctx.db, savedFileName);
  const stream = upload && (await storage.open(ctx.tenant.tenantId, upload.savedFileName));
  return upload && stream ? { upload, stream } : undefined;
}

/** An employee reads its own uploads, an admin every upload of the tenant (records: 'upload'). */
export async function mayReadUpload(ctx: TenantContext, savedFileName: string): Promise<boolean> {
  const upload = await findUpload(ctx.db, savedFileName);
  if (!upload) return false;
  return ctx.roles.includes('admin') || (upload.uploadedBy !== null && upload.uploadedBy === ctx.session?.userId);
}
