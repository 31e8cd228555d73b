// The small table the database scenarios read one row of by primary key, the same in the bare baseline's
// database and in the tenant template (hence in every tenant database cloned from it).
import { TEMPLATE_OWNER_ROLE } from '../../src/platform/database/bootstrap.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Sql } from '../../src/platform/database/connections.js';

export const ITEM_ID = 1;

export interface Item {
  id: number;
  name: string;
  stock: number;
}

const CREATE = `
  CREATE TABLE IF NOT EXISTS bench_items (id integer PRIMARY KEY, name text NOT NULL, stock integer NOT NULL);
  INSERT INTO bench_items SELECT g, 'Item ' || g, g * 3 FROM generate_series(1, 100) g ON CONFLICT DO NOTHING;`;

/** In a database of the bench's own. */
export async function createItems(sql: Sql): Promise<void> {
  await sql.unsafe(CREATE).simple();
}

/** In the tenant template, owned by the template owner role so that a clone hands it to the tenant's role. */
export async function createItemsInTemplate(sql: Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx.unsafe(`SET LOCAL ROLE ${TEMPLATE_OWNER_ROLE}`);
    await tx.unsafe(CREATE).simple();
  });
}

/** The one query both database scenarios run. */
export async function readItem(sql: Sql): Promise<Item> {
  const [row] = await sql<Item[]>`SELECT id, name, stock FROM bench_items WHERE id = ${ITEM_ID}`;
  if (!row) throw new Error(`bench_items has no row ${ITEM_ID}`);
  return row;
}

/** The bare baselines' `GET /item`: the row by primary key, serialised with a schema as the service does. */
export function serveItem(app: FastifyInstance, sqlFor: (request: FastifyRequest) => Sql): void {
  const item = {
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' }, stock: { type: 'integer' } },
  };
  app.get('/item', { schema: { response: { 200: item } } }, (request) => readItem(sqlFor(request)));
}
