// The check an upload's bytes pass through on their way to storage: it counts them, hashes them, keeps the first
// and last few kilobytes, and follows whether the whole is UTF-8 text without NUL bytes. It fails the stream (so
// storage keeps nothing) as soon as the file is too large or its first bytes are refused, without reading on, and
// at the end when the whole does not hold (a ZIP that is no Office document, a "text" that is not). Only a few
// hundred kilobytes are ever held, whatever the file's size.
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { describeBytes } from '../../platform/base64.js';
import { invalidFormat } from '../../platform/http/errors.js';
import {
  HEAD_BYTES,
  type HeadVerdict,
  officeDocument,
  sniffHead,
  TAIL_BYTES,
  textType,
  type UploadType,
  type Verdict,
  zipEntryNames,
} from './upload-types.js';

/** What the inspection found once the stream ended without a refusal. */
export interface InspectedUpload {
  type: UploadType;
  size: number;
  sha256: string;
}

export class UploadInspector extends Transform {
  private size = 0;
  private readonly hash = createHash('sha256');
  private head = Buffer.alloc(0);
  private headVerdict: HeadVerdict | undefined;
  private tail: Buffer[] = [];
  private tailSize = 0;
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private text = true;
  private found: InspectedUpload | undefined;

  /** `parameter` is named in refusals; `maxBytes` is the largest size accepted. */
  constructor(
    private readonly parameter: string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  /** The file's type, size and SHA-256, once the stream has ended; a refused stream never gets here. */
  get result(): InspectedUpload {
    if (!this.found) throw new Error('the upload has not been inspected to its end');
    return this.found;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      callback(this.refusal(`is larger than ${describeBytes(this.maxBytes)}`));
      return;
    }
    this.hash.update(chunk);
    this.followText(chunk);
    this.keepTail(chunk);
    if (this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
      if (this.head.length >= HEAD_BYTES) this.headVerdict = sniffHead(this.head);
      if (this.headVerdict && 'refused' in this.headVerdict) {
        callback(this.refusal(this.headVerdict.refused));
        return;
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    const verdict = this.finalVerdict();
    if ('refused' in verdict) {
      callback(this.refusal(verdict.refused));
      return;
    }
    this.found = { type: verdict.accepted, size: this.size, sha256: this.hash.digest('hex') };
    callback();
  }

  private finalVerdict(): Verdict {
    const head = this.headVerdict ?? sniffHead(this.head);
    if ('zip' in head) return officeDocument(zipEntryNames(Buffer.concat(this.tail), this.size));
    if ('text' in head) {
      if (this.text) this.followText(Buffer.alloc(0), true);
      return this.text ? { accepted: textType(this.head) } : { refused: 'is not a document, image or text we accept' };
    }
    return head;
  }

  /** Whether every byte so far is UTF-8 (a character may continue into the next chunk) and none is NUL. */
  private followText(chunk: Buffer, end = false): void {
    if (!this.text) return;
    try {
      if (chunk.includes(0)) this.text = false;
      else this.utf8.decode(chunk, { stream: !end });
    } catch {
      this.text = false;
    }
  }

  private keepTail(chunk: Buffer): void {
    this.tail.push(chunk);
    this.tailSize += chunk.length;
    while (this.tail.length > 1 && this.tailSize - (this.tail[0]?.length ?? 0) >= TAIL_BYTES) {
      this.tailSize -= this.tail.shift()?.length ?? 0;
    }
  }

  private refusal(why: string) {
    return invalidFormat(this.parameter, why);
  }
}
