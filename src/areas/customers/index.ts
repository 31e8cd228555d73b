// The customers area: the people and companies an agency sells to (table `customers`). No operations yet (the
// /customer/* operations come next); other areas find or create customers through its api, and the kernel asks
// its reader whether a caller may use a customer id it sends.
import type { Area } from '../../platform/area.js';
import { findByEmail, findById, findOrCreateByEmail } from './customers.lookup.js';
import { type CustomerRecordOf, customerRecords } from './customers.records.js';

export type { Customer, NewCustomer } from './customers.lookup.js';
export type { CustomerRecordOf } from './customers.records.js';

/** Customer look-ups for other areas; each runs on the handle (pool or transaction) the caller passes. */
export interface CustomersApi {
  findById: typeof findById;
  findByEmail: typeof findByEmail;
  findOrCreateByEmail: typeof findOrCreateByEmail;
}

export function createCustomersArea(deps: { customerRecordOf: CustomerRecordOf }): Area<CustomersApi> {
  return {
    operations: [],
    api: { findById, findByEmail, findOrCreateByEmail },
    records: { customer: customerRecords(deps.customerRecordOf) },
  };
}
