// withTransaction against a real PostgreSQL: after-commit effects run once the change is durable, never for a
// transaction that rolled back, in the order registered, and a failing effect neither undoes the change nor
// keeps the others from running.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../test/support/database.js';
import type { Sql } from './connections.js';
import { withTransaction } from './transaction.js';

let db: Sql;
let drop: () => Promise<void>;

beforeAll(async () => {
  const scratch = await scratchDatabase('tc_tx');
  db = scratch.sql;
  drop = scratch.drop;
  await db`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)`;
});

afterAll(async () => {
  await drop?.();
});

const count = async (body: string) => (await db`SELECT count(*)::int AS n FROM notes WHERE body = ${body}`)[0]?.n;

describe('withTransaction', () => {
  it('runs after-commit effects once the change is visible to other connections, in order', async () => {
    const seen: Array<[string, number]> = [];
    await withTransaction({ db }, async (tx, afterCommit) => {
      afterCommit(async () => {
        seen.push(['first', await count('committed')]);
      });
      await tx`INSERT INTO notes (body) VALUES ('committed')`;
      afterCommit(async () => {
        seen.push(['second', await count('committed')]);
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([
      ['first', 1],
      ['second', 1],
    ]);
  });

  it('never runs the effects of a transaction that rolled back', async () => {
    const ran: string[] = [];
    await expect(
      withTransaction({ db }, async (tx, afterCommit) => {
        afterCommit(() => {
          ran.push('effect');
        });
        await tx`INSERT INTO notes (body) VALUES ('rolled back')`;
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual([]);
    expect(await count('rolled back')).toBe(0);
  });

  it('keeps the change and runs the other effects when one effect fails, and reports it', async () => {
    const warnings: string[] = [];
    const ran: string[] = [];
    const answer = await withTransaction(
      { db, log: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) }) },
      async (tx, afterCommit) => {
        afterCommit(() => {
          throw new Error('broadcast failed');
        });
        afterCommit(() => {
          ran.push('second');
        });
        await tx`INSERT INTO notes (body) VALUES ('kept')`;
        return 'saved';
      },
    );
    expect(answer).toBe('saved');
    expect(ran).toEqual(['second']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('after-commit effect failed');
    expect(await count('kept')).toBe(1);
  });
});
