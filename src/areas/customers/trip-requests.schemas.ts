import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../platform/http/schema.js';
import { TRIP_REQUEST_STATUSES, type TripRequestStatus } from './customers.rules.js';

const Text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });

// A plain string enum (not a union of literals) so a wrong value is answered "must be one of …".
const Status = Type.Unsafe<TripRequestStatus>(
  Type.String({ enum: [...TRIP_REQUEST_STATUSES], description: TRIP_REQUEST_STATUSES.join(', ') }),
);

export const TripRequest = Type.Object({
  requestId: Type.Integer(),
  destination: Type.String(),
  travelDates: Nullable(Type.String({ description: 'Free text, as the traveller wrote it' })),
  numTravelers: Nullable(Type.Integer()),
  budget: Nullable(Type.Number({ description: "In the tenant's currency, rounded to its minor unit" })),
  currency: Type.String({ description: "The tenant's currency (ISO 4217), the budget's" }),
  requirements: Nullable(Type.String()),
  contactName: Type.String(),
  contactEmail: Type.String(),
  contactPhone: Nullable(Type.String()),
  status: Status,
  createdDate: Type.String({ description: "yyyy-MM-dd'T'HH:mm:ss, tenant time" }),
});
export type TripRequest = Static<typeof TripRequest>;

export const NewTripRequest = Type.Object(
  {
    destination: Text(200),
    travelDates: Type.Optional(Text(200, 'Free text, e.g. "two weeks in March"')),
    numTravelers: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    budget: Type.Optional(
      Type.Number({ minimum: 0, maximum: 10_000_000_000, description: "In the tenant's currency" }),
    ),
    requirements: Type.Optional(Text(4000)),
    contactName: Text(200),
    contactEmail: Type.String({ format: 'email', maxLength: 254 }),
    contactPhone: Type.Optional(Text(50)),
  },
  { description: 'destination, contactName and contactEmail are required; the rest is optional' },
);
export type NewTripRequest = Static<typeof NewTripRequest>;

export const CreateTripRequestRequest = Type.Object({ tripRequest: NewTripRequest });
export type CreateTripRequestRequest = Static<typeof CreateTripRequestRequest>;

export const TripRequestIdRequest = Type.Object({ requestId: RecordId() });

export const ListTripRequestsRequest = Type.Object({
  status: Type.Optional(Status),
  fromDate: Type.Optional(
    Type.String({ format: 'date', description: 'Created on or after (yyyy-MM-dd, tenant date)' }),
  ),
  toDate: Type.Optional(Type.String({ format: 'date', description: 'Created on or before (yyyy-MM-dd, tenant date)' })),
  contains: Type.Optional(
    Text(200, "A substring (any case) of the destination, the contact's name or the contact's e-mail"),
  ),
});
export type ListTripRequestsRequest = Static<typeof ListTripRequestsRequest>;

export const UpdateTripRequestStatusRequest = Type.Object({
  requestId: RecordId(),
  status: Status,
});
export type UpdateTripRequestStatusRequest = Static<typeof UpdateTripRequestStatusRequest>;
