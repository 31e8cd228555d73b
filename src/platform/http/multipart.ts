// multipart/form-data for the operations that take a file (`multipartFile` in their declaration: document uploads).
// The parser (@fastify/multipart) is registered in the scope of those routes only, so every other operation still
// refuses the content type (415). The text fields sent before the file become the parameters, read before the
// session and role checks as a JSON body is; the file itself is not read here: the handler gets it as `ctx.file`
// and streams it where it belongs, so a refused caller's file is never stored and a large one never sits in memory.
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from './errors.js';

/** The file part of a multipart request, unread: its bytes arrive as the handler reads `stream`. */
export interface UploadedFile {
  /** The file name the client sent (may be empty); never a path on our side. */
  fileName: string;
  /** The Content-Type the client declared for the part: a claim, not a fact. */
  declaredType: string;
  stream: Readable;
  /** True once the parser cut the file at the operation's body limit (the rest was discarded). */
  truncated(): boolean;
}

// Text fields are short (a session token, a name); these bound what a request can make us buffer.
const LIMITS = { fields: 20, fieldSize: 64 * 1024, files: 1, parts: 40, headerPairs: 100 } as const;

/** Registers the parser in `scope`, where only the multipart routes live. */
export async function acceptMultipartBodies(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: LIMITS, throwFileSizeLimit: false });
  // A handler that refused the request before reading the file: the rest of the body is read and dropped, so a
  // keep-alive connection stays usable (the parser cut the file at the limit, so nothing piles up).
  scope.addHook('onSend', (request, _reply, _payload, done) => {
    const file = files.get(request);
    if (file && !file.stream.readableEnded) file.stream.resume();
    done();
  });
}

const files = new WeakMap<FastifyRequest, UploadedFile>();

/** The file part the kernel kept for the handler, if the request carried one. */
export function uploadedFile(request: FastifyRequest): UploadedFile | undefined {
  return files.get(request);
}

/**
 * For a multipart request: reads the text fields up to the file part named `fileField` into `request.body` and keeps
 * the file (unread) for the handler; the file field's parameter holds the file's name, so the schema's `required`
 * applies. Nothing is refused here (refusals come after the session and role checks): a text field under the
 * file's name stays text (the handler finds no file), a file under another name is dropped. Undefined for other
 * requests (their body is parsed already).
 */
export function readFieldsBeforeFile(
  request: FastifyRequest,
  fileField: string,
  fileLimit: number,
): Promise<void> | undefined {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) return undefined;
  return readFields(request, fileField, fileLimit).catch((error: unknown) => {
    throw unreadableBody(error);
  });
}

/**
 * A body the parser cannot read (no boundary, a broken part) is the request's fault, answered as malformed JSON is:
 * HTTP 400 INVALID_FORMAT naming the body, never a 500. A refusal the parser words itself (a limit: 413) keeps it.
 */
function unreadableBody(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const status = error instanceof Error && 'statusCode' in error ? Number(error.statusCode) : 0;
  if (status >= 400 && status < 500) return error;
  return new ApiError(ErrorCode.INVALID_FORMAT, 'Parameter body is not readable multipart/form-data', 400);
}

async function readFields(request: FastifyRequest, fileField: string, fileLimit: number): Promise<void> {
  const fields: Record<string, string> = {};
  // busboy cuts a file at fileSize and marks it truncated; one byte over the limit is enough to tell
  const parts = request.parts({ limits: { fileSize: fileLimit + 1 } });
  for (let next = await parts.next(); !next.done; next = await parts.next()) {
    const part = next.value;
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
    } else if (part.fieldname !== fileField) {
      part.file.resume();
    } else {
      const stream = part.file;
      files.set(request, {
        fileName: part.filename,
        declaredType: part.mimetype,
        stream,
        truncated: () => stream.truncated,
      });
      fields[fileField] = part.filename || fileField;
      break;
    }
  }
  request.body = fields;
}
