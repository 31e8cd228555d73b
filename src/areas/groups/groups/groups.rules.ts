// Pure rules of group travel: the value sets (contract §7.5), a room's capacity, and the readiness checks an
// operations team works through before a group travels. No I/O: inputs are plain objects, dates yyyy-MM-dd.

export const GROUP_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED', 'ARRIVED', 'DEPARTED'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

// Where a group's status may go by group/write (the specification shows no transitions): a pending group is
// confirmed or cancelled; a confirmed one may fall back to pending, arrive or be cancelled; an arrived one departs;
// a cancelled one may be taken up again as pending. DEPARTED is the end. Writing the same status is no move.
const STATUS_MOVES: Readonly<Record<GroupStatus, readonly GroupStatus[]>> = {
  PENDING: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['PENDING', 'ARRIVED', 'CANCELLED'],
  ARRIVED: ['DEPARTED'],
  CANCELLED: ['PENDING'],
  DEPARTED: [],
};

export function statusMoveAllowed(from: GroupStatus, to: GroupStatus): boolean {
  return from === to || STATUS_MOVES[from].includes(to);
}

export function isGroupStatus(value: string): value is GroupStatus {
  return GROUP_STATUSES.some((status) => status === value);
}

export const TRANSPORT_TYPES = ['FLIGHT', 'COACH', 'FERRY'] as const;
export type TransportType = (typeof TRANSPORT_TYPES)[number];

export const GENDERS = ['M', 'F'] as const;

export const LIMITS = {
  /** group/list answers at most this many groups (by arrival date). */
  listRows: 500,
  /** pax/list without a group answers at most this many passengers. */
  paxListRows: 1000,
  /** pax/write in its multiple form takes at most this many passengers. */
  paxPerWrite: 500,
  /** The largest expected size of a group (paxCount) a client may write. */
  expectedPax: 100_000,
  /** A passport must stay valid this many months after the group's departure. */
  passportValidMonths: 6,
  names: 200,
  notes: 4000,
} as const;

// A room type that says how many sleep in it gives its capacity when the write names none; any other type (a
// suite, a dormitory) has no limit until one is given.
const CAPACITY_OF_ROOM_TYPE: Readonly<Record<string, number>> = {
  SGL: 1,
  SINGLE: 1,
  DBL: 2,
  DOUBLE: 2,
  TWN: 2,
  TWIN: 2,
  TPL: 3,
  TRP: 3,
  TRIPLE: 3,
  QUAD: 4,
  QDR: 4,
};

/** The capacity a room gets: the one given, else its type's, else none (null: no limit). */
export function roomCapacity(roomType: string, given: number | undefined): number | null {
  return given ?? CAPACITY_OF_ROOM_TYPE[roomType.trim().toUpperCase()] ?? null;
}

/** Whether one more passenger fits a room that already holds `occupants`. */
export function roomHasSpace(capacity: number | null, occupants: number): boolean {
  return capacity === null || occupants < capacity;
}

/** Calendar months after a date, the day clamped to the month's last (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return date;
  const monthIndex = month - 1 + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

export const READINESS_CODES = [
  'HOTEL_UNCONFIRMED',
  'PAX_WITHOUT_ROOM',
  'PASSPORT_EXPIRES',
  'FLIGHT_NUMBER_MISSING',
] as const;
export type ReadinessCode = (typeof READINESS_CODES)[number];

/**
 * One thing to settle before the group travels. It names what it is about, so a schedule can put it on that
 * event's row: a hotel's (check-in, check-out), a transport's, or the passengers' (the group's).
 */
export interface ReadinessWarning {
  code: ReadinessCode;
  text: string;
  hotelId: number | null;
  transportId: number | null;
  paxIds: number[];
}

export interface ReadinessInput {
  /** The group's departure date (yyyy-MM-dd). */
  departureDate: string;
  passengers: ReadonlyArray<{ paxId: number; firstName: string; lastName: string; passportExpiry: string | null }>;
  hotels: ReadonlyArray<{ hotelId: number; hotelName: string; confirmationNumber: string | null }>;
  transport: ReadonlyArray<{
    transportId: number;
    type: string;
    from: string;
    to: string;
    flightNumber: string | null;
  }>;
  /** Who sleeps at which hotel (a room assignment's passenger and its room's hotel). */
  assignments: ReadonlyArray<{ paxId: number; hotelId: number }>;
}

const blank = (value: string | null) => value === null || value.trim() === '';
const paxName = (pax: { firstName: string; lastName: string }) => `${pax.firstName} ${pax.lastName}`;

/** Every readiness warning of a group: hotels first, then transport, then passports, each in the input's order. */
export function readinessWarnings(group: ReadinessInput): ReadinessWarning[] {
  return [...hotelWarnings(group), ...transportWarnings(group), ...passportWarnings(group)];
}

function hotelWarnings(group: ReadinessInput): ReadinessWarning[] {
  const warnings: ReadinessWarning[] = [];
  for (const hotel of group.hotels) {
    if (blank(hotel.confirmationNumber)) {
      const text = `${hotel.hotelName} has no confirmation number`;
      warnings.push({ code: 'HOTEL_UNCONFIRMED', text, hotelId: hotel.hotelId, transportId: null, paxIds: [] });
    }
    const roomed = new Set(group.assignments.filter((a) => a.hotelId === hotel.hotelId).map((a) => a.paxId));
    const unroomed = group.passengers.filter((pax) => !roomed.has(pax.paxId)).map((pax) => pax.paxId);
    if (unroomed.length > 0) {
      const who = unroomed.length === 1 ? '1 passenger has' : `${unroomed.length} passengers have`;
      const text = `${who} no room at ${hotel.hotelName}`;
      warnings.push({ code: 'PAX_WITHOUT_ROOM', text, hotelId: hotel.hotelId, transportId: null, paxIds: unroomed });
    }
  }
  return warnings;
}

// A flight is booked once it has a number; a coach or a ferry has none to wait for.
function transportWarnings(group: ReadinessInput): ReadinessWarning[] {
  return group.transport
    .filter((leg) => leg.type === 'FLIGHT' && blank(leg.flightNumber))
    .map((leg) => ({
      code: 'FLIGHT_NUMBER_MISSING' as const,
      text: `The flight ${leg.from} – ${leg.to} has no flight number`,
      hotelId: null,
      transportId: leg.transportId,
      paxIds: [],
    }));
}

// Many countries refuse entry on a passport that expires within six months of leaving them; a passenger whose
// expiry is not known yet is not warned about (the import and the form may add it later).
function passportWarnings(group: ReadinessInput): ReadinessWarning[] {
  const validUntilAtLeast = addMonths(group.departureDate, LIMITS.passportValidMonths);
  return group.passengers
    .filter((pax) => pax.passportExpiry !== null && pax.passportExpiry < validUntilAtLeast)
    .map((pax) => ({
      code: 'PASSPORT_EXPIRES' as const,
      text: `The passport of ${paxName(pax)} expires on ${pax.passportExpiry}, within ${LIMITS.passportValidMonths} months of departure`,
      hotelId: null,
      transportId: null,
      paxIds: [pax.paxId],
    }));
}
