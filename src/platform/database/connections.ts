// Opening postgres.js connections to one server. Each database gets its own pool; the caller owns it
// and closes it with `sql.end()`.
import postgres from 'postgres';

export type Sql = postgres.Sql;
export type TransactionSql = postgres.TransactionSql;
/** Either a pool or an open transaction: repositories take this so callers decide the transaction. */
export type Queryable = Sql | TransactionSql;
/** A piece of SQL (with its parameters) to compose into another statement. */
export type Fragment = postgres.Fragment;

/** Where a PostgreSQL server is, and an administrative login on it. */
export interface ServerAddress {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The maintenance database used for CREATE DATABASE and friends. */
  database: string;
  ssl?: boolean;
}

export function parseDatabaseUrl(url: string): ServerAddress {
  const parsed = new URL(url);
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error('DATABASE_URL must be a postgres:// URL');
  }
  return {
    host: decodeURIComponent(parsed.hostname) || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 5432,
    user: decodeURIComponent(parsed.username) || 'postgres',
    password: decodeURIComponent(parsed.password),
    database: parsed.pathname.replace(/^\//, '') || 'postgres',
    ssl: ['require', 'verify-full', 'verify-ca'].includes(parsed.searchParams.get('sslmode') ?? ''),
  };
}

export interface ConnectOptions {
  database: string;
  max: number;
  connectTimeoutSeconds: number;
  /** Log in as another role than the server's administrative one (tenant pools). */
  login?: { user: string; password: string };
  /** Seconds an unused connection is kept open. */
  idleTimeoutSeconds?: number;
  applicationName?: string;
}

export function connect(server: ServerAddress, options: ConnectOptions): Sql {
  return postgres({
    host: server.host,
    port: server.port,
    user: options.login?.user ?? server.user,
    password: options.login?.password ?? server.password,
    database: options.database,
    ssl: server.ssl ? 'require' : false,
    max: options.max,
    connect_timeout: options.connectTimeoutSeconds,
    idle_timeout: options.idleTimeoutSeconds ?? 60,
    max_lifetime: 60 * 30,
    onnotice: () => {},
    connection: { application_name: options.applicationName ?? 'travel-commerce' },
    // Our patch of postgres.js: the server's array types are fetched on its first connection, not on each one
    // (every database of the server has the same built-in types; tenant pools open connections all day). Only
    // built-in ones are kept: an array of a type of our own (we define none) would not be parsed.
    fetch_types: 'server',
  });
}

/**
 * The query sent as an unnamed statement: planned with its own parameter values each time it runs, never with a
 * generic plan (at the price of its planning, and of one more round trip to learn the parameters' types). For the
 * few queries whose best plan depends on the values themselves: how many rows a search pattern matches.
 * postgres.js reads a query's `options.prepare` when it sends the query (connection.js, build); a request's
 * deferred query (deferred-lease.ts) passes the wish on to the query it builds on its connection.
 */
export function unprepared<T>(query: T): T {
  const pending = query as { unprepared?: () => unknown; options?: { prepare: boolean } };
  if (typeof pending.unprepared === 'function') pending.unprepared();
  else if (pending.options) pending.options.prepare = false;
  else throw new Error('unprepared: not a postgres.js query');
  return query;
}

/** Double-quotes an SQL identifier (database and role names cannot be bound as parameters). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Single-quotes an SQL literal for the statements that take no parameters (CREATE ROLE … PASSWORD). */
export function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Run `work` with a dedicated connection to `database` and close it afterwards. */
export async function withConnection<T>(
  server: ServerAddress,
  database: string,
  connectTimeoutSeconds: number,
  work: (sql: Sql) => Promise<T>,
): Promise<T> {
  const sql = connect(server, { database, max: 1, connectTimeoutSeconds, applicationName: 'travel-commerce-admin' });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** PostgreSQL error codes the service reacts to. */
export const PgCode = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  duplicateDatabase: '42P04',
  duplicateObject: '42710',
  invalidCatalogName: '3D000',
  objectInUse: '55006',
} as const;

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}
