// /product/*: catalog reads for everyone, and catalog administration for employees (contract §6).
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
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

const read = { allow: Allow.anyone, tags: ['product'] } as const;
const write = { allow: Allow.employees, tags: ['product administration'] } as const;

/** The catalog's reads, and its administration (employees). */
export interface CatalogServices {
  catalog: CatalogService;
  admin: CatalogAdminService;
}

const getCategories = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/getCategories',
    methods: ['GET', 'POST'],
    summary: 'The category tree',
    response: Type.Array(CategoryNode),
    handler: (ctx) => services.catalog.categories(ctx),
  });

const findCategory = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/findCategory',
    methods: ['POST'],
    summary: 'One category by name (exact, else partial; case-insensitive)',
    input: FindCategoryRequest,
    response: CategoryNode,
    handler: (ctx, input) => services.catalog.findCategory(ctx, input.catName),
  });

const getCategoryProducts = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/getCategoryProducts',
    methods: ['GET'],
    summary: 'Products of a category (listing fields)',
    input: CategoryProductsQuery,
    response: Type.Array(ProductSummary),
    handler: (ctx, input) => services.catalog.categoryProducts(ctx, input.category),
  });

// The POST form names the category catId, where the GET form says category (specification).
const getCategoryProductsPost = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/getCategoryProducts',
    methods: ['POST'],
    summary: 'Products of a category (listing fields)',
    input: CategoryProductsBody,
    response: Type.Array(ProductSummary),
    handler: (ctx, input) => services.catalog.categoryProducts(ctx, input.catId),
  });

const getProduct = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/getProduct',
    methods: ['POST'],
    summary: 'One product with its detail fields, by productId or productCode',
    input: GetProductRequest,
    response: Product,
    handler: (ctx, input) => services.catalog.product(ctx, input),
  });

const searchProduct = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/searchProduct',
    methods: ['POST'],
    summary: 'Products by name (method partial: substring), category and web availability',
    input: SearchProductRequest,
    response: Type.Array(SearchRow),
    handler: (ctx, input) => services.catalog.search(ctx, input),
  });

const productLookup = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/productLookup',
    methods: ['POST'],
    summary: '[name, productId] pairs for a type-ahead',
    input: LookupRequest,
    response: Type.Array(LookupPair),
    handler: (ctx, input) => services.catalog.lookup(ctx, input.namepart),
  });

const getProductAttributes = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/getProductAttributes',
    methods: ['POST'],
    summary: "The product's attributes and their values with price adjustments",
    input: ProductIdRequest,
    response: Type.Array(Attribute),
    handler: (ctx, input) => services.catalog.attributes(ctx, input.productId),
  });

const getProductVariants = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/getProductVariants',
    methods: ['POST'],
    summary: "The product's variants; with bookInfo, `available` says whether the party fits on the date",
    input: VariantsRequest,
    response: Type.Array(Variant),
    handler: (ctx, input) => services.catalog.variants(ctx, input.productId, input.bookInfo),
  });

const getVariant = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/getVariant',
    methods: ['POST'],
    summary: 'The variant of exactly these attribute values',
    input: GetVariantRequest,
    response: Variant,
    handler: (ctx, input) => services.catalog.variantOf(ctx, input.productId, input.attrValues, input.bookInfo),
  });

const getDefaultVariant = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/getDefaultVariant',
    methods: ['POST'],
    summary: "The product's default variant",
    input: ProductIdRequest,
    response: Variant,
    handler: (ctx, input) => services.catalog.defaultVariant(ctx, input.productId),
  });

const getAvailability = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/getAvailability',
    methods: ['POST'],
    summary: 'Price and availability of a party on a date, decided by the server',
    input: AvailabilityRequest,
    response: AvailabilityResult,
    handler: (ctx, input) => services.catalog.availability(ctx, input.bookingRequest),
  });

const getTerms = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/getTerms',
    methods: ['POST'],
    summary: "The product's terms, cancellation and child policies",
    input: ProductIdRequest,
    response: Terms,
    handler: (ctx, input) => services.catalog.terms(ctx, input.productId),
  });

const getTimeslots = (services: CatalogServices) =>
  operation({
    ...read,
    path: '/product/getTimeslots',
    methods: ['POST'],
    summary: "A variant's time slots on a date, with places left",
    input: TimeslotsRequest,
    response: Type.Array(Timeslot),
    handler: (ctx, input) => services.catalog.timeslots(ctx, input.variant, input.bookInfo),
  });

const saveCategory = (services: CatalogServices) =>
  operation({
    ...write,
    path: '/product/saveCategory',
    methods: ['POST'],
    summary: 'Create (no categoryId) or update a category',
    input: SaveCategoryRequest,
    response: CategoryNode,
    handler: (ctx, input) => services.admin.saveCategory(ctx, input),
  });

const deleteCategory = (services: CatalogServices) =>
  operation({
    ...write,
    path: '/product/deleteCategory',
    methods: ['POST'],
    summary: 'Delete a category without sub-categories or products',
    input: CategoryIdRequest,
    response: Type.Boolean(),
    handler: (ctx, input) => services.admin.deleteCategory(ctx, input.categoryId),
  });

const saveProduct = (services: CatalogServices) =>
  operation({
    ...write,
    path: '/product/saveProduct',
    methods: ['POST'],
    summary: 'Create (no productId; a default variant comes with it) or update a product, transfers included',
    input: SaveProductRequest,
    response: Product,
    handler: (ctx, input) => services.admin.saveProduct(ctx, input),
  });

const deleteProduct = (services: CatalogServices) =>
  operation({
    ...write,
    path: '/product/deleteProduct',
    methods: ['POST'],
    summary: 'Delete a product with no sales or held seats, with its variants and inventory',
    input: ProductIdRequest,
    response: Type.Boolean(),
    handler: (ctx, input) => services.admin.deleteProduct(ctx, input.productId),
  });

const saveAttribute = (services: CatalogServices) =>
  operation({
    ...write,
    path: '/product/saveAttribute',
    methods: ['POST'],
    summary: 'Create or update an attribute with its values (values not sent are removed)',
    input: SaveAttributeRequest,
    response: Attribute,
    handler: (ctx, input) => services.admin.saveAttribute(ctx, input),
  });

const deleteAttribute = (services: CatalogServices) =>
  operation({
    ...write,
    path: '/product/deleteAttribute',
    methods: ['POST'],
    summary: 'Delete an attribute and its values',
    input: AttributeIdRequest,
    response: Type.Boolean(),
    handler: (ctx, input) => services.admin.deleteAttribute(ctx, input.attributeId),
  });

const saveVariant = (services: CatalogServices) =>
  operation({
    ...write,
    path: '/product/saveVariant',
    methods: ['POST'],
    summary: 'Create (no servid) or update a variant: attribute combination, prices, occupancy, time slots',
    input: SaveVariantRequest,
    response: Variant,
    handler: (ctx, input) => services.admin.saveVariant(ctx, input),
  });

const deleteVariant = (services: CatalogServices) =>
  operation({
    ...write,
    path: '/product/deleteVariant',
    methods: ['POST'],
    summary: 'Delete a variant with no sales (a product keeps at least one)',
    input: VariantIdRequest,
    response: Type.Boolean(),
    handler: (ctx, input) => services.admin.deleteVariant(ctx, input.variantId),
  });

const setInventory = (services: CatalogServices) =>
  operation({
    ...write,
    path: '/product/setInventory',
    methods: ['POST'],
    summary: 'Capacity of a variant for a date range, on chosen weekdays and start times',
    input: SetInventoryRequest,
    response: Type.Object({ slotsWritten: Type.Integer() }),
    handler: (ctx, input) => services.admin.setInventory(ctx, input),
  });

const getInventory = (services: CatalogServices) =>
  operation({
    ...write,
    path: '/product/getInventory',
    methods: ['POST'],
    summary: "A variant's inventory slots with capacity, sold, held and free seats",
    input: InventoryRequest,
    response: Type.Array(InventorySlot),
    handler: (ctx, input) => services.admin.inventory(ctx, input),
  });

/** Every operation of the area, bound to its services. */
export function catalogOperations(services: CatalogServices): OperationDeclaration[] {
  return [
    getCategories,
    findCategory,
    getCategoryProducts,
    getCategoryProductsPost,
    getProduct,
    searchProduct,
    productLookup,
    getProductAttributes,
    getProductVariants,
    getVariant,
    getDefaultVariant,
    getAvailability,
    getTerms,
    getTimeslots,
    saveCategory,
    deleteCategory,
    saveProduct,
    deleteProduct,
    saveAttribute,
    deleteAttribute,
    saveVariant,
    deleteVariant,
    setInventory,
    getInventory,
  ].map((declare) => declare(services));
}
