// /ticketsupplier/*: the ticket supplier's catalog as the tenant keeps it (contract §8.4). Reads are open to anyone
// (contract §3, `session` O); enabling and disabling a city is for employees. Availability and timeslots are the
// only operations that call the supplier.
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import {
  Availability,
  CitiesRequest,
  City,
  CityRequest,
  Country,
  Experience,
  ExperienceRequest,
  ExperiencesRequest,
  MAX_PAGE_SIZE,
  MAX_RANGE_DAYS,
  NoParameters,
  Product,
  ProductRequest,
  ProductsRequest,
  RangeRequest,
  Tag,
  TagsRequest,
  TagType,
  Timeslot,
  Variant,
} from './ticket-supplier.schemas.js';
import type { TicketSupplierService } from './ticket-supplier.service.js';

const read = {
  allow: Allow.anyone,
  sessionParameter: 'optional',
  tags: ['ticket supplier'],
  methods: ['POST'],
} as const;
const cityAdmin = { ...read, allow: Allow.employees } as const;
const LIVE =
  `dateFrom and dateTo are yyyy-MM-dd, in order, at most ${MAX_RANGE_DAYS} days in all (else INVALID_FORMAT naming ` +
  'the parameter). Asked of the supplier live (31 days per call), the answer kept 60 s on the node and one call ' +
  "shared by simultaneous requests; a product not in the tenant's copy answers NOTFOUND; the supplier failing, " +
  'answering garbage or not within TC_TICKET_CATALOG_LIVE_TIMEOUT_MS (10 s) answers API_ERROR.';

type Declare = (service: TicketSupplierService) => OperationDeclaration;

const declarations: Declare[] = [
  (s) =>
    operation({
      ...read,
      path: '/ticketsupplier/countries',
      summary: "The supplier's countries, by name",
      input: NoParameters,
      response: Type.Array(Country),
      handler: (ctx) => s.countries(ctx),
    }),
  (s) =>
    operation({
      ...read,
      path: '/ticketsupplier/cities',
      summary: 'Cities by name, of one country and only the enabled ones when asked',
      input: CitiesRequest,
      response: Type.Array(City),
      handler: (ctx, input) => s.cities(ctx, input),
    }),
  (s) =>
    operation({
      ...cityAdmin,
      path: '/ticketsupplier/city/enable',
      summary: "Offer a city on the tenant's storefront; its content is synced from the supplier first",
      description:
        "The city's experiences, products and variants are read from the supplier, then written with the flag in " +
        'one transaction: the supplier failing answers API_ERROR and nothing changes. Unknown city: NOTFOUND.',
      input: CityRequest,
      response: City,
      handler: (ctx, input) => s.enableCity(ctx, input.cityId),
    }),
  (s) =>
    operation({
      ...cityAdmin,
      path: '/ticketsupplier/city/disable',
      summary: "Stop offering a city on the tenant's storefront (its content stays readable)",
      input: CityRequest,
      response: City,
      handler: (ctx, input) => s.disableCity(ctx, input.cityId),
    }),
  (s) =>
    operation({
      ...read,
      path: '/ticketsupplier/experiences',
      summary: 'One page of experiences (a plain array), by city, country and tag (categoryId), in id order',
      description:
        `page is 1-based (default 1); pageSize default 50, at most ${MAX_PAGE_SIZE} (else INVALID_FORMAT). A page ` +
        'shorter than pageSize is the last one. Experiences of every city are readable, enabled or not.',
      input: ExperiencesRequest,
      response: Type.Array(Experience),
      handler: (ctx, input) => s.experiences(ctx, input),
    }),
  (s) =>
    operation({
      ...read,
      path: '/ticketsupplier/experience',
      summary: 'One experience',
      input: ExperienceRequest,
      response: Experience,
      handler: (ctx, input) => s.experience(ctx, input.experienceId),
    }),
  (s) =>
    operation({
      ...read,
      path: '/ticketsupplier/products',
      summary: "An experience's products (in its order) or a city's (in id order)",
      description: 'experienceId or cityId is required (MISSING_PARAMETER); an unknown one answers NOTFOUND.',
      input: ProductsRequest,
      response: Type.Array(Product),
      handler: (ctx, input) => s.products(ctx, input),
    }),
  (s) =>
    operation({
      ...read,
      path: '/ticketsupplier/product',
      summary: 'One product',
      input: ProductRequest,
      response: Product,
      handler: (ctx, input) => s.product(ctx, input.productId),
    }),
  (s) =>
    operation({
      ...read,
      path: '/ticketsupplier/product/variants',
      summary: "A product's variants (ticket types), in the supplier's order",
      input: ProductRequest,
      response: Type.Array(Variant),
      handler: (ctx, input) => s.variants(ctx, input.productId),
    }),
  (s) =>
    operation({
      ...read,
      path: '/ticketsupplier/availability',
      summary: "A product's availability, every date of the range, with its timeslots and the day's prices",
      description: LIVE,
      input: RangeRequest,
      response: Availability,
      stopsWhenClientLeaves: true,
      handler: (ctx, input) => s.availability(ctx, input),
    }),
  (s) =>
    operation({
      ...read,
      path: '/ticketsupplier/timeslots',
      summary: "A product's timeslots on sale in the range, flattened",
      description: LIVE,
      input: RangeRequest,
      response: Type.Array(Timeslot),
      stopsWhenClientLeaves: true,
      handler: (ctx, input) => s.timeslots(ctx, input),
    }),
  (s) =>
    operation({
      ...read,
      path: '/ticketsupplier/tags',
      summary: "Tags with their type's name and group, by name; of one type group when asked",
      input: TagsRequest,
      response: Type.Array(Tag),
      handler: (ctx, input) => s.tags(ctx, input.typeGroupName),
    }),
  (s) =>
    operation({
      ...read,
      path: '/ticketsupplier/tag-types',
      summary: 'Tag types, by name',
      input: NoParameters,
      response: Type.Array(TagType),
      handler: (ctx) => s.tagTypes(ctx),
    }),
];

/** Every operation of the area, bound to its service. */
export function ticketSupplierOperations(service: TicketSupplierService): OperationDeclaration[] {
  return declarations.map((declare) => declare(service));
}
