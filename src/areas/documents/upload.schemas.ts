import { type Static, Type } from '@sinclair/typebox';
import { VERBATIM } from '../../platform/http/input.js';

/** The largest file accepted, decoded (contract §7.4). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * upload2's JSON body: the base64 of MAX_UPLOAD_BYTES (4/3 of it, 13.33 MiB) with room for the other parameters and
 * line breaks some encoders add every 76 characters.
 */
export const UPLOAD2_BODY_LIMIT = 15 * 1024 * 1024;

const SavedFileName = Type.String({
  pattern: '^[0-9a-f]{32}\\.[a-z]{3,4}$',
  description: 'The name the upload answered (generated: 32 hex digits and an extension)',
});
const OriginalName = Type.String({
  maxLength: 1000,
  description: "The file's name as the client gave it; any directory part is dropped (at most 255 characters kept)",
});

export const UploadRequest = Type.Object({
  fileToUpload: Type.String({
    format: 'binary',
    description:
      'The file (a multipart file part; fields sent after it are not read, so send `session` first or as a header)',
  }),
});

export const Upload2Request = Type.Object({
  fileToUpload: Type.String({
    description: "The file's content in base64 (standard alphabet, padded; a data: URL prefix and line breaks allowed)",
    [VERBATIM]: true,
  }),
  fileName: Type.Optional(OriginalName),
  uploadedFileName: Type.Optional({ ...OriginalName, description: 'The original name when fileName is not given' }),
});
export type Upload2Request = Static<typeof Upload2Request>;

export const UploadResult = Type.Object({
  receivedSize: Type.Integer({ description: 'Bytes stored (decoded)' }),
  originalName: Type.String(),
  savedFileName: Type.String({ description: 'Generated; /document/download takes it' }),
});
export type UploadResult = Static<typeof UploadResult>;

export const DownloadRequest = Type.Object({ savedFileName: SavedFileName });
export type DownloadRequest = Static<typeof DownloadRequest>;

export const FileBytes = Type.String({ description: 'The bytes, with the type recognised at upload' });
