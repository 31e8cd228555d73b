// The lines of a stream of UTF-8 text, read as the stream arrives: memory holds one chunk and one line, never the
// file. A line longer than the bound is not kept (it is answered as too long, its text dropped up to the next line
// break), so a file without line breaks cannot make us buffer it. CRLF and LF both end a line; a BOM is dropped.
import { StringDecoder } from 'node:string_decoder';

export type Line = { lineNumber: number; text: string } | { lineNumber: number; tooLong: true };

/** No real line of the static file comes near this (a hotel's fields are a few hundred characters). */
export const MAX_LINE_CHARS = 64 * 1024;

export async function* linesOf(
  stream: AsyncIterable<Buffer | string>,
  maxChars = MAX_LINE_CHARS,
): AsyncGenerator<Line> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let overflowing = false;
  let lineNumber = 0;
  let atStart = true;
  const finish = (text: string): Line => {
    lineNumber += 1;
    const line: Line = overflowing ? { lineNumber, tooLong: true } : { lineNumber, text: stripLineEnd(text) };
    overflowing = false;
    return line;
  };
  for await (const chunk of stream) {
    let text = pending + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
    if (atStart && text !== '') {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      atStart = false;
    }
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      yield finish(text.slice(start, end));
      start = end + 1;
    }
    pending = text.slice(start);
    if (pending.length > maxChars) {
      overflowing = true;
      pending = '';
    }
  }
  pending += decoder.end();
  if (pending !== '' || overflowing) yield finish(pending);
}

function stripLineEnd(text: string): string {
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}
