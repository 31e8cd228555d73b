// One transaction around a multi-step change: every write in `work` commits together or not at all.
import type { Sql, TransactionSql } from './connections.js';

export function withTransaction<T>(ctx: { db: Sql }, work: (tx: TransactionSql) => Promise<T>): Promise<T> {
  return ctx.db.begin((tx) => work(tx)) as Promise<T>;
}
