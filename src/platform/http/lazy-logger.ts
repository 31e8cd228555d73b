// Fastify gives every request a child logger bound to its correlation id. Building a pino child (bindings,
// redaction) costs more than a simple operation itself, and most requests never log; this one builds the child
// on its first log line only.
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

export class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void {
    Reflect.apply(this.logger.fatal, this.logger, args);
  }
  error(...args: unknown[]): void {
    Reflect.apply(this.logger.error, this.logger, args);
  }
  warn(...args: unknown[]): void {
    Reflect.apply(this.logger.warn, this.logger, args);
  }
  info(...args: unknown[]): void {
    Reflect.apply(this.logger.info, this.logger, args);
  }
  debug(...args: unknown[]): void {
    Reflect.apply(this.logger.debug, this.logger, args);
  }
  trace(...args: unknown[]): void {
    Reflect.apply(this.logger.trace, this.logger, args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}
