// The catalog's SQL, split by job into one repository each. This file gathers them again for the modules that read
// the catalog's SQL as one `repo` namespace (catalog-admin.service.ts) or have not moved to the split files yet
// (capacity.ts); other code imports the repository it needs.
export * from './attributes.repository.js';
export * from './categories.repository.js';
export * from './inventory-slots.repository.js';
export * from './products.repository.js';
export * from './variants.repository.js';
