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
    reply.code(this.options.status ?? 200).type(this.contentType);
    if (this.options.filename) {
      const disposition = this.options.inline ? 'inline' : 'attachment';
      const safe = this.options.filename.replace(/[^\w.-]+/g, '_');
      reply.header('content-disposition', `${disposition}; filename="${safe}"`);
    }
    for (const [name, value] of Object.entries(this.options.headers ?? {})) reply.header(name, value);
    return reply.send(this.body);
  }
}
