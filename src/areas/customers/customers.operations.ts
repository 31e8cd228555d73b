// /customer/*: customer records for employees, the company look-up and trip requests for anyone (contract §3), and
// the trip-request work list for employees.
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import * as customers from './customers.service.js';
import { LIMITS } from './customers.rules.js';
import {
  CompanyLookupRequest,
  CompanyPair,
  CreateCustomerRequest,
  CustomerSummary,
  CustomerView,
  ReadCustomerRequest,
  SearchCustomersRequest,
} from './customers.schemas.js';
import {
  CreateTripRequestRequest,
  ListTripRequestsRequest,
  TripRequest,
  TripRequestIdRequest,
  UpdateTripRequestStatusRequest,
} from './trip-requests.schemas.js';
import type { TripRequestService } from './trip-requests.service.js';

const tags = ['customer'] as const;
const forEmployees = { allow: Allow.employees, tags } as const;

const companyLookup = operation({
  allow: Allow.anyone,
  tags,
  path: '/customer/companyLookup',
  methods: ['POST'],
  summary: `Active companies without a parent whose name contains namepart (any case): [name, customerId] pairs, by name (at most ${LIMITS.companyLookupRows})`,
  input: CompanyLookupRequest,
  response: Type.Array(CompanyPair),
  handler: (ctx, input) => customers.companyLookup(ctx, input.namepart),
});

const search = operation({
  ...forEmployees,
  path: '/customer/search',
  methods: ['POST'],
  summary: `Customers matching every filter given, by name (the first ${LIMITS.searchRows}, or up to ${LIMITS.searchRowsMax} with limit)`,
  description:
    'custName is a substring (any case); email and mobilePhone match exactly (the e-mail in any case) unless method ' +
    'is partial, which makes all three substrings; method exact makes all three exact. Rows carry contacts (ids), ' +
    'not contactList.',
  input: SearchCustomersRequest,
  response: Type.Array(CustomerSummary),
  handler: (ctx, input) => customers.search(ctx, input),
});

const read = operation({
  ...forEmployees,
  path: '/customer/read',
  methods: ['POST'],
  summary: "A customer (archived ones too), with its company's name and a company's contacts in contactList",
  input: ReadCustomerRequest,
  records: { customerId: 'customer' },
  response: CustomerView,
  handler: (ctx, input) => customers.read(ctx, Number(input.customerId)),
});

const create = operation({
  ...forEmployees,
  path: '/customer/create',
  methods: ['POST'],
  summary: 'Create an active customer (isCustomer true), optionally a contact of a company (parentId)',
  description:
    'An e-mail address an active customer already has (any case) answers DUPLICATE. An unknown countryId or ' +
    'parentId answers NOTFOUND; a parentId that is a person, not a company, INVALID_STATE.',
  input: CreateCustomerRequest,
  records: { parentId: 'customer' },
  response: CustomerView,
  handler: (ctx, input) => customers.create(ctx, input),
});

const createTripRequest = (trips: TripRequestService) =>
  operation({
    allow: Allow.anyone,
    tags,
    path: '/customer/createTripRequest',
    methods: ['POST'],
    summary: 'Send a trip request (status NEW); the agency is e-mailed when the sender is not an employee',
    description:
      'Without a session the request is stored as sent by the website (system session). Callers who are not ' +
      'logged in are rate limited per client address (TC_RATE_LIMIT_TRIP_REQUEST a minute, 429 RATE_LIMITED).',
    input: CreateTripRequestRequest,
    response: TripRequest,
    handler: (ctx, input) => trips.create(ctx, input.tripRequest),
  });

const listTripRequests = (trips: TripRequestService) =>
  operation({
    ...forEmployees,
    path: '/customer/listTripRequests',
    methods: ['POST'],
    summary: `Trip requests newest first (at most ${LIMITS.tripRequestRows}), by status, creation dates (tenant dates, inclusive) and text`,
    input: ListTripRequestsRequest,
    response: Type.Array(TripRequest),
    handler: (ctx, input) => trips.list(ctx, input),
  });

const readTripRequest = (trips: TripRequestService) =>
  operation({
    ...forEmployees,
    path: '/customer/readTripRequest',
    methods: ['POST'],
    summary: 'One trip request',
    input: TripRequestIdRequest,
    records: { requestId: 'tripRequest' },
    response: TripRequest,
    handler: (ctx, input) => trips.read(ctx, input.requestId),
  });

const updateTripRequestStatus = (trips: TripRequestService) =>
  operation({
    ...forEmployees,
    path: '/customer/updateTripRequestStatus',
    methods: ['POST'],
    summary: 'Move a trip request: NEW → IN_PROGRESS → QUOTED → CLOSED, or CLOSED from any open status',
    description: 'Any other move (backwards, skipping a step, the same status, from CLOSED) answers INVALID_STATE.',
    input: UpdateTripRequestStatusRequest,
    records: { requestId: 'tripRequest' },
    response: TripRequest,
    handler: (ctx, input) => trips.updateStatus(ctx, input),
  });

/** Every operation of the area, bound to its services. */
export function customersOperations(trips: TripRequestService): OperationDeclaration[] {
  return [
    companyLookup,
    search,
    read,
    create,
    ...[createTripRequest, listTripRequests, readTripRequest, updateTripRequestStatus].map((declare) => declare(trips)),
  ];
}
