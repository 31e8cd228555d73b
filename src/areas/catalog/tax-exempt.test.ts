// A product's VAT exemption: written by /product/saveProduct (default false, kept when a save leaves it out), shown
// on every product read, and read by checkout and quotes through the catalog's api (taxExemptProducts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product, type TestTenant, tenant } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import type { Product } from './catalog.schemas.js';
import { selectTaxExemptProducts } from './products.repository.js';

let t: TestTenant;

beforeAll(async () => {
  t = await tenant(await startTestService());
});

afterAll(() => t.service.close());

const save = (saved: Product, changes: object) =>
  t.adminApi.ok<Product>('/product/saveProduct', {
    productId: saved.productId,
    prodCode: saved.prodCode,
    prodName: saved.prodName,
    productPrice: saved.productPrice,
    publicCategoryId: saved.publicCategoryId,
    ...changes,
  });

describe('taxExempt', () => {
  it('defaults to false; saveProduct sets it and a later save without it keeps it; reads show it', async () => {
    const taxed = await product(t);
    expect(taxed.taxExempt).toBe(false);
    const exempt = await product(t, { taxExempt: true });
    expect(exempt.taxExempt).toBe(true);
    expect((await save(exempt, { prodName: 'Renamed museum pass' })).taxExempt).toBe(true);
    // a public read (no session) shows it too: whether a price carries VAT is no secret
    expect((await t.api.ok<Product>('/product/getProduct', { productId: exempt.productId })).taxExempt).toBe(true);
    expect((await save(exempt, { taxExempt: false })).taxExempt).toBe(false);
  });

  it('is a boolean: anything else is INVALID_FORMAT naming it', async () => {
    const saved = await product(t);
    await t.adminApi.expectError(
      '/product/saveProduct',
      {
        productId: saved.productId,
        prodCode: saved.prodCode,
        prodName: saved.prodName,
        productPrice: saved.productPrice,
        publicCategoryId: saved.publicCategoryId,
        taxExempt: 'sometimes',
      },
      'INVALID_FORMAT',
      'taxExempt',
    );
  });

  it('taxExemptProducts answers which of the given products are exempt', async () => {
    const taxed = await product(t);
    const exempt = await product(t, { taxExempt: true });
    const ids = [taxed.productId, exempt.productId, exempt.productId, 999_999];
    expect(await t.db((sql) => selectTaxExemptProducts(sql, ids))).toEqual(new Set([exempt.productId]));
    expect(await t.db((sql) => selectTaxExemptProducts(sql, []))).toEqual(new Set());
  });
});
