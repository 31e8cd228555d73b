// Request and answer schemas of groups and their passengers (/groups/group/*, /groups/pax/*; spec part 2, contract
// §7.5). Calendar dates are yyyy-MM-dd (the tenant's), createdDate the tenant's yyyy-MM-dd'T'HH:mm:ss.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../../platform/http/schema.js';
import {
  GENDERS,
  GROUP_STATUSES,
  type GroupStatus,
  LIMITS,
  READINESS_CODES,
  type ReadinessCode,
} from './groups.rules.js';

/** Record ids: the kernel's one id type. */
export const Id = RecordId;
export const Text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
export const DateOnly = (description: string) =>
  Type.String({ format: 'date', description: `${description} (yyyy-MM-dd, tenant calendar date)` });
// Plain string enums (not unions of literals) so a wrong value is answered "must be one of …".
export const enumOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>(Type.String({ enum: [...values], description }));

const Status = enumOf<GroupStatus>(GROUP_STATUSES, GROUP_STATUSES.join(', '));

export const Group = Type.Object({
  groupId: Type.Integer(),
  groupName: Type.String(),
  arrivalDate: Type.String({ description: 'yyyy-MM-dd' }),
  departureDate: Type.String({ description: 'yyyy-MM-dd' }),
  partnerId: Nullable(Type.Integer({ description: 'The partner: a customer record' })),
  partnerName: Nullable(Type.String({ description: "The partner's name when the group was last written" })),
  paxCount: Nullable(
    Type.Integer({ description: 'The expected number of passengers, as written (null: never given)' }),
  ),
  paxRegistered: Type.Integer({ description: 'The passengers entered in the group (kept by the service)' }),
  status: Status,
  notes: Nullable(Type.String()),
  createdDate: Type.String({ description: "yyyy-MM-dd'T'HH:mm:ss, tenant time" }),
});
export type Group = Static<typeof Group>;

export const WriteGroupRequest = Type.Object({
  groupId: Type.Optional(Id('Given: the group to update (NOTFOUND if none); absent: a new group')),
  groupName: Text(LIMITS.names),
  arrivalDate: DateOnly('First day'),
  departureDate: DateOnly('Last day, not before arrivalDate'),
  partnerId: Type.Optional(Id('A customer record (NOTFOUND if none); absent on an update: kept')),
  paxCount: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: LIMITS.expectedPax,
      description: 'The expected number of passengers (absent on an update: kept); paxRegistered counts those entered',
    }),
  ),
  status: Type.Optional(
    enumOf<GroupStatus>(
      GROUP_STATUSES,
      'PENDING (a new group without status), CONFIRMED, CANCELLED, ARRIVED, DEPARTED; an update moves PENDING → ' +
        'CONFIRMED → ARRIVED → DEPARTED, CONFIRMED back to PENDING, CANCELLED from PENDING or CONFIRMED and back ' +
        'to PENDING (others: INVALID_STATE)',
    ),
  ),
  notes: Type.Optional(Text(LIMITS.notes)),
});
export type WriteGroupRequest = Static<typeof WriteGroupRequest>;

export const ListGroupsRequest = Type.Object({
  arrivalFrom: DateOnly('Arriving on or after'),
  arrivalTo: DateOnly('Arriving on or before (not before arrivalFrom)'),
  partnerId: Type.Optional(Id("Only this partner's groups")),
});
export type ListGroupsRequest = Static<typeof ListGroupsRequest>;

export const GroupIdRequest = Type.Object({ groupId: Id('The group') });

const paxFields = {
  firstName: Text(LIMITS.names),
  lastName: Text(LIMITS.names),
  gender: Type.Optional(enumOf(GENDERS, 'M or F')),
  dateOfBirth: Type.Optional(DateOnly('Date of birth')),
  age: Type.Optional(Type.Integer({ minimum: 0, maximum: 150, description: 'Age in years (the spreadsheet’s)' })),
  nationality: Type.Optional(Text(100)),
  passportNumber: Type.Optional(Text(30)),
  passportExpiry: Type.Optional(DateOnly('Passport expiry (readiness: valid six months after departure)')),
  phone: Type.Optional(Text(50)),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  notes: Type.Optional(Text(LIMITS.notes)),
  emergencyContact: Type.Optional(Text(LIMITS.names)),
  emergencyTel: Type.Optional(Text(50)),
  visaRequired: Type.Optional(Type.Boolean()),
  visaStatus: Type.Optional(Text(50)),
};

/** One passenger of pax/write: a new one (no paxId) or an update of one (the fields given; others kept). */
export const PaxInput = Type.Object({
  paxId: Type.Optional(Id('Given: the passenger to update (NOTFOUND if none); absent: a new passenger')),
  groupId: Id("The passenger's group, required in either form (an update may not move it to another: INVALID_STATE)"),
  ...paxFields,
});
export type PaxInput = Static<typeof PaxInput>;

// Two forms in one schema (a union would answer a missing firstName as "does not match any form"): the single
// form's required fields are checked by the service when paxList is absent, naming the parameter.
export const WritePaxRequest = Type.Object({
  ...Type.Partial(PaxInput).properties,
  paxList: Type.Optional(
    Type.Array(PaxInput, {
      minItems: 1,
      maxItems: LIMITS.paxPerWrite,
      description: 'Multiple form: the passengers, written together (all or none); the answer is their array',
    }),
  ),
});

export const Passenger = Type.Object({
  paxId: Type.Integer(),
  groupId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  gender: Nullable(Type.String({ description: 'M or F' })),
  dateOfBirth: Nullable(Type.String({ description: 'yyyy-MM-dd' })),
  age: Nullable(Type.Integer()),
  nationality: Nullable(Type.String()),
  passportNumber: Nullable(Type.String()),
  passportExpiry: Nullable(Type.String({ description: 'yyyy-MM-dd' })),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  emergencyContact: Nullable(Type.String()),
  emergencyTel: Nullable(Type.String()),
  visaRequired: Nullable(Type.Boolean()),
  visaStatus: Nullable(Type.String()),
});
export type Passenger = Static<typeof Passenger>;

export const PaxIdRequest = Type.Object({ paxId: Id('The passenger') });
export const ListPaxRequest = Type.Object({
  groupId: Type.Optional(Id(`The group; absent: the newest ${LIMITS.paxListRows} passengers of every group`)),
});

export const ReadinessWarning = Type.Object({
  code: Type.Unsafe<ReadinessCode>(Type.String({ enum: [...READINESS_CODES] })),
  text: Type.String(),
  hotelId: Nullable(Type.Integer({ description: 'The hotel it is about (HOTEL_UNCONFIRMED, PAX_WITHOUT_ROOM)' })),
  transportId: Nullable(Type.Integer({ description: 'The transport it is about (FLIGHT_NUMBER_MISSING)' })),
  paxIds: Type.Array(Type.Integer(), {
    description: 'The passengers it is about (PAX_WITHOUT_ROOM, PASSPORT_EXPIRES)',
  }),
});
export type ReadinessWarning = Static<typeof ReadinessWarning>;
export type WritePaxRequest = Static<typeof WritePaxRequest>;
