// One transaction around a multi-step change: every write in `work` commits together or not at all. What must
// follow a write (a cache dropped on every node, an outbox kick, a cluster notification) is registered inside the
// transaction with `afterCommit`, so it runs only once the change is durable, and no write path can forget it.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql, TransactionSql } from './connections.js';

export type AfterCommit = (effect: () => void | Promise<void>) => void;

export interface TransactionScope {
  db: Sql;
  /** Where a failed after-commit effect is reported (the change itself stays committed). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export async function withTransaction<T>(
  scope: TransactionScope,
  work: (tx: TransactionSql, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const effects: Array<() => void | Promise<void>> = [];
  const result = (await scope.db.begin((tx) => work(tx, (effect) => effects.push(effect)))) as T;
  await runEffects(effects, scope.log);
  return result;
}

/** Effects run in the order they were registered; one failing does not keep the others from running. */
async function runEffects(
  effects: ReadonlyArray<() => void | Promise<void>>,
  log: Pick<FastifyBaseLogger, 'warn'> | undefined,
): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      log?.warn({ err: error }, 'an after-commit effect failed; the change itself is committed');
    }
  }
}
