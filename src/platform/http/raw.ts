// An answer that is not a JSON envelope: a PDF, a spreadsheet, an HTML page, a stored file's bytes (a stream).
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export class RawAnswer {
  constructor(
    readonly contentType: string,
    readonly body: Buffer | string | Readable,
    readonly options: { status?: number; filename?: string; inline?: boolean; headers?: Record<string, string> } = {},
  ) {}

  send(reply: FastifyReply): FastifyReply {
    const { status, filename, inline, headers } = this.options;
    reply.code(status ?? 200).type(this.contentType);
    if (filename) {
      const disposition = inline ? 'inline' : 'attachment';
      const safe = filename.replace(/[^\w.-]+/g, '_');
      reply.header('content-disposition', `${disposition}; filename="${safe}"`);
    }
    if (headers) for (const name in headers) reply.header(name, headers[name]);
    return reply.send(this.body);
  }
}
