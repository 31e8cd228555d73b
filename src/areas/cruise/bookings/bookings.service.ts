// Cruise bookings (contract §8.3): a cabin of an Active sailing held for a customer with its passengers and add-ons,
// read, listed and cancelled (the cabin is free again); its total in the tenant's currency; and the back-office
// booking it becomes (createBlmPayment), made once under the cruise booking's row lock.
import { loggedInUserId } from '../../../platform/auth/session.js';
import { PgCode, pgErrorCode, type Queryable } from '../../../platform/database/connections.js';
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { fromMinor, minorToDecimalString } from '../../../platform/money.js';
import { formatDate, formatDateTime } from '../../../platform/time.js';
import type { BlmApi, BlmBooking } from '../../blm/index.js';
import type { CustomersApi } from '../../customers/index.js';
import type { CruisePricingApi } from '../pricing/index.js';
import * as repo from './bookings.repository.js';
import { bookingCharges, type Charge, foreignCurrencies, unitMinor } from './bookings.rules.js';
import type {
  BookingTotal,
  CreateBlmPayment,
  CreateCruiseBooking,
  CruiseBooking,
  ListCruiseBookings,
} from './bookings.schemas.js';

export interface CruiseBookingDeps {
  blm: BlmApi;
  customers: Pick<CustomersApi, 'findById'>;
  pricing: CruisePricingApi;
}

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

function toBooking(row: repo.BookingRow, timezone: string): CruiseBooking {
  return {
    bookingId: row.booking_id,
    cruiseId: row.cruise_id,
    itineraryId: row.itinerary_id,
    itineraryName: row.itinerary_name,
    startDate: row.start_date,
    shipCabinId: row.ship_cabin_id,
    cabinCode: row.cabin_code,
    cabinName: row.cabin_name,
    customerId: row.customer_id,
    customerName: row.customer_name,
    status: row.status,
    blmBookingId: row.blm_booking_id,
    passengers: row.passengers.map((p) => ({
      passengerId: p.passenger_id,
      firstName: p.first_name,
      lastName: p.last_name,
      dateOfBirth: p.date_of_birth,
      nationality: p.nationality,
      passportNumber: p.passport_number,
    })),
    addOns: row.add_ons.map((a) => ({
      chargeTypeId: a.charge_type_id,
      chargeTypeCode: a.charge_type_code,
      chargeTypeName: a.charge_type_name,
      quantity: a.quantity,
    })),
    createdAt: formatDateTime(row.created_at, timezone),
    updatedAt: formatDateTime(row.updated_at, timezone),
    cancelledAt: row.cancelled_at ? formatDateTime(row.cancelled_at, timezone) : null,
  };
}

async function bookingAnswer(ctx: TenantContext, bookingId: number): Promise<CruiseBooking> {
  const row = await repo.selectBooking(ctx.db, bookingId);
  if (!row) throw notFound('Cruise booking');
  return toBooking(row, ctx.tenant.timezone);
}

/** Request checks that need no database: no birth date after today, each add-on's charge type once. */
function checkRequest(input: CreateCruiseBooking, today: string): void {
  input.passengers.forEach((passenger, index) => {
    if (passenger.dateOfBirth !== undefined && passenger.dateOfBirth > today) {
      throw invalidFormat(`passengers[${index}].dateOfBirth`, 'must not be after today');
    }
  });
  const types = (input.addOns ?? []).map((addOn) => addOn.chargeTypeId);
  if (new Set(types).size !== types.length) throw invalidFormat('addOns', 'names a charge type twice');
}

/** The refusals of the contract, in its order: records that do not exist, then states that do not allow it. */
async function checkBookable(db: Queryable, input: CreateCruiseBooking, today: string): Promise<void> {
  const sailing = await repo.findSailing(db, input.cruiseId);
  if (!sailing) throw notFound('Cruise');
  const cabin = await repo.findCabinOnSailing(db, input.cruiseId, input.shipCabinId);
  if (!cabin) throw notFound('Ship cabin');
  const types = (input.addOns ?? []).map((addOn) => addOn.chargeTypeId);
  const known = new Set(await repo.chargeTypesExisting(db, types));
  if (types.some((type) => !known.has(type))) throw notFound('Charge type');

  const name = `Cruise ${input.cruiseId}`;
  if (sailing.status !== 'Active') throw refused(`${name} is ${sailing.status}: only an Active sailing is booked`);
  if (sailing.start_date < today) throw refused(`${name} departed on ${sailing.start_date}`);
  if (cabin.ship_id !== sailing.ship_id) throw refused(`Cabin ${cabin.cabin_code} is not on the ship of ${name}`);
  if (cabin.available === null) throw refused(`Cabin ${cabin.cabin_code} has no price on ${name}`);
  if (!cabin.available) throw refused(`Cabin ${cabin.cabin_code} is not available on ${name}`);
  if (cabin.booked) throw refused(`Cabin ${cabin.cabin_code} is booked on ${name} already`);
  if (input.passengers.length > cabin.capacity) {
    throw refused(`Cabin ${cabin.cabin_code} takes at most ${cabin.capacity} passengers`);
  }
  const charges = new Map((await repo.chargesOfTypes(db, input.cruiseId, types)).map((c) => [c.charge_type_id, c]));
  for (const type of types) {
    const charge = charges.get(type);
    if (!charge) throw refused(`Charge type ${type} is not offered on ${name}`);
    if (charge.mandatory) throw refused(`${charge.charge_type_code} is part of every booking of ${name}`);
  }
}

export interface PricedLine extends Charge {
  unitMinor: number;
  rate: string | null;
}

/** The booking's charges priced in the tenant's currency at the rates in force on the tenant's today. */
async function priceBooking(pricing: CruisePricingApi, db: Queryable, ctx: TenantContext, bookingId: number) {
  const charges = await repo.chargesOfBooking(db, bookingId);
  if (!charges) throw notFound('Cruise booking');
  if (!charges.cabin) throw refused(`Cruise booking ${bookingId}: its cabin has no price on the sailing`);
  const addOns = charges.addOns.filter((addOn) => addOn !== null);
  if (addOns.length !== charges.addOns.length) {
    throw refused(`Cruise booking ${bookingId}: an add-on is no longer offered on the sailing`);
  }
  const lines = bookingCharges({ ...charges, cabin: charges.cabin, addOns });
  const currency = ctx.tenant.currency.toUpperCase();
  const rateDate = formatDate(ctx.now, ctx.tenant.timezone);
  const rates = new Map<string, string>();
  for (const from of foreignCurrencies(lines, currency)) {
    const rate = await pricing.rateInForce(db, from, currency, rateDate);
    if (rate === undefined) throw refused(`No exchange rate ${from}→${currency} is in force on ${rateDate}`);
    rates.set(from, rate);
  }
  const priced: PricedLine[] = lines.map((line) => {
    const rate = rates.get(line.currency) ?? null;
    return { ...line, rate, unitMinor: unitMinor(line, currency, rate) };
  });
  const totalMinor = priced.reduce((sum, line) => sum + line.unitMinor * line.quantity, 0);
  return { lines: priced, totalMinor, currency, rateDate, startDate: charges.start_date };
}

async function createBooking(
  deps: CruiseBookingDeps,
  ctx: TenantContext,
  input: CreateCruiseBooking,
): Promise<CruiseBooking> {
  const today = formatDate(ctx.now, ctx.tenant.timezone);
  checkRequest(input, today);
  const customer = await deps.customers.findById(ctx.db, input.customerId);
  if (!customer) throw notFound('Customer');
  await checkBookable(ctx.db, input, today);
  const booking: repo.NewBooking = {
    cruiseId: input.cruiseId,
    shipCabinId: input.shipCabinId,
    customerId: customer.customerId,
    customerName: customer.custName,
    createdBy: loggedInUserId(ctx.session),
    passengers: input.passengers.map((p) => ({
      firstName: p.firstName.trim(),
      lastName: p.lastName.trim(),
      dateOfBirth: p.dateOfBirth ?? null,
      nationality: p.nationality?.trim() || null,
      passportNumber: p.passportNumber?.trim() || null,
    })),
    addOns: input.addOns ?? [],
    now: ctx.now,
  };
  const bookingId = await withTransaction(ctx, (tx) => repo.insertBooking(tx, booking)).catch((error) => {
    // Another create took the cabin between the check and the insert: the index keeps it booked once.
    if (pgErrorCode(error) === PgCode.uniqueViolation) {
      throw refused(`Cabin ${input.shipCabinId} is booked on cruise ${input.cruiseId} already`);
    }
    throw error;
  });
  return bookingAnswer(ctx, bookingId);
}

async function makeBlmBooking(
  deps: CruiseBookingDeps,
  ctx: TenantContext,
  input: CreateBlmPayment,
): Promise<BlmBooking> {
  const blmBookingId = await withTransaction(ctx, async (tx) => {
    const booking = await repo.lockBooking(tx, input.bookingId);
    if (!booking) throw notFound('Cruise booking');
    // Asked again (or by a second agent at once, who waited for the lock): the booking made the first time.
    if (booking.blm_booking_id !== null) return booking.blm_booking_id;
    if (booking.status === 'CANCELLED') throw refused(`Cruise booking ${input.bookingId} is cancelled`);
    const priced = await priceBooking(deps.pricing, tx, ctx, input.bookingId);
    const lines = priced.lines.map((line) => ({
      description: line.description,
      unitName: line.unitName,
      quantity: line.quantity,
      unitPrice: minorToDecimalString(line.unitMinor, priced.currency),
      serviceDate: priced.startDate,
    }));
    const made = await deps.blm.createWithLines(tx, ctx, {
      customerId: input.customerId ?? booking.customer_id,
      customerName: input.customerName?.trim() || undefined,
      customerEmail: input.customerEmail?.trim() || undefined,
      customerPhone: input.customerPhone?.trim() || undefined,
      currency: priced.currency,
      notes: `Cruise booking ${input.bookingId}`,
      status: 'CONFIRMED',
      lines,
    });
    await repo.setBlmBooking(tx, input.bookingId, made, ctx.now);
    return made;
  });
  return deps.blm.read(ctx, blmBookingId);
}

export function createCruiseBookingService(deps: CruiseBookingDeps) {
  return {
    create: (ctx: TenantContext, input: CreateCruiseBooking) => createBooking(deps, ctx, input),

    read: (ctx: TenantContext, bookingId: number) => bookingAnswer(ctx, bookingId),

    async list(ctx: TenantContext, input: ListCruiseBookings): Promise<CruiseBooking[]> {
      const pageSize = input.pageSize ?? 100;
      const filter = {
        cruiseId: input.cruiseId ?? null,
        customerId: input.customerId ?? null,
        status: input.status ?? null,
      };
      const page = { limit: pageSize, offset: ((input.page ?? 1) - 1) * pageSize };
      const rows = await repo.listBookings(ctx.db, filter, page);
      return rows.map((row) => toBooking(row, ctx.tenant.timezone));
    },

    async cancel(ctx: TenantContext, bookingId: number): Promise<CruiseBooking> {
      await withTransaction(ctx, async (tx) => {
        const booking = await repo.lockBooking(tx, bookingId);
        if (!booking) throw notFound('Cruise booking');
        if (booking.status === 'CANCELLED') throw refused(`Cruise booking ${bookingId} is cancelled already`);
        if (booking.blm_booking_id !== null) {
          const blm = await deps.blm.statusOf(tx, booking.blm_booking_id, ctx.now);
          if (blm && blm.status !== 'CANCELLED' && blm.status !== 'EXPIRED') {
            throw refused(`Back-office booking ${blm.reference} is ${blm.status}: cancel it first`);
          }
        }
        await repo.setStatus(tx, bookingId, 'CANCELLED', ctx.now);
      });
      return bookingAnswer(ctx, bookingId);
    },

    async calculateTotal(ctx: TenantContext, bookingId: number): Promise<BookingTotal> {
      const priced = await priceBooking(deps.pricing, ctx.db, ctx, bookingId);
      const { currency } = priced;
      return {
        bookingId,
        totalAmount: fromMinor(priced.totalMinor, currency),
        currency,
        rateDate: priced.rateDate,
        lines: priced.lines.map((line) => ({
          kind: line.kind,
          chargeTypeId: line.chargeTypeId,
          description: line.description,
          quantity: line.quantity,
          unitPrice: fromMinor(line.unitMinor, currency),
          totalAmount: fromMinor(line.unitMinor * line.quantity, currency),
          originalCurrency: line.currency,
          originalUnitPrice: Number(line.unitPrice),
          rate: line.rate === null ? null : Number(line.rate),
        })),
      };
    },

    createBlmPayment: (ctx: TenantContext, input: CreateBlmPayment) => makeBlmBooking(deps, ctx, input),
  };
}

export type CruiseBookingService = ReturnType<typeof createCruiseBookingService>;
