// What a quote line takes from the catalog: the product's name (shown on the quote as it was when the line was
// added), read through the catalog's api before the quote's transaction (the catalog reads on the request's own
// connection, which a transaction holds), and in the transaction, whether the product is exempt from tax.
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { CatalogApi } from '../catalog/index.js';

export type QuotesCatalog = Pick<CatalogApi, 'productRows' | 'lockProductKey' | 'taxExemptProducts'>;

/** The names of the products of the given ids; a missing one is NOTFOUND naming it. */
export async function productNames(
  ctx: TenantContext,
  catalog: QuotesCatalog,
  productIds: ReadonlyArray<number | undefined>,
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const productId of new Set(productIds)) {
    if (productId === undefined) continue;
    const { product } = await catalog.productRows(ctx, productId).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === ErrorCode.NOTFOUND) throw notFound(`Product ${productId}`);
      throw error;
    });
    names.set(productId, product.prod_name);
  }
  return names;
}
