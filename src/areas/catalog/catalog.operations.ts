// /product/*: catalog reads for everyone, and catalog administration for employees (contract §6).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Allow } from '../../platform/auth/roles.js';
import { defineOperation } from '../../platform/http/operation.js';
import type { CatalogAdminService } from './catalog-admin.service.js';
import {
  Attribute,
  AttributeIdRequest,
  AvailabilityRequest,
  AvailabilityResult,
  CategoryIdRequest,
  CategoryNode,
  CategoryProductsBody,
  CategoryProductsQuery,
  FindCategoryRequest,
  GetProductRequest,
  GetVariantRequest,
  InventoryRequest,
  InventorySlot,
  LookupPair,
  LookupRequest,
  Product,
  ProductIdRequest,
  ProductSummary,
  SaveAttributeRequest,
  SaveCategoryRequest,
  SaveProductRequest,
  SaveVariantRequest,
  SearchProductRequest,
  SearchRow,
  SetInventoryRequest,
  Terms,
  Timeslot,
  TimeslotsRequest,
  Variant,
  VariantIdRequest,
  VariantsRequest,
} from './catalog.schemas.js';
import type { CatalogService } from './catalog.service.js';

export function registerCatalogOperations(
  app: FastifyInstance,
  catalog: CatalogService,
  admin: CatalogAdminService,
): void {
  const read = { allow: Allow.anyone, tags: ['product'] } as const;
  const write = { allow: Allow.employees, tags: ['product administration'] } as const;

  defineOperation(app, {
    ...read,
    path: '/product/getCategories',
    methods: ['GET', 'POST'],
    summary: 'The category tree',
    response: Type.Array(CategoryNode),
    handler: (ctx) => catalog.categories(ctx),
  });
  defineOperation(app, {
    ...read,
    path: '/product/findCategory',
    methods: ['POST'],
    summary: 'One category by name (exact, else partial; case-insensitive)',
    input: FindCategoryRequest,
    response: CategoryNode,
    handler: (ctx, input) => catalog.findCategory(ctx, input.catName),
  });
  defineOperation(app, {
    ...read,
    path: '/product/getCategoryProducts',
    methods: ['GET'],
    summary: 'Products of a category (listing fields)',
    input: CategoryProductsQuery,
    response: Type.Array(ProductSummary),
    handler: (ctx, input) => catalog.categoryProducts(ctx, input.category),
  });
  // The POST form names the category catId, where the GET form says category (specification).
  defineOperation(app, {
    ...read,
    path: '/product/getCategoryProducts',
    methods: ['POST'],
    summary: 'Products of a category (listing fields)',
    input: CategoryProductsBody,
    response: Type.Array(ProductSummary),
    handler: (ctx, input) => catalog.categoryProducts(ctx, input.catId),
  });
  defineOperation(app, {
    ...read,
    path: '/product/getProduct',
    methods: ['POST'],
    summary: 'One product with its detail fields, by productId or productCode',
    input: GetProductRequest,
    response: Product,
    handler: (ctx, input) => catalog.product(ctx, input),
  });
  defineOperation(app, {
    ...read,
    path: '/product/searchProduct',
    methods: ['POST'],
    summary: 'Products by name (method partial: substring), category and web availability',
    input: SearchProductRequest,
    response: Type.Array(SearchRow),
    handler: (ctx, input) => catalog.search(ctx, input),
  });
  defineOperation(app, {
    ...read,
    path: '/product/productLookup',
    methods: ['POST'],
    summary: '[name, productId] pairs for a type-ahead',
    input: LookupRequest,
    response: Type.Array(LookupPair),
    handler: (ctx, input) => catalog.lookup(ctx, input.namepart),
  });
  defineOperation(app, {
    ...read,
    path: '/product/getProductAttributes',
    methods: ['POST'],
    summary: "The product's attributes and their values with price adjustments",
    input: ProductIdRequest,
    response: Type.Array(Attribute),
    handler: (ctx, input) => catalog.attributes(ctx, input.productId),
  });
  defineOperation(app, {
    ...read,
    path: '/product/getProductVariants',
    methods: ['POST'],
    summary: "The product's variants; with bookInfo, `available` says whether the party fits on the date",
    input: VariantsRequest,
    response: Type.Array(Variant),
    handler: (ctx, input) => catalog.variants(ctx, input.productId, input.bookInfo),
  });
  defineOperation(app, {
    ...read,
    path: '/product/getVariant',
    methods: ['POST'],
    summary: 'The variant of exactly these attribute values',
    input: GetVariantRequest,
    response: Variant,
    handler: (ctx, input) => catalog.variantOf(ctx, input.productId, input.attrValues, input.bookInfo),
  });
  defineOperation(app, {
    ...read,
    path: '/product/getDefaultVariant',
    methods: ['POST'],
    summary: "The product's default variant",
    input: ProductIdRequest,
    response: Variant,
    handler: (ctx, input) => catalog.defaultVariant(ctx, input.productId),
  });
  defineOperation(app, {
    ...read,
    path: '/product/getAvailability',
    methods: ['POST'],
    summary: 'Price and availability of a party on a date, decided by the server',
    input: AvailabilityRequest,
    response: AvailabilityResult,
    handler: (ctx, input) => catalog.availability(ctx, input.bookingRequest),
  });
  defineOperation(app, {
    ...read,
    path: '/product/getTerms',
    methods: ['POST'],
    summary: "The product's terms, cancellation and child policies",
    input: ProductIdRequest,
    response: Terms,
    handler: (ctx, input) => catalog.terms(ctx, input.productId),
  });
  defineOperation(app, {
    ...read,
    path: '/product/getTimeslots',
    methods: ['POST'],
    summary: "A variant's time slots on a date, with places left",
    input: TimeslotsRequest,
    response: Type.Array(Timeslot),
    handler: (ctx, input) => catalog.timeslots(ctx, input.variant, input.bookInfo),
  });

  // ---------- administration ----------

  defineOperation(app, {
    ...write,
    path: '/product/saveCategory',
    methods: ['POST'],
    summary: 'Create (no categoryId) or update a category',
    input: SaveCategoryRequest,
    response: CategoryNode,
    handler: (ctx, input) => admin.saveCategory(ctx, input),
  });
  defineOperation(app, {
    ...write,
    path: '/product/deleteCategory',
    methods: ['POST'],
    summary: 'Delete a category without sub-categories or products',
    input: CategoryIdRequest,
    response: Type.Boolean(),
    handler: (ctx, input) => admin.deleteCategory(ctx, input.categoryId),
  });
  defineOperation(app, {
    ...write,
    path: '/product/saveProduct',
    methods: ['POST'],
    summary: 'Create (no productId; a default variant comes with it) or update a product, transfers included',
    input: SaveProductRequest,
    response: Product,
    handler: (ctx, input) => admin.saveProduct(ctx, input),
  });
  defineOperation(app, {
    ...write,
    path: '/product/deleteProduct',
    methods: ['POST'],
    summary: 'Delete a product with no sales or held seats, with its variants and inventory',
    input: ProductIdRequest,
    response: Type.Boolean(),
    handler: (ctx, input) => admin.deleteProduct(ctx, input.productId),
  });
  defineOperation(app, {
    ...write,
    path: '/product/saveAttribute',
    methods: ['POST'],
    summary: 'Create or update an attribute with its values (values not sent are removed)',
    input: SaveAttributeRequest,
    response: Attribute,
    handler: (ctx, input) => admin.saveAttribute(ctx, input),
  });
  defineOperation(app, {
    ...write,
    path: '/product/deleteAttribute',
    methods: ['POST'],
    summary: 'Delete an attribute and its values',
    input: AttributeIdRequest,
    response: Type.Boolean(),
    handler: (ctx, input) => admin.deleteAttribute(ctx, input.attributeId),
  });
  defineOperation(app, {
    ...write,
    path: '/product/saveVariant',
    methods: ['POST'],
    summary: 'Create (no servid) or update a variant: attribute combination, prices, occupancy, time slots',
    input: SaveVariantRequest,
    response: Variant,
    handler: (ctx, input) => admin.saveVariant(ctx, input),
  });
  defineOperation(app, {
    ...write,
    path: '/product/deleteVariant',
    methods: ['POST'],
    summary: 'Delete a variant with no sales (a product keeps at least one)',
    input: VariantIdRequest,
    response: Type.Boolean(),
    handler: (ctx, input) => admin.deleteVariant(ctx, input.variantId),
  });
  defineOperation(app, {
    ...write,
    path: '/product/setInventory',
    methods: ['POST'],
    summary: 'Capacity of a variant for a date range, on chosen weekdays and start times',
    input: SetInventoryRequest,
    response: Type.Object({ slotsWritten: Type.Integer() }),
    handler: (ctx, input) => admin.setInventory(ctx, input),
  });
  defineOperation(app, {
    ...write,
    path: '/product/getInventory',
    methods: ['POST'],
    summary: "A variant's inventory slots with capacity, sold, held and free seats",
    input: InventoryRequest,
    response: Type.Array(InventorySlot),
    handler: (ctx, input) => admin.inventory(ctx, input),
  });
}
