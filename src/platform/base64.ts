// File content sent as base64 in a JSON body (document upload2, spreadsheet imports): decoded strictly, so a typo is
// refused instead of silently becoming other bytes, and refused by its length before it is decoded when too large.
import { invalidFormat } from './http/errors.js';

// outside the standard alphabet and its padding (a character class: linear on a 14 MB string, no backtracking)
const NOT_BASE64 = /[^A-Za-z0-9+/=]/;
// what FileReader.readAsDataURL puts before the content; the declared type is ignored like any client claim
const DATA_URL_PREFIX = /^data:[^,;]*(?:;[^,;=]+=[^,;]*)*;base64,/i;

/** The bytes of `text`; refused (naming `parameter`) when it is not base64 or decodes to more than `maxBytes`. */
export function decodeBase64Strictly(parameter: string, text: string, maxBytes: number): Buffer {
  let content = text.replace(DATA_URL_PREFIX, '');
  // Line breaks carry nothing (MIME encoders wrap at 76 characters). A space is never base64: it is a '+' that a
  // form body sent unencoded (x-www-form-urlencoded decodes '+' as a space).
  if (/\s/.test(content)) content = content.replace(/[\r\n]+/g, '').replaceAll(' ', '+');
  if (content === '') throw invalidFormat(parameter, 'is empty');
  const padding = content.endsWith('==') ? 2 : content.endsWith('=') ? 1 : 0;
  if ((content.length / 4) * 3 - padding > maxBytes) {
    throw invalidFormat(parameter, `is larger than ${describeBytes(maxBytes)} decoded`);
  }
  if (!isPaddedBase64(content)) throw invalidFormat(parameter, 'is not valid base64');
  return Buffer.from(content, 'base64');
}

/** Standard alphabet, a multiple of four characters, at most two `=` and only at the end. */
function isPaddedBase64(content: string): boolean {
  if (content.length % 4 !== 0 || NOT_BASE64.test(content)) return false;
  const firstPad = content.indexOf('=');
  if (firstPad === -1) return true;
  return firstPad >= content.length - 2 && (firstPad === content.length - 1 || content[firstPad + 1] === '=');
}

/** A size as refusals name it: whole MiB as such, else bytes. */
export function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`;
}
