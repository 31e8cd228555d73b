// SQL of cruise pricing: templates per itinerary, charges per sailing, exchange rates. Plain rows out; prices and
// rates as PostgreSQL's decimal text. A write names the row it changes (an id) or inserts one; uniqueness is the
// tables' (the service answers DUPLICATE on a unique violation).
import type { Fragment, Queryable } from '../../../platform/database/connections.js';

export interface CabinPriceRow {
  id: number;
  /** The itinerary (templates) or the sailing (charges). */
  owner_id: number;
  ship_cabin_id: number;
  cabin_code: string;
  cabin_name: string | null;
  cabin_type_id: number;
  capacity: number;
  price: string;
  currency: string;
  available: boolean;
  booked: boolean;
}

export interface OtherChargeRow {
  id: number;
  owner_id: number;
  charge_type_id: number;
  charge_type_code: string;
  charge_type_name: string;
  price: string;
  currency: string;
  per_person: boolean;
  mandatory: boolean;
}

export interface ExchangeRateRow {
  exchange_rate_id: number;
  from_currency: string;
  to_currency: string;
  rate: string;
  valid_from: string;
}

/** Which table: an itinerary's templates or a sailing's charges (the same columns, another owner). */
export type PriceTable = 'template' | 'sailing';

const cabinTables = (db: Queryable, table: PriceTable) =>
  table === 'template'
    ? { from: db`cruise_cabin_price_templates p`, id: db`p.cabin_price_template_id`, owner: db`p.itinerary_id` }
    : { from: db`cruise_cabin_charges p`, id: db`p.cabin_charge_id`, owner: db`p.cruise_id` };

const chargeTables = (db: Queryable, table: PriceTable) =>
  table === 'template'
    ? { from: db`cruise_other_charge_templates p`, id: db`p.other_charge_template_id`, owner: db`p.itinerary_id` }
    : { from: db`cruise_other_charges p`, id: db`p.other_charge_id`, owner: db`p.cruise_id` };

/** What reads one priced kind: its SELECT, the table's id and owner columns, and the order a list answers in. */
interface PricedQuery {
  select: Fragment;
  id: Fragment;
  owner: Fragment;
  order: Fragment;
}

function cabinPriceQuery(db: Queryable, table: PriceTable): PricedQuery {
  const t = cabinTables(db, table);
  const booked =
    table === 'sailing'
      ? db`EXISTS (SELECT 1 FROM cruise_bookings b WHERE b.cruise_id = p.cruise_id
                   AND b.ship_cabin_id = p.ship_cabin_id AND b.status <> 'CANCELLED')`
      : db`false`;
  const select = db`
    SELECT ${t.id} AS id, ${t.owner} AS owner_id, p.ship_cabin_id, c.cabin_code, c.cabin_name, c.cabin_type_id,
           c.capacity, p.price::text AS price, p.currency, p.available, ${booked} AS booked
    FROM ${t.from} JOIN cruise_ship_cabins c ON c.ship_cabin_id = p.ship_cabin_id`;
  return { select, id: t.id, owner: t.owner, order: db`c.cabin_code, p.ship_cabin_id` };
}

function otherChargeQuery(db: Queryable, table: PriceTable): PricedQuery {
  const t = chargeTables(db, table);
  const select = db`
    SELECT ${t.id} AS id, ${t.owner} AS owner_id, p.charge_type_id, ct.charge_type_code, ct.charge_type_name,
           p.price::text AS price, p.currency, p.per_person, p.mandatory
    FROM ${t.from} JOIN cruise_charge_types ct ON ct.charge_type_id = p.charge_type_id`;
  return { select, id: t.id, owner: t.owner, order: db`ct.charge_type_code, p.charge_type_id` };
}

function listOwned<Row extends object>(db: Queryable, q: PricedQuery, ownerId: number): Promise<Row[]> {
  return db<Row[]>`${q.select} WHERE ${q.owner} = ${ownerId} ORDER BY ${q.order}`;
}

async function findOne<Row extends object>(db: Queryable, q: PricedQuery, id: number): Promise<Row | undefined> {
  const [row] = await db<Row[]>`${q.select} WHERE ${q.id} = ${id}`;
  return row;
}

export const listCabinPrices = (db: Queryable, table: PriceTable, ownerId: number) =>
  listOwned<CabinPriceRow>(db, cabinPriceQuery(db, table), ownerId);
export const findCabinPrice = (db: Queryable, table: PriceTable, id: number) =>
  findOne<CabinPriceRow>(db, cabinPriceQuery(db, table), id);
export const listOtherCharges = (db: Queryable, table: PriceTable, ownerId: number) =>
  listOwned<OtherChargeRow>(db, otherChargeQuery(db, table), ownerId);
export const findOtherCharge = (db: Queryable, table: PriceTable, id: number) =>
  findOne<OtherChargeRow>(db, otherChargeQuery(db, table), id);

export interface CabinPriceValues {
  ownerId: number;
  shipCabinId: number;
  price: string;
  currency: string;
  available: boolean;
  now: Date;
}

/** Inserts (id undefined) or changes the row; answers its id, undefined when the row to change is gone. */
export async function saveCabinPrice(db: Queryable, table: PriceTable, id: number | undefined, v: CabinPriceValues) {
  const owner = table === 'template' ? 'itinerary_id' : 'cruise_id';
  const name = table === 'template' ? 'cruise_cabin_price_templates' : 'cruise_cabin_charges';
  const key = table === 'template' ? 'cabin_price_template_id' : 'cabin_charge_id';
  const values = { ship_cabin_id: v.shipCabinId, price: v.price, currency: v.currency, available: v.available };
  const [row] =
    id === undefined
      ? await db<{ id: number }[]>`
          INSERT INTO ${db(name)} ${db({ ...values, [owner]: v.ownerId, created_at: v.now, updated_at: v.now })}
          RETURNING ${db(key)} AS id`
      : await db<{ id: number }[]>`
          UPDATE ${db(name)} SET ${db({ ...values, [owner]: v.ownerId, updated_at: v.now })}
          WHERE ${db(key)} = ${id} RETURNING ${db(key)} AS id`;
  return row?.id;
}

export interface OtherChargeValues {
  ownerId: number;
  chargeTypeId: number;
  price: string;
  currency: string;
  perPerson: boolean;
  mandatory: boolean;
  now: Date;
}

export async function saveOtherCharge(db: Queryable, table: PriceTable, id: number | undefined, v: OtherChargeValues) {
  const owner = table === 'template' ? 'itinerary_id' : 'cruise_id';
  const name = table === 'template' ? 'cruise_other_charge_templates' : 'cruise_other_charges';
  const key = table === 'template' ? 'other_charge_template_id' : 'other_charge_id';
  const values = {
    [owner]: v.ownerId,
    charge_type_id: v.chargeTypeId,
    price: v.price,
    currency: v.currency,
    per_person: v.perPerson,
    mandatory: v.mandatory,
  };
  const [row] =
    id === undefined
      ? await db<{ id: number }[]>`
          INSERT INTO ${db(name)} ${db({ ...values, created_at: v.now, updated_at: v.now })}
          RETURNING ${db(key)} AS id`
      : await db<{ id: number }[]>`
          UPDATE ${db(name)} SET ${db({ ...values, updated_at: v.now })} WHERE ${db(key)} = ${id}
          RETURNING ${db(key)} AS id`;
  return row?.id;
}

export async function deleteCabinPrice(db: Queryable, table: PriceTable, id: number): Promise<boolean> {
  const rows =
    table === 'template'
      ? await db`DELETE FROM cruise_cabin_price_templates WHERE cabin_price_template_id = ${id} RETURNING 1`
      : await db`DELETE FROM cruise_cabin_charges WHERE cabin_charge_id = ${id} RETURNING 1`;
  return rows.length === 1;
}

export async function deleteOtherCharge(db: Queryable, table: PriceTable, id: number): Promise<boolean> {
  const rows =
    table === 'template'
      ? await db`DELETE FROM cruise_other_charge_templates WHERE other_charge_template_id = ${id} RETURNING 1`
      : await db`DELETE FROM cruise_other_charges WHERE other_charge_id = ${id} RETURNING 1`;
  return rows.length === 1;
}

/** A zero-priced template in `currency`, not available, for each cabin of the itinerary's ship that has none. */
export async function initializeCabinTemplates(db: Queryable, itineraryId: number, currency: string, now: Date) {
  await db`
    INSERT INTO cruise_cabin_price_templates (itinerary_id, ship_cabin_id, price, currency, available, created_at,
                                              updated_at)
    SELECT i.itinerary_id, c.ship_cabin_id, 0, ${currency}, false, ${now}, ${now}
    FROM cruise_itineraries i JOIN cruise_ship_cabins c ON c.ship_id = i.ship_id
    WHERE i.itinerary_id = ${itineraryId}
    ON CONFLICT (itinerary_id, ship_cabin_id) DO NOTHING`;
}

// ---------- what the checks read ----------

export async function itineraryShip(db: Queryable, itineraryId: number) {
  const [row] = await db<{ ship_id: number }[]>`
    SELECT ship_id FROM cruise_itineraries WHERE itinerary_id = ${itineraryId}`;
  return row?.ship_id;
}

export async function cruiseShip(db: Queryable, cruiseId: number) {
  const [row] = await db<{ ship_id: number; status: string }[]>`
    SELECT i.ship_id, c.status FROM cruises c JOIN cruise_itineraries i USING (itinerary_id)
    WHERE c.cruise_id = ${cruiseId}`;
  return row;
}

export async function cabinShip(db: Queryable, shipCabinId: number) {
  const [row] = await db<{ ship_id: number; cabin_code: string }[]>`
    SELECT ship_id, cabin_code FROM cruise_ship_cabins WHERE ship_cabin_id = ${shipCabinId}`;
  return row;
}

export async function chargeTypeExists(db: Queryable, chargeTypeId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM cruise_charge_types WHERE charge_type_id = ${chargeTypeId}`;
  return rows.length === 1;
}

/** The booking that holds the cabin of a sailing (not cancelled), if any. */
export async function activeBookingOfCabin(db: Queryable, cruiseId: number, shipCabinId: number) {
  const [row] = await db<{ cruise_booking_id: number }[]>`
    SELECT cruise_booking_id FROM cruise_bookings
    WHERE cruise_id = ${cruiseId} AND ship_cabin_id = ${shipCabinId} AND status <> 'CANCELLED'`;
  return row?.cruise_booking_id;
}

/** A booking (not cancelled) of the sailing that chose the charge type as an add-on, if any. */
export async function activeBookingWithAddOn(db: Queryable, cruiseId: number, chargeTypeId: number) {
  const [row] = await db<{ cruise_booking_id: number }[]>`
    SELECT b.cruise_booking_id FROM cruise_bookings b JOIN cruise_booking_add_ons a USING (cruise_booking_id)
    WHERE b.cruise_id = ${cruiseId} AND a.charge_type_id = ${chargeTypeId} AND b.status <> 'CANCELLED' LIMIT 1`;
  return row?.cruise_booking_id;
}

// ---------- exchange rates ----------

const rateColumns = (db: Queryable) => db`
  exchange_rate_id, from_currency, to_currency, rate::text AS rate, valid_from::text AS valid_from`;

export function listRates(
  db: Queryable,
  filter: { from: string | null; to: string | null; onDate: string | null },
): Promise<ExchangeRateRow[]> {
  const pairs = db`
    FROM exchange_rates WHERE (${filter.from}::text IS NULL OR from_currency = ${filter.from})
      AND (${filter.to}::text IS NULL OR to_currency = ${filter.to})`;
  if (filter.onDate === null) {
    return db<ExchangeRateRow[]>`SELECT ${rateColumns(db)} ${pairs}
      ORDER BY from_currency, to_currency, valid_from DESC`;
  }
  return db<ExchangeRateRow[]>`
    SELECT DISTINCT ON (from_currency, to_currency) ${rateColumns(db)} ${pairs} AND valid_from <= ${filter.onDate}::date
    ORDER BY from_currency, to_currency, valid_from DESC`;
}

export async function findRate(db: Queryable, id: number) {
  const [row] = await db<
    ExchangeRateRow[]
  >`SELECT ${rateColumns(db)} FROM exchange_rates WHERE exchange_rate_id = ${id}`;
  return row;
}

/** The rate in force for the pair on the date: the newest valid_from not after it. */
export async function rateInForce(db: Queryable, from: string, to: string, onDate: string) {
  const [row] = await db<{ rate: string }[]>`
    SELECT rate::text AS rate FROM exchange_rates
    WHERE from_currency = ${from} AND to_currency = ${to} AND valid_from <= ${onDate}::date
    ORDER BY valid_from DESC LIMIT 1`;
  return row?.rate;
}

export async function saveRate(
  db: Queryable,
  id: number | undefined,
  v: { from: string; to: string; rate: string; validFrom: string; now: Date },
) {
  const values = { from_currency: v.from, to_currency: v.to, rate: v.rate, valid_from: v.validFrom };
  const [row] =
    id === undefined
      ? await db<{ id: number }[]>`
          INSERT INTO exchange_rates ${db({ ...values, created_at: v.now, updated_at: v.now })}
          RETURNING exchange_rate_id AS id`
      : await db<{ id: number }[]>`
          UPDATE exchange_rates SET ${db({ ...values, updated_at: v.now })} WHERE exchange_rate_id = ${id}
          RETURNING exchange_rate_id AS id`;
  return row?.id;
}

export async function deleteRate(db: Queryable, id: number): Promise<boolean> {
  const rows = await db`DELETE FROM exchange_rates WHERE exchange_rate_id = ${id} RETURNING 1`;
  return rows.length === 1;
}
