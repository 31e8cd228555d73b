// /document/upload, /document/upload2 and /document/download: files employees keep with their documents (contract
// §3: uploads are for employees only; §7.4: at most 10 MiB, accepted by content).
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import {
  DownloadRequest,
  FileBytes,
  MAX_UPLOAD_BYTES,
  UPLOAD2_BODY_LIMIT,
  Upload2Request,
  UploadRequest,
  UploadResult,
} from './upload.schemas.js';
import type { UploadService } from './upload.service.js';

const policy = { allow: Allow.employees, tags: ['document'] } as const;

const ACCEPTED =
  'Accepted by content, whatever the name or declared type: PDF, PNG, JPEG, WebP, HEIC, XLSX, DOCX, CSV and plain ' +
  'UTF-8 text; HTML, SVG (any markup), executables and anything else answer INVALID_FORMAT naming fileToUpload, ' +
  'as does a file over 10 MiB (refused while it streams) or an empty one. Nothing is kept of a refused file; ' +
  'savedFileName is generated (32 hex digits and the type’s extension).';

const upload = (uploads: UploadService) =>
  operation({
    ...policy,
    path: '/document/upload',
    methods: ['POST'],
    summary: 'Upload a file (multipart/form-data, file part fileToUpload) → its size, original and saved names',
    description: `${ACCEPTED} The session goes in a header, the query, or a field sent before the file.`,
    input: UploadRequest,
    response: UploadResult,
    multipartFile: 'fileToUpload',
    bodyLimit: MAX_UPLOAD_BYTES,
    handler: (ctx) => uploads.receiveFile(ctx, ctx.file),
  });

const upload2 = (uploads: UploadService) =>
  operation({
    ...policy,
    path: '/document/upload2',
    methods: ['POST'],
    summary: 'Upload a file as base64 in a JSON (or form) body → its size, original and saved names',
    description: `${ACCEPTED} fileToUpload must be strict base64 (else INVALID_FORMAT); the original name is fileName, else uploadedFileName.`,
    input: Upload2Request,
    response: UploadResult,
    bodyLimit: UPLOAD2_BODY_LIMIT,
    formBody: true,
    handler: (ctx, input) => uploads.receiveBase64(ctx, input),
  });

const download = (uploads: UploadService) =>
  operation({
    ...policy,
    path: '/document/download',
    methods: ['GET', 'POST'],
    summary: 'The bytes of an upload (attachment, with the type recognised at upload): own uploads, any for an admin',
    description:
      "Another employee's upload, or an unknown name, answers NOTFOUND. The answer carries Content-Disposition " +
      'attachment with the original name (RFC 6266) and X-Content-Type-Options: nosniff.',
    input: DownloadRequest,
    response: FileBytes,
    records: { savedFileName: 'upload' },
    handler: (ctx, input) => uploads.download(ctx, input.savedFileName),
  });

/** The upload operations, bound to their service. */
export function uploadOperations(uploads: UploadService): OperationDeclaration[] {
  return [upload, upload2, download].map((declare) => declare(uploads));
}
