// A request's database connection, taken only when the request first sends a query. A request a cache answers
// (a known session, a catalog read) then never takes one: at a thousand tenants and a cap of fifty connections,
// such a request neither opens a pool, nor closes another tenant's idle one, nor waits for a free slot.
//
// `sql` looks like a postgres.js instance to the code that uses it (repositories take `Queryable`):
// - a tagged template is a deferred query: awaiting it takes the lease (once per request, shared by queries
//   sent together) and sends the statement on the leased connection. Used inside another template, it is a
//   fragment of that statement, rebuilt on the same connection when the statement is sent.
// - `begin` and `unsafe` take the lease the same way. `sql.array` and `sql.typed` are built on the connection
//   when the statement is sent (array types are learnt on connecting); `sql(columns)` and `sql.json` need no
//   connection and are those of an instance that never connects.
// - anything else of a pool (listen, notify, reserve, end, …) is not a request's to use and throws.
import postgres from 'postgres';
import { type Sql, unprepared } from './connections.js';

/** A connection given to one request (a tenant pool's lease). */
export interface Lease {
  sql: Sql;
  release(): void;
}

export interface DeferredLease {
  sql: Sql;
  /** Gives the connection back, now or once the lease being taken is granted; the request is over. */
  release(): void;
}

/** Builds parameters and identifiers only: it is never sent a query, so it never opens a connection. */
const HELPERS = postgres({ max: 1 });
const HELPER_NAMES = new Set<PropertyKey>(['json', 'types', 'options', 'parameters']);
/** Parameters typed by the connection's own type map (array types are learnt on connecting): built on it. */
const CONNECTION_TYPED = new Set<PropertyKey>(['array', 'typed']);
/** What a pool has and a request must not use: asking for one is a programming error, said at once. */
const POOL_ONLY = new Set<PropertyKey>([
  'listen',
  'notify',
  'subscribe',
  'reserve',
  'end',
  'close',
  'file',
  'largeObject',
]);

type AnySql = (...args: unknown[]) => unknown;

/** A statement waiting for the request's connection; thenable like postgres.js's own pending query. */
class DeferredQuery implements PromiseLike<unknown> {
  private sent: Promise<unknown> | undefined;
  private prepare = true;

  constructor(
    private readonly connection: () => Promise<Sql>,
    private readonly build: (sql: Sql) => PromiseLike<unknown>,
  ) {}

  // biome-ignore lint/suspicious/noThenProperty: it is a thenable on purpose, awaited like postgres.js's queries.
  then<A = unknown, B = never>(
    onFulfilled?: ((value: unknown) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.sent ??= this.connection().then((sql) => {
      const query = this.build(sql);
      return this.prepare ? query : unprepared(query);
    });
    return this.sent.then(onFulfilled, onRejected);
  }

  /** Sent as an unnamed statement once built (connections.ts, unprepared). */
  unprepared(): this {
    this.prepare = false;
    return this;
  }

  catch<B = never>(onRejected: (reason: unknown) => B | PromiseLike<B>): Promise<unknown> {
    return this.then(undefined, onRejected);
  }

  finally(onFinally: () => void): Promise<unknown> {
    return this.then(
      (value) => {
        onFinally();
        return value;
      },
      (reason: unknown) => {
        onFinally();
        throw reason;
      },
    );
  }

  /** The same statement as a fragment built on `sql`, to place inside another statement sent on it. */
  on(sql: Sql): unknown {
    return this.build(sql);
  }
}

/** A parameter (`sql.array`, `sql.typed`) built on the connection its statement is sent on. */
class DeferredParameter {
  constructor(private readonly build: (sql: Sql) => unknown) {}

  on(sql: Sql): unknown {
    return this.build(sql);
  }
}

const isTemplate = (value: unknown): value is TemplateStringsArray =>
  Array.isArray(value) && Array.isArray((value as unknown as { raw?: unknown }).raw);

/** Template parameters with every deferred fragment rebuilt on the connection the statement is sent on. */
function onConnection(sql: Sql, parameters: readonly unknown[]): unknown[] {
  return parameters.map((value) =>
    value instanceof DeferredQuery || value instanceof DeferredParameter ? value.on(sql) : value,
  );
}

export function deferredLease(acquire: () => Promise<Lease>): DeferredLease {
  let lease: Promise<Lease> | undefined;
  const connection = async () => {
    lease ??= acquire();
    return (await lease).sql;
  };
  const template = (strings: TemplateStringsArray, parameters: unknown[]) =>
    new DeferredQuery(
      connection,
      (sql) => (sql as unknown as AnySql)(strings, ...onConnection(sql, parameters)) as PromiseLike<unknown>,
    );
  const facade = new Proxy(function deferredSql() {}, {
    apply(_target, _this, args: unknown[]) {
      const [first, ...rest] = args;
      if (isTemplate(first)) return template(first, rest);
      return (HELPERS as unknown as AnySql)(...args);
    },
    get(_target, name) {
      if (name === 'begin') {
        return async (...args: unknown[]) => ((await connection()).begin as unknown as AnySql)(...args);
      }
      if (name === 'unsafe') {
        return (...args: unknown[]) =>
          new DeferredQuery(connection, (sql) => (sql.unsafe as unknown as AnySql)(...args) as PromiseLike<unknown>);
      }
      if (CONNECTION_TYPED.has(name)) {
        return (...args: unknown[]) =>
          new DeferredParameter((sql) => (Reflect.get(sql, name) as AnySql).apply(sql, args));
      }
      if (HELPER_NAMES.has(name)) return Reflect.get(HELPERS, name);
      if (POOL_ONLY.has(name)) throw new Error(`a request's database handle has no ${String(name)}: it is not a pool`);
      // Anything else (then, inspection symbols) is absent, so the handle is not mistaken for a promise.
      return undefined;
    },
  });
  return {
    sql: facade as unknown as Sql,
    release() {
      lease?.then(
        (granted) => granted.release(),
        () => {},
      );
    },
  };
}
