// Sailings (/cruise/cruise/*), their ports of call (/cruise/cruisepoint/*) and /cruise/searchCruises as the API
// shows and takes them (spec part 2 "Cruise", contract §8.3). Cruise-point datetimes are yyyy-MM-dd HH:mm, the
// port's local time (the contract's one exception to §5).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../platform/http/schema.js';
import { DateOnly, enumOf, Id, NullableText, OptionalText, StatusChangeRequest, StopSeq } from '../cruise.shared.js';
import {
  CRUISE_STATUSES,
  type CruiseStatus,
  POINT_DATETIME_PATTERN,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
} from './sailings.rules.js';

const Status = (description: string) => enumOf<CruiseStatus>(CRUISE_STATUSES, description);
const PointDateTime = (description: string) =>
  Type.String({
    pattern: POINT_DATETIME_PATTERN,
    description: `${description} (yyyy-MM-dd HH:mm, the port's local time)`,
  });

export const Cruise = Type.Object({
  cruiseId: Type.Integer(),
  itineraryId: Type.Integer(),
  startDate: Type.String({ description: 'yyyy-MM-dd' }),
  endDate: Type.String({ description: "startDate + the itinerary's duration, yyyy-MM-dd" }),
  status: Status(CRUISE_STATUSES.join(', ')),
  itineraryCode: Type.String(),
  itineraryName: Type.String(),
  shipId: Type.Integer(),
  areaId: Type.Integer(),
});
export type Cruise = Static<typeof Cruise>;

export const WriteCruiseRequest = Type.Object({
  cruiseId: Type.Optional(Id('Given: the Draft cruise to update (NOTFOUND if none); absent: a new Draft cruise')),
  itineraryId: Id('The itinerary (NOTFOUND if none; an Archived one: INVALID_STATE)'),
  startDate: DateOnly('The first day (may be in the past: historic data)'),
  generateSkeleton: Type.Optional(
    Type.Boolean({
      description:
        "true: in the same transaction, the ports of call from the itinerary's template stops (replacing the " +
        "cruise's), a cabin charge for each of the ship's cabins from the cabin price templates (a cabin without " +
        'one: price 0, not available) and the other charges from the other-charge templates; charges the cruise ' +
        'has are kept',
    }),
  ),
});
export type WriteCruiseRequest = Static<typeof WriteCruiseRequest>;

export const ListCruisesRequest = Type.Object({
  shipId: Type.Optional(Id('Only sailings of this ship')),
  areaId: Type.Optional(Id('Only sailings in this area')),
  fromDate: Type.Optional(DateOnly('Starting on or after')),
  toDate: Type.Optional(DateOnly('Starting on or before')),
  status: Type.Optional(Status('Only this status')),
});
export type ListCruisesRequest = Static<typeof ListCruisesRequest>;

export const CruiseIdRequest = Type.Object({ cruiseId: Id('The cruise') });

export const ChangeCruiseStatusRequest = StatusChangeRequest(
  'cruiseId',
  'The cruise',
  Status(
    'Draft → Active or Cancelled; Active → Cancelled at least 7 days (tenant dates) before startDate; Active → ' +
      'Completed after endDate; others INVALID_STATE',
  ),
);
export type ChangeCruiseStatusRequest = Static<typeof ChangeCruiseStatusRequest>;

export const CruisePoint = Type.Object({
  cruisePointId: Type.Integer(),
  cruiseId: Type.Integer(),
  cruisePortId: Type.Integer(),
  stopSeq: Type.Integer(),
  arrivalDatetime: Nullable(Type.String({ description: 'yyyy-MM-dd HH:mm (null: none, e.g. embarkation)' })),
  departureDatetime: Nullable(Type.String({ description: 'yyyy-MM-dd HH:mm (null: none, e.g. the last port)' })),
  description: NullableText('Description'),
});
export type CruisePoint = Static<typeof CruisePoint>;

export const WritePointRequest = Type.Object({
  cruisePointId: Type.Optional(Id('Given: the point to update (NOTFOUND if none); absent: a new point')),
  cruiseId: Id('The cruise (NOTFOUND if none; Cancelled or Completed: INVALID_STATE)'),
  cruisePortId: Id('The port (NOTFOUND if none)'),
  stopSeq: StopSeq('cruise'),
  arrivalDatetime: Type.Optional(PointDateTime('Arrival')),
  departureDatetime: Type.Optional(PointDateTime('Departure, not before the arrival')),
  description: OptionalText(4000, 'Description'),
});
export type WritePointRequest = Static<typeof WritePointRequest>;

export const PointListRequest = Type.Object({ cruiseId: Id('The cruise') });
export const PointIdRequest = Type.Object({ cruisePointId: Id('The cruise point') });

export const SearchCruisesRequest = Type.Object({
  areaId: Type.Optional(Id('Only this area')),
  minDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 366, description: 'At least this many days' })),
  maxDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 366, description: 'At most this many days' })),
  dateRangeStart: Type.Optional(DateOnly("Starting on or after (default: the tenant's today)")),
  dateRangeEnd: Type.Optional(DateOnly('Starting on or before')),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1 (default 1)' })),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: SEARCH_MAX_PAGE_SIZE,
      description: `Sailings a page (default ${SEARCH_PAGE_SIZE}, at most ${SEARCH_MAX_PAGE_SIZE})`,
    }),
  ),
});
export type SearchCruisesRequest = Static<typeof SearchCruisesRequest>;

export const PortOfCall = Type.Object({
  stopSeq: Type.Integer(),
  portId: Type.Integer(),
  portCode: Type.String(),
  portName: Type.String(),
  country: NullableText('Country'),
  imageUrl: NullableText('Image'),
  arrivalDatetime: NullableText('yyyy-MM-dd HH:mm'),
  departureDatetime: NullableText('yyyy-MM-dd HH:mm'),
});

export const FoundCruise = Type.Object({
  cruiseId: Type.Integer(),
  startDate: Type.String({ description: 'yyyy-MM-dd' }),
  endDate: Type.String({ description: 'yyyy-MM-dd' }),
  status: Status('Active'),
  itinerary: Type.Object({
    itineraryId: Type.Integer(),
    itineraryCode: Type.String(),
    itineraryName: Type.String(),
    duration: Type.Integer(),
    description: NullableText('Description'),
    imageUrl: NullableText('Image'),
    areaId: Type.Integer(),
    areaCode: Type.String(),
    areaName: Type.String(),
  }),
  ship: Type.Object({ shipId: Type.Integer(), shipCode: Type.String(), shipName: Type.String() }),
  company: Type.Object({
    companyId: Type.Integer(),
    companyCode: Type.String(),
    companyName: Type.String(),
    color: NullableText('#RRGGBB'),
  }),
  portsOfCall: Type.Array(PortOfCall),
  lowestPrice: Nullable(Type.Number({ description: 'The lowest price of an available cabin (null: none)' })),
  currency: NullableText("lowestPrice's currency"),
});
export type FoundCruise = Static<typeof FoundCruise>;
