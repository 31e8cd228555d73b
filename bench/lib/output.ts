// The last lines a child wrote (stdout and stderr), kept in memory for diagnostics, and a count of the
// pino lines at level error or fatal. Nothing is written to disk, and printed secrets are masked.
import type { Readable } from 'node:stream';

const KEPT_LINES = 200;
/** Secrets main.ts prints once on its first start; they never reach the bench's output. */
const SECRETS = /(client_secret=|admin login: \S+ \/ |website key \(pk\): )\S+/g;

export class OutputTail {
  private readonly lines: string[] = [];
  private partial = '';
  errorLines = 0;

  attach(stream: Readable | null): void {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => this.add(chunk));
  }

  private add(chunk: string): void {
    const parts = (this.partial + chunk).split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) {
      if (/"level":(50|60)\b/.test(line)) this.errorLines += 1;
      this.lines.push(line.replace(SECRETS, '$1***'));
      if (this.lines.length > KEPT_LINES) this.lines.shift();
    }
  }

  /** The last `count` lines, for an error message. */
  tail(count = 20): string {
    return [...this.lines, this.partial]
      .filter(Boolean)
      .slice(-count)
      .map((line) => `    | ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`)
      .join('\n');
  }
}
