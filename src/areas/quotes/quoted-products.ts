// What a quote line takes from the catalog: the product's name (shown on the quote as it was when the line was
// added) and whether the product is exempt from the tenant's tax. Read through the catalog's api, before the
// quote's transaction: the catalog reads on the request's own connection, which a transaction holds.
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { CatalogApi } from '../catalog/index.js';

export interface QuotedProduct {
  name: string;
  taxExempt: boolean;
}

export type QuotesCatalog = Pick<CatalogApi, 'productRows' | 'lockProductKey'>;

/**
 * Tax-exemption seam: the catalog's products gain a `taxExempt` flag (issue 13's tax work). Until the catalog
 * reports it, every quoted product is taxable; this is the one place that changes when it does.
 */
function taxExemptOf(product: object): boolean {
  return 'tax_exempt' in product && product.tax_exempt === true;
}

/** The products of the given ids; a missing one is NOTFOUND naming it. */
export async function quotedProducts(
  ctx: TenantContext,
  catalog: QuotesCatalog,
  productIds: ReadonlyArray<number | undefined>,
): Promise<Map<number, QuotedProduct>> {
  const found = new Map<number, QuotedProduct>();
  for (const productId of new Set(productIds)) {
    if (productId === undefined) continue;
    const { product } = await catalog.productRows(ctx, productId).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === ErrorCode.NOTFOUND) throw notFound(`Product ${productId}`);
      throw error;
    });
    found.set(productId, { name: product.prod_name, taxExempt: taxExemptOf(product) });
  }
  return found;
}
