// unprepared(query): sent as an unnamed statement, so PostgreSQL keeps no prepared statement of it (and plans it
// with its own values each time), where the same query otherwise becomes a named prepared statement.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scratchDatabase, testServer } from '../../../test/support/database.js';
import { connect, type Sql, unprepared } from './connections.js';

let db: { name: string; drop(): Promise<void> };
// One connection, so every statement below meets the same session's prepared statements.
let single: Sql;
beforeAll(async () => {
  db = await scratchDatabase();
  single = connect(testServer(), { database: db.name, max: 1, connectTimeoutSeconds: 5 });
});
afterAll(async () => {
  await single.end({ timeout: 1 });
  await db.drop();
});

it('keeps no prepared statement of an unprepared query, and answers the same rows', async () => {
  const statementsLike = async (marker: string) => {
    const [row] = await single<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${`%${marker}%`}
          AND statement NOT LIKE '%pg_prepared_statements%'`;
    return row?.n;
  };
  const unnamed = await unprepared(single<{ x: number }[]>`SELECT ${41}::int + 1 AS x /* unprepared_marker */`);
  expect(unnamed).toEqual([{ x: 42 }]);
  expect(await statementsLike('unprepared_marker')).toBe(0);
  await single`SELECT ${41}::int + 1 AS x /* prepared_marker */`;
  expect(await statementsLike('prepared_marker')).toBe(1);
});
