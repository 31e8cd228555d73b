// /tripmaker/itinerary/add-*|get-*|remove-* (spec part 2; activities, services and exclusions by contract §8.5's
// names): employees only (§3). Every add answers the component; every remove answers true.
import { type TSchema, Type } from '@sinclair/typebox';
import { type OperationDeclaration, operation, type TenantContext } from '../../../platform/http/operation.js';
import {
  ActivityComponent,
  type Component,
  type ComponentType,
  ExclusionComponent,
  FlightComponent,
  HotelComponent,
  ServiceComponent,
} from '../trip.schemas.js';
import { Deleted, employeePolicy } from '../trip.shared.js';
import * as S from './components.schemas.js';

const base = { ...employeePolicy, methods: ['POST'] as const };

const MONEY =
  'marginType PERCENTAGE (default) or FIXED, marginValue (default 0; a percentage not under −100, else ' +
  'INVALID_FORMAT); sellingPrice = costPrice × (1 + marginValue / 100), or costPrice + marginValue, exact to the ' +
  'minor unit. costOverride (with overrideReason, else MISSING_PARAMETER) replaces the cost, kept beside supplierCost. ' +
  "A currency without an exchange rate into the project's is INVALID_FORMAT naming the parameter that brought it. " +
  'A CONFIRMED, COMPLETED or CANCELLED project takes none (INVALID_STATE).';

/** What the operations call: one add per kind, and the list and remove every kind shares. */
export interface ComponentHandlers {
  addFlight(ctx: TenantContext, input: S.AddFlightRequest): Promise<FlightComponent>;
  addAccommodation(ctx: TenantContext, input: S.AddAccommodationRequest): Promise<HotelComponent>;
  addActivity(ctx: TenantContext, input: S.AddActivityRequest): Promise<ActivityComponent>;
  addService(ctx: TenantContext, input: S.AddServiceRequest): Promise<ServiceComponent>;
  addExclusion(ctx: TenantContext, input: S.AddExclusionRequest): Promise<ExclusionComponent>;
  list(ctx: TenantContext, itineraryId: number, type: ComponentType): Promise<Component[]>;
  remove(
    ctx: TenantContext,
    input: { componentId: number; itineraryId?: number | undefined },
    type: ComponentType,
    noun: string,
  ): Promise<boolean>;
}

interface Kind {
  type: ComponentType;
  /** get-<plural>, remove-<singular>, and the remove's id parameter. */
  plural: string;
  singular: string;
  idKey: string;
  noun: string;
  answer: TSchema;
}

const KINDS: readonly Kind[] = [
  { type: 'FLIGHT', plural: 'flights', singular: 'flight', idKey: 'flightId', noun: 'Flight', answer: FlightComponent },
  {
    type: 'HOTEL',
    plural: 'accommodations',
    singular: 'accommodation',
    idKey: 'accommodationId',
    noun: 'Accommodation',
    answer: HotelComponent,
  },
  {
    type: 'ACTIVITY',
    plural: 'activities',
    singular: 'activity',
    idKey: 'activityId',
    noun: 'Activity',
    answer: ActivityComponent,
  },
  {
    type: 'SERVICE',
    plural: 'services',
    singular: 'service',
    idKey: 'serviceId',
    noun: 'Service',
    answer: ServiceComponent,
  },
  {
    type: 'EXCLUSION',
    plural: 'exclusions',
    singular: 'exclusion',
    idKey: 'exclusionId',
    noun: 'Exclusion',
    answer: ExclusionComponent,
  },
];

function listAndRemove(handlers: ComponentHandlers, kind: Kind): OperationDeclaration[] {
  const removeInput = S.removeRequest(kind.idKey, kind.singular);
  return [
    operation({
      ...base,
      // the specification marks session R on get-accommodations
      ...(kind.type === 'HOTEL' ? { sessionParameter: 'required' as const } : {}),
      path: `/tripmaker/itinerary/get-${kind.plural}`,
      summary: `The itinerary's ${kind.plural}, by day (undated last)`,
      input: S.ItineraryIdRequest,
      response: Type.Array(kind.answer),
      handler: (ctx, input) => handlers.list(ctx, input.itineraryId, kind.type),
    }),
    operation({
      ...base,
      path: `/tripmaker/itinerary/remove-${kind.singular}`,
      summary: `Delete a ${kind.singular} component → true`,
      description:
        `${kind.idKey} is the componentId; an id of another kind, or of another itinerary than itineraryId, is ` +
        "NOTFOUND. A CONFIRMED, COMPLETED or CANCELLED project's components stay (INVALID_STATE).",
      input: removeInput,
      response: Deleted,
      handler: (ctx, input) => {
        const componentId = Number(Object.entries(input).find(([key]) => key === kind.idKey)?.[1]);
        return handlers.remove(ctx, { componentId, itineraryId: input.itineraryId }, kind.type, kind.noun);
      },
    }),
  ];
}

function adds(handlers: ComponentHandlers): OperationDeclaration[] {
  return [
    operation({
      ...base,
      path: '/tripmaker/itinerary/add-flight',
      summary: 'Add a flight offer of /flight/search, priced again by the supplier → the flight component',
      description:
        'The server prices flightOffer.id again (NOTFOUND for an offer of an unknown or expired search, API_ERROR ' +
        `when the supplier fails) and keeps its segments; dayNumber defaults to the departure's day. ${MONEY}`,
      input: S.AddFlightRequest,
      response: FlightComponent,
      handler: (ctx, input) => handlers.addFlight(ctx, input),
    }),
    operation({
      ...base,
      path: '/tripmaker/itinerary/add-accommodation',
      summary: 'Add an accommodation offer, valued again by the online-hotel supplier → the hotel component',
      description:
        'hotelOffer.offerId is valued for checkInDate (API_ERROR when the supplier fails or no longer sells it); ' +
        'checkOutDate must be after checkInDate and agree with nights (INVALID_FORMAT). boardType: the spec words ' +
        `or the supplier's codes (RO, BB, HB, FB, AI). ${MONEY}`,
      input: S.AddAccommodationRequest,
      response: HotelComponent,
      handler: (ctx, input) => handlers.addAccommodation(ctx, input),
    }),
    operation({
      ...base,
      path: '/tripmaker/itinerary/add-activity',
      summary: "Add an activity: a ticket-supplier product at the catalog's price, or free text at a given cost",
      description:
        "productId (NOTFOUND if the tenant's catalog has none) with variantId and quantity: the variant's price × " +
        `quantity; without productId, title and costPrice are required. ${MONEY}`,
      input: S.AddActivityRequest,
      response: ActivityComponent,
      handler: (ctx, input) => handlers.addActivity(ctx, input),
    }),
    operation({
      ...base,
      path: '/tripmaker/itinerary/add-service',
      summary: 'Add another service (transfer, guide, insurance, …) at a given cost → the service component',
      description: MONEY,
      input: S.AddServiceRequest,
      response: ServiceComponent,
      handler: (ctx, input) => handlers.addService(ctx, input),
    }),
    operation({
      ...base,
      path: '/tripmaker/itinerary/add-exclusion',
      summary: 'Add what the price does not include (text, no money) → the exclusion',
      input: S.AddExclusionRequest,
      response: ExclusionComponent,
      handler: (ctx, input) => handlers.addExclusion(ctx, input),
    }),
  ];
}

export function componentOperations(handlers: ComponentHandlers): OperationDeclaration[] {
  return [...adds(handlers), ...KINDS.flatMap((kind) => listAndRemove(handlers, kind))];
}
