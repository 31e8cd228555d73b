// SQL of the category tree: the rows that make it up and the writes that change it. Plain rows out.
import type { Queryable } from '../../platform/database/connections.js';

export interface CategoryRow {
  category_id: number;
  category_name: string;
  parent_category_id: number | null;
  category_seq: number;
}

export function selectCategories(db: Queryable): Promise<CategoryRow[]> {
  return db<CategoryRow[]>`
    SELECT category_id, category_name, parent_category_id, category_seq
    FROM categories ORDER BY category_seq, category_name, category_id`;
}

export async function insertCategory(
  db: Queryable,
  category: { name: string; parentId: number | null; seq: number },
): Promise<number> {
  const [row] = await db<{ category_id: number }[]>`
    INSERT INTO categories (category_name, parent_category_id, category_seq)
    VALUES (${category.name}, ${category.parentId}, ${category.seq})
    RETURNING category_id`;
  if (!row) throw new Error('category insert returned no row');
  return row.category_id;
}

export async function updateCategory(
  db: Queryable,
  categoryId: number,
  category: { name: string; parentId: number | null | undefined; seq: number | undefined },
): Promise<boolean> {
  const keepParent = category.parentId === undefined;
  const rows = await db`
    UPDATE categories SET
      category_name = ${category.name},
      parent_category_id = CASE WHEN ${keepParent} THEN parent_category_id ELSE ${category.parentId ?? null}::int END,
      category_seq = COALESCE(${category.seq ?? null}::int, category_seq),
      updated_at = now()
    WHERE category_id = ${categoryId}
    RETURNING 1`;
  return rows.length > 0;
}

export async function categoryUsage(
  db: Queryable,
  categoryId: number,
): Promise<{ children: number; products: number }> {
  const [row] = await db<{ children: number; products: number }[]>`
    SELECT (SELECT count(*)::int FROM categories WHERE parent_category_id = ${categoryId}) AS children,
           (SELECT count(*)::int FROM products WHERE public_category_id = ${categoryId}) AS products`;
  return row ?? { children: 0, products: 0 };
}

export async function deleteCategory(db: Queryable, categoryId: number): Promise<boolean> {
  return (await db`DELETE FROM categories WHERE category_id = ${categoryId} RETURNING 1`).length > 0;
}
