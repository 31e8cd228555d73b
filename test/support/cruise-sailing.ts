// A priced cruise sailing for tests of pricing and bookings: a company, a ship with cabins, an itinerary and an
// Active sailing with a charge for each cabin and three other charges (port fees per person and service charge per
// booking, both mandatory; a drinks package, an add-on), written in one statement per table into the tenant's
// database: the itineraries' and sailings' own operations are tested in their own files, and this keeps the setup
// of each test short. Codes are new on every call.
import { addDays, formatDate } from '../../src/platform/time.js';
import { uniqueName } from './database.js';
import type { TestTenant } from './factories.js';

export interface SailingOptions {
  cabins?: number;
  capacity?: number;
  status?: 'Draft' | 'Active' | 'Cancelled' | 'Completed';
  /** Days from the tenant's today to the start (default 30; negative: departed). */
  startInDays?: number;
  /** Each cabin's price and currency (default 1000.00 AED). */
  cabinPrice?: string;
  cabinCurrency?: string;
}

export interface TestSailing {
  cruiseId: number;
  itineraryId: number;
  shipId: number;
  startDate: string;
  /** The ship's cabins, in code order (C01, C02, …), each with a charge on the sailing. */
  cabinIds: number[];
  /** A cabin of another ship. */
  foreignCabinId: number;
  chargeTypes: { portFees: number; service: number; drinks: number; spa: number };
}

export async function sailing(t: TestTenant, options: SailingOptions = {}): Promise<TestSailing> {
  const mark = uniqueName('cr').toUpperCase();
  const start = addDays(formatDate(new Date(), t.record.timezone), options.startInDays ?? 30);
  return t.db(async (sql) => {
    const [ids] = await sql<{ company_id: number; area_id: number; type_id: number; ship_id: number; other: number }[]>`
      WITH company AS (INSERT INTO cruise_companies (company_code, company_name) VALUES (${mark}, 'Gulf Line')
                       RETURNING company_id),
           area AS (INSERT INTO cruise_areas (area_code, area_name) VALUES (${mark}, 'Arabian Gulf') RETURNING area_id),
           type AS (INSERT INTO cruise_cabin_types (type_code, type_name) VALUES (${mark}, 'Balcony')
                    RETURNING cabin_type_id),
           ship AS (INSERT INTO cruise_ships (company_id, ship_code, ship_name)
                    SELECT company_id, 'S1', 'Gulf Star' FROM company RETURNING ship_id),
           other AS (INSERT INTO cruise_ships (company_id, ship_code, ship_name)
                     SELECT company_id, 'S2', 'Gulf Moon' FROM company RETURNING ship_id)
      SELECT company.company_id, area.area_id, type.cabin_type_id AS type_id, ship.ship_id, other.ship_id AS other
      FROM company, area, type, ship, other`;
    if (!ids) throw new Error('no cruise master data');
    const cabins = await sql<{ ship_cabin_id: number }[]>`
      INSERT INTO cruise_ship_cabins (ship_id, cabin_type_id, cabin_code, cabin_name, capacity)
      SELECT ${ids.ship_id}, ${ids.type_id}, 'C' || lpad(n::text, 2, '0'), 'Balcony ' || n, ${options.capacity ?? 2}
      FROM generate_series(1, ${options.cabins ?? 3}::int) n
      RETURNING ship_cabin_id`;
    const [foreign] = await sql<{ ship_cabin_id: number }[]>`
      INSERT INTO cruise_ship_cabins (ship_id, cabin_type_id, cabin_code, capacity)
      VALUES (${ids.other}, ${ids.type_id}, 'X1', 2) RETURNING ship_cabin_id`;
    const [cruise] = await sql<{ itinerary_id: number; cruise_id: number }[]>`
      WITH itinerary AS (
        INSERT INTO cruise_itineraries (ship_id, area_id, itinerary_code, itinerary_name, duration, status)
        VALUES (${ids.ship_id}, ${ids.area_id}, ${mark}, 'Gulf Gems', 7, 'Active') RETURNING itinerary_id)
      INSERT INTO cruises (itinerary_id, start_date, status)
      SELECT itinerary_id, ${start}, ${options.status ?? 'Active'} FROM itinerary RETURNING itinerary_id, cruise_id`;
    if (!cruise || !foreign) throw new Error('no cruise');
    await sql`
      INSERT INTO cruise_cabin_charges (cruise_id, ship_cabin_id, price, currency)
      SELECT ${cruise.cruise_id}, ship_cabin_id, ${options.cabinPrice ?? '1000.00'}, ${options.cabinCurrency ?? 'AED'}
      FROM cruise_ship_cabins WHERE ship_id = ${ids.ship_id}`;
    const types = await sql<{ charge_type_id: number }[]>`
      INSERT INTO cruise_charge_types (charge_type_code, charge_type_name)
      VALUES (${`${mark}P`}, 'Port fees'), (${`${mark}S`}, 'Service charge'), (${`${mark}D`}, 'Drinks package'),
             (${`${mark}X`}, 'Spa day')
      RETURNING charge_type_id`;
    const [portFees, service, drinks, spa] = types.map((row) => row.charge_type_id);
    if (!portFees || !service || !drinks || !spa) throw new Error('no charge types');
    await sql`
      INSERT INTO cruise_other_charges (cruise_id, charge_type_id, price, currency, per_person, mandatory)
      VALUES (${cruise.cruise_id}, ${portFees}, '50.00', 'USD', true, true),
             (${cruise.cruise_id}, ${service}, '100.00', 'AED', false, true),
             (${cruise.cruise_id}, ${drinks}, '75.50', 'EUR', true, false)`;
    return {
      cruiseId: cruise.cruise_id,
      itineraryId: cruise.itinerary_id,
      shipId: ids.ship_id,
      startDate: start,
      cabinIds: cabins.map((row) => row.ship_cabin_id),
      foreignCabinId: foreign.ship_cabin_id,
      chargeTypes: { portFees, service, drinks, spa },
    };
  });
}
