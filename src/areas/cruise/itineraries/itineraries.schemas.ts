// Itineraries and their template stops as the API shows and takes them (spec part 2 "Cruise", contract §6, §8.3).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../platform/http/schema.js';
import {
  Code,
  enumOf,
  Id,
  Name,
  NullableText,
  OptionalText,
  StatusChangeRequest,
  StopSeq,
  TimeOfDay,
} from '../cruise.shared.js';
import { ITINERARY_STATUSES, type ItineraryStatus, LIMITS } from './itineraries.rules.js';

const Status = (description: string) => enumOf<ItineraryStatus>(ITINERARY_STATUSES, description);
const Days = (description: string) => Type.Integer({ minimum: 0, maximum: LIMITS.days, description });

export const Itinerary = Type.Object({
  itineraryId: Type.Integer(),
  cruiseShipId: Type.Integer({ description: 'The ship sailing it' }),
  cruiseAreaId: Type.Integer({ description: 'The area it sails in' }),
  itineraryCode: Type.String(),
  itineraryName: Type.String(),
  duration: Type.Integer({ description: 'Days' }),
  description: NullableText('Description'),
  imageUrl: NullableText('Image'),
  status: Status(ITINERARY_STATUSES.join(', ')),
});
export type Itinerary = Static<typeof Itinerary>;

export const WriteItineraryRequest = Type.Object({
  itineraryId: Type.Optional(Id('Given: the itinerary to update (NOTFOUND if none); absent: a new Draft itinerary')),
  cruiseShipId: Id('The ship (NOTFOUND if none)'),
  cruiseAreaId: Id('The area (NOTFOUND if none)'),
  itineraryCode: Code('Unique per tenant'),
  itineraryName: Name('Name'),
  duration: Type.Integer({ minimum: 1, maximum: LIMITS.days, description: 'Days, from 1' }),
  description: OptionalText(4000, 'Description'),
  imageUrl: OptionalText(1000, 'Image'),
});
export type WriteItineraryRequest = Static<typeof WriteItineraryRequest>;

export const ListItinerariesRequest = Type.Object({
  areaId: Type.Optional(Id('Only this area')),
  shipId: Type.Optional(Id('Only this ship')),
  minDuration: Type.Optional(Days('At least this many days')),
  maxDuration: Type.Optional(Days('At most this many days')),
  name: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name (case-insensitive)' })),
  method: Type.Optional(Type.String({ description: '"partial" (the only matching there is)' })),
  status: Type.Optional(Status('Only this status')),
});
export type ListItinerariesRequest = Static<typeof ListItinerariesRequest>;

export const ItineraryIdRequest = Type.Object({ itineraryId: Id('The itinerary') });

export const ChangeItineraryStatusRequest = StatusChangeRequest(
  'itineraryId',
  'The itinerary',
  Status(
    'Draft → Active (at least one template stop), Active ↔ Suspended, Active or Suspended → Archived (no future ' +
      'cruises); others INVALID_STATE',
  ),
);
export type ChangeItineraryStatusRequest = Static<typeof ChangeItineraryStatusRequest>;

export const ItineraryTreeRequest = Type.Object({
  companyCode: Type.Optional(Type.String({ maxLength: 40, description: 'Only this company (exact code)' })),
  areaId: Type.Optional(Id('Only itineraries of this area')),
  status: Type.Optional(Status('Only itineraries of this status')),
});
export type ItineraryTreeRequest = Static<typeof ItineraryTreeRequest>;

export const ItineraryTree = Type.Array(
  Type.Object({
    companyId: Type.Integer(),
    companyCode: Type.String(),
    companyName: Type.String(),
    color: NullableText('#RRGGBB'),
    ships: Type.Array(
      Type.Object({
        shipId: Type.Integer(),
        shipCode: Type.String(),
        shipName: Type.String(),
        itineraries: Type.Array(Itinerary),
      }),
    ),
  }),
);
export type ItineraryTree = Static<typeof ItineraryTree>;

export const Template = Type.Object({
  cruiseTemplateId: Type.Integer(),
  itineraryId: Type.Integer(),
  cruisePortId: Type.Integer(),
  stopSeq: Type.Integer(),
  dayOffsetArrival: Type.Integer({ description: 'Days after the start date it arrives' }),
  dayOffsetDeparture: Type.Integer({ description: 'Days after the start date it leaves' }),
  arrivalTime: Nullable(Type.String({ description: "HH:mm, the port's local time (null: none, e.g. embarkation)" })),
  departureTime: Nullable(
    Type.String({ description: "HH:mm, the port's local time (null: none, e.g. the last port)" }),
  ),
  description: NullableText('Description'),
});
export type Template = Static<typeof Template>;

export const WriteTemplateRequest = Type.Object({
  cruiseTemplateId: Type.Optional(Id('Given: the stop to update (NOTFOUND if none); absent: a new stop')),
  itineraryId: Id('The itinerary (NOTFOUND if none)'),
  cruisePortId: Id('The port (NOTFOUND if none)'),
  stopSeq: StopSeq('itinerary'),
  dayOffsetArrival: Days('Days after the start date it arrives (not after the duration)'),
  dayOffsetDeparture: Days('Days after the start date it leaves: not before dayOffsetArrival (INVALID_FORMAT)'),
  arrivalTime: Type.Optional(TimeOfDay('Arrival')),
  departureTime: Type.Optional(TimeOfDay('Departure; on the arrival day not before arrivalTime')),
  description: OptionalText(4000, 'Description'),
});
export type WriteTemplateRequest = Static<typeof WriteTemplateRequest>;

export const TemplateListRequest = Type.Object({ itineraryId: Id('The itinerary') });
export type TemplateListRequest = Static<typeof TemplateListRequest>;
export const TemplateIdRequest = Type.Object({ cruiseTemplateId: Id('The template stop') });
