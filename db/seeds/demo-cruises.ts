// The demo tenant's cruises (issue 32, item 5): two cruise lines, four ships with cabins, six itineraries in the
// Arabian Gulf and the Mediterranean calling at real ports, their stops and price templates, and Active sailings on
// fixed weekdays for the next six months (dates relative to the seed day), each with its ports of call and its charges
// copied from the templates, as generateSkeleton makes them; exchange rates to AED for the foreign prices. The data
// is one JSON document; the writing is a few INSERT … SELECT statements in one transaction, so the seed is fast and
// all or nothing. A tenant that has any cruise company already is left alone.
import type { Queryable, Sql } from '../../src/platform/database/connections.js';
import { addDays } from '../../src/platform/time.js';

export interface DemoCruiseCounts {
  itineraries: number;
  sailings: number;
}

/** Days of sailings from the seed day. */
const SEASON_DAYS = 182;

const COMPANIES = [
  { code: 'ASC', name: 'Arabian Sea Cruises', color: '#C8102E' },
  { code: 'MNL', name: 'Mare Nostrum Lines', color: '#00338D' },
];
const AREAS = [
  { code: 'GULF', name: 'Arabian Gulf' },
  { code: 'MED', name: 'Western Mediterranean' },
];
const PORTS = [
  ['DXB', 'Dubai', 'AE'],
  ['AUH', 'Abu Dhabi', 'AE'],
  ['SBY', 'Sir Bani Yas', 'AE'],
  ['MCT', 'Muscat', 'OM'],
  ['KHS', 'Khasab', 'OM'],
  ['DOH', 'Doha', 'QA'],
  ['BHR', 'Manama', 'BH'],
  ['BCN', 'Barcelona', 'ES'],
  ['PMI', 'Palma de Mallorca', 'ES'],
  ['MRS', 'Marseille', 'FR'],
  ['GOA', 'Genoa', 'IT'],
  ['CVV', 'Civitavecchia (Rome)', 'IT'],
  ['NAP', 'Naples', 'IT'],
  ['SPE', 'La Spezia', 'IT'],
].map(([code, name, country]) => ({ code, name, country, image: `/images/ports/${code?.toLowerCase()}.jpg` }));
const CABIN_TYPES = [
  { code: 'INT', name: 'Interior', count: 8, capacity: 2, factor: 1 },
  { code: 'OCV', name: 'Ocean View', count: 8, capacity: 3, factor: 1.3 },
  { code: 'BAL', name: 'Balcony', count: 6, capacity: 4, factor: 1.7 },
  { code: 'STE', name: 'Suite', count: 2, capacity: 4, factor: 3 },
];
const CHARGE_TYPES = [
  { code: 'PORT', name: 'Port taxes and fees' },
  { code: 'SVC', name: 'Hotel service charge' },
  { code: 'DRINKS', name: 'Drinks package' },
  { code: 'WIFI', name: 'Wi-Fi package' },
  { code: 'EXCURSION', name: 'Shore excursion' },
];
const SHIPS = [
  { company: 'ASC', code: 'PEARL', name: 'Desert Pearl', description: 'A 1,200-guest ship based in Dubai year-round.' },
  { company: 'ASC', code: 'FALCON', name: 'Gulf Falcon', description: 'A smaller ship for short Gulf getaways.' },
  { company: 'MNL', code: 'STELLA', name: 'Stella Marina', description: 'Western Mediterranean, home port Barcelona.' },
  { company: 'MNL', code: 'AURORA', name: 'Aurora del Mare', description: 'Short breaks from Genoa and Barcelona.' },
];

/** A stop: port code, day offsets of arrival and departure, HH:mm times (null at embarkation and the last port). */
type Stop = [port: string, arrival: number, departure: number, arrives: string | null, departs: string | null];

interface DemoItinerary {
  code: string;
  name: string;
  ship: string;
  area: string;
  nights: number;
  /** 0 = Sunday … 6 = Saturday: the weekday of every departure. */
  weekday: number;
  currency: string;
  /** The interior cabin's price for the whole sailing; other types by their factor. */
  interiorPrice: number;
  description: string;
  stops: Stop[];
  /** [charge type, price, currency, per person, mandatory] */
  charges: Array<[string, number, string, boolean, boolean]>;
}

const GULF_CHARGES = (nights: number): DemoItinerary['charges'] => [
  ['PORT', 45 * nights, 'AED', true, true],
  ['SVC', 12 * nights, 'USD', true, true],
  ['DRINKS', 55 * nights, 'USD', true, false],
  ['WIFI', 25 * nights, 'USD', false, false],
  ['EXCURSION', 280, 'AED', true, false],
];
const MED_CHARGES = (nights: number): DemoItinerary['charges'] => [
  ['PORT', 18 * nights, 'EUR', true, true],
  ['SVC', 12.5 * nights, 'EUR', true, true],
  ['DRINKS', 49.9 * nights, 'EUR', true, false],
  ['WIFI', 19.99 * nights, 'EUR', false, false],
  ['EXCURSION', 69, 'EUR', true, false],
];

const ITINERARIES: DemoItinerary[] = [
  {
    code: 'GULF-7',
    name: 'Arabian Gulf Discovery',
    ship: 'PEARL',
    area: 'GULF',
    nights: 7,
    weekday: 6,
    currency: 'AED',
    interiorPrice: 2890,
    description: 'Dubai, Abu Dhabi, the wildlife island of Sir Bani Yas, Doha and Manama in a week.',
    stops: [
      ['DXB', 0, 0, null, '18:00'],
      ['AUH', 1, 1, '08:00', '20:00'],
      ['SBY', 2, 2, '09:00', '18:00'],
      ['DOH', 4, 4, '08:00', '19:00'],
      ['BHR', 5, 5, '09:00', '18:00'],
      ['DXB', 7, 7, '07:00', null],
    ],
    charges: GULF_CHARGES(7),
  },
  {
    code: 'OMAN-4',
    name: 'Oman and the Musandam Fjords',
    ship: 'FALCON',
    area: 'GULF',
    nights: 4,
    weekday: 1,
    currency: 'AED',
    interiorPrice: 1690,
    description: 'The fjords of Khasab and the old town of Muscat, from Dubai.',
    stops: [
      ['DXB', 0, 0, null, '17:00'],
      ['KHS', 1, 1, '08:00', '17:00'],
      ['MCT', 2, 2, '10:00', '22:00'],
      ['DXB', 4, 4, '07:00', null],
    ],
    charges: GULF_CHARGES(4),
  },
  {
    code: 'EMIRATES-3',
    name: 'Emirates Weekend',
    ship: 'FALCON',
    area: 'GULF',
    nights: 3,
    weekday: 5,
    currency: 'AED',
    interiorPrice: 1190,
    description: 'A long weekend between Abu Dhabi, Sir Bani Yas and Dubai.',
    stops: [
      ['AUH', 0, 0, null, '18:00'],
      ['SBY', 1, 1, '08:00', '17:00'],
      ['DXB', 2, 2, '08:00', '23:00'],
      ['AUH', 3, 3, '07:00', null],
    ],
    charges: GULF_CHARGES(3),
  },
  {
    code: 'WMED-7',
    name: 'Western Mediterranean Classics',
    ship: 'STELLA',
    area: 'MED',
    nights: 7,
    weekday: 0,
    currency: 'EUR',
    interiorPrice: 749,
    description: 'Barcelona, Marseille, Genoa, Rome, Naples and Palma in a week.',
    stops: [
      ['BCN', 0, 0, null, '18:00'],
      ['MRS', 1, 1, '08:00', '18:00'],
      ['GOA', 2, 2, '08:00', '17:00'],
      ['CVV', 3, 3, '07:00', '19:00'],
      ['NAP', 4, 4, '08:00', '18:00'],
      ['PMI', 6, 6, '08:00', '17:00'],
      ['BCN', 7, 7, '06:00', null],
    ],
    charges: MED_CHARGES(7),
  },
  {
    code: 'RIVIERA-4',
    name: 'Riviera and Balearics',
    ship: 'AURORA',
    area: 'MED',
    nights: 4,
    weekday: 1,
    currency: 'EUR',
    interiorPrice: 429,
    description: 'From Genoa to Marseille, Barcelona and Palma, and back.',
    stops: [
      ['GOA', 0, 0, null, '17:00'],
      ['MRS', 1, 1, '09:00', '18:00'],
      ['BCN', 2, 2, '09:00', '19:00'],
      ['PMI', 3, 3, '08:00', '14:00'],
      ['GOA', 4, 4, '16:00', null],
    ],
    charges: MED_CHARGES(4),
  },
  {
    code: 'ITALY-3',
    name: 'Italian Short Break',
    ship: 'AURORA',
    area: 'MED',
    nights: 3,
    weekday: 5,
    currency: 'EUR',
    interiorPrice: 319,
    description: 'Genoa, La Spezia for the Cinque Terre, and Rome.',
    stops: [
      ['GOA', 0, 0, null, '18:00'],
      ['SPE', 1, 1, '07:00', '17:00'],
      ['CVV', 2, 2, '08:00', '19:00'],
      ['GOA', 3, 3, '08:00', null],
    ],
    charges: MED_CHARGES(3),
  },
];

/** A price as decimal text of 2 decimals (every demo price is in a two-decimal currency). */
const money = (value: number) => value.toFixed(2);

function document(today: string) {
  return {
    companies: COMPANIES,
    areas: AREAS,
    ports: PORTS,
    cabinTypes: CABIN_TYPES.map(({ code, name }) => ({ code, name })),
    chargeTypes: CHARGE_TYPES,
    ships: SHIPS,
    // Decks 2-5 by type: interior 2101…, ocean view 3101…, balcony 4101…, suites 5101…
    cabins: SHIPS.flatMap((ship) =>
      CABIN_TYPES.flatMap((type, deck) =>
        Array.from({ length: type.count }, (_, n) => ({
          ship: ship.code,
          type: type.code,
          code: `${deck + 2}${101 + n}`,
          name: `${type.name} ${deck + 2}${101 + n}`,
          capacity: type.capacity,
        })),
      ),
    ),
    itineraries: ITINERARIES.map((it) => ({ ...it, duration: it.nights, stops: undefined, charges: undefined })),
    stops: ITINERARIES.flatMap((it) =>
      it.stops.map(([port, arrival, departure, arrives, departs], index) => ({
        itinerary: it.code,
        port,
        seq: index + 1,
        arrival,
        departure,
        arrives,
        departs,
      })),
    ),
    cabinPrices: ITINERARIES.flatMap((it) =>
      CABIN_TYPES.map((type) => ({
        itinerary: it.code,
        type: type.code,
        price: money(Math.round(it.interiorPrice * type.factor)),
        currency: it.currency,
      })),
    ),
    charges: ITINERARIES.flatMap((it) =>
      it.charges.map(([type, price, currency, perPerson, mandatory]) => ({
        itinerary: it.code,
        type,
        price: money(price),
        currency,
        perPerson,
        mandatory,
      })),
    ),
    rates: [
      { from: 'USD', rate: '3.67250000' },
      { from: 'EUR', rate: '4.01500000' },
    ].map((rate) => ({ ...rate, validFrom: addDays(today, -30) })),
  };
}

export async function seedDemoCruises(db: Sql, today: string): Promise<DemoCruiseCounts> {
  return db.begin(async (tx) => {
    const [existing] = await tx<{ n: number }[]>`SELECT count(*)::int AS n FROM cruise_companies`;
    if ((existing?.n ?? 0) > 0) return { itineraries: 0, sailings: 0 };
    const data = JSON.stringify(document(today));
    await insertMasterData(tx, data);
    await insertItineraries(tx, data);
    const sailings = await insertSailings(tx, today);
    return { itineraries: ITINERARIES.length, sailings };
  });
}

async function insertMasterData(tx: Queryable, data: string): Promise<void> {
  await tx`
    WITH d AS (SELECT ${data}::text::jsonb AS j),
    companies AS (
      INSERT INTO cruise_companies (company_code, company_name, color)
      SELECT x->>'code', x->>'name', x->>'color' FROM d, jsonb_array_elements(j->'companies') x RETURNING 1),
    areas AS (
      INSERT INTO cruise_areas (area_code, area_name)
      SELECT x->>'code', x->>'name' FROM d, jsonb_array_elements(j->'areas') x RETURNING 1),
    ports AS (
      INSERT INTO cruise_ports (port_code, port_name, country, image_url)
      SELECT x->>'code', x->>'name', x->>'country', x->>'image' FROM d, jsonb_array_elements(j->'ports') x RETURNING 1),
    types AS (
      INSERT INTO cruise_cabin_types (type_code, type_name)
      SELECT x->>'code', x->>'name' FROM d, jsonb_array_elements(j->'cabinTypes') x RETURNING 1)
    INSERT INTO cruise_charge_types (charge_type_code, charge_type_name)
    SELECT x->>'code', x->>'name' FROM d, jsonb_array_elements(j->'chargeTypes') x`;
  await tx`
    INSERT INTO cruise_ships (company_id, ship_code, ship_name, ship_description)
    SELECT c.company_id, x->>'code', x->>'name', x->>'description'
    FROM jsonb_array_elements(${data}::text::jsonb->'ships') x JOIN cruise_companies c ON c.company_code = x->>'company'`;
  await tx`
    INSERT INTO cruise_ship_cabins (ship_id, cabin_type_id, cabin_code, cabin_name, capacity)
    SELECT s.ship_id, t.cabin_type_id, x->>'code', x->>'name', (x->>'capacity')::int
    FROM jsonb_array_elements(${data}::text::jsonb->'cabins') x
    JOIN cruise_ships s ON s.ship_code = x->>'ship' JOIN cruise_cabin_types t ON t.type_code = x->>'type'`;
  await tx`
    INSERT INTO exchange_rates (from_currency, to_currency, rate, valid_from)
    SELECT x->>'from', 'AED', (x->>'rate')::numeric, (x->>'validFrom')::date
    FROM jsonb_array_elements(${data}::text::jsonb->'rates') x
    ON CONFLICT DO NOTHING`;
}

async function insertItineraries(tx: Queryable, data: string): Promise<void> {
  await tx`
    INSERT INTO cruise_itineraries (ship_id, area_id, itinerary_code, itinerary_name, duration, description, image_url,
                                    status)
    SELECT s.ship_id, a.area_id, x->>'code', x->>'name', (x->>'duration')::int, x->>'description',
           '/images/cruises/' || lower(x->>'code') || '.jpg', 'Active'
    FROM jsonb_array_elements(${data}::text::jsonb->'itineraries') x
    JOIN cruise_ships s ON s.ship_code = x->>'ship' JOIN cruise_areas a ON a.area_code = x->>'area'`;
  await tx`
    INSERT INTO cruise_templates (itinerary_id, port_id, stop_seq, day_offset_arrival, day_offset_departure,
                                  arrival_time, departure_time)
    SELECT i.itinerary_id, p.port_id, (x->>'seq')::int, (x->>'arrival')::int, (x->>'departure')::int,
           (x->>'arrives')::time, (x->>'departs')::time
    FROM jsonb_array_elements(${data}::text::jsonb->'stops') x
    JOIN cruise_itineraries i ON i.itinerary_code = x->>'itinerary' JOIN cruise_ports p ON p.port_code = x->>'port'`;
  // Every cabin of a type costs the type's price on the itinerary.
  await tx`
    INSERT INTO cruise_cabin_price_templates (itinerary_id, ship_cabin_id, price, currency, available)
    SELECT i.itinerary_id, c.ship_cabin_id, (x->>'price')::numeric, x->>'currency', true
    FROM jsonb_array_elements(${data}::text::jsonb->'cabinPrices') x
    JOIN cruise_itineraries i ON i.itinerary_code = x->>'itinerary'
    JOIN cruise_cabin_types t ON t.type_code = x->>'type'
    JOIN cruise_ship_cabins c ON c.ship_id = i.ship_id AND c.cabin_type_id = t.cabin_type_id`;
  await tx`
    INSERT INTO cruise_other_charge_templates (itinerary_id, charge_type_id, price, currency, per_person, mandatory)
    SELECT i.itinerary_id, t.charge_type_id, (x->>'price')::numeric, x->>'currency', (x->>'perPerson')::boolean,
           (x->>'mandatory')::boolean
    FROM jsonb_array_elements(${data}::text::jsonb->'charges') x
    JOIN cruise_itineraries i ON i.itinerary_code = x->>'itinerary'
    JOIN cruise_charge_types t ON t.charge_type_code = x->>'type'`;
}

/** Sailings on each itinerary's weekday from tomorrow for SEASON_DAYS, with points and charges from the templates. */
async function insertSailings(tx: Queryable, today: string): Promise<number> {
  const weekdays = ITINERARIES.map((it) => ({ code: it.code, weekday: it.weekday }));
  const made = await tx<{ cruise_id: number }[]>`
    INSERT INTO cruises (itinerary_id, start_date, status)
    SELECT i.itinerary_id, day::date, 'Active'
    FROM jsonb_to_recordset(${JSON.stringify(weekdays)}::text::jsonb) w(code text, weekday int)
    JOIN cruise_itineraries i ON i.itinerary_code = w.code
    CROSS JOIN generate_series(${today}::date + 1, ${today}::date + ${SEASON_DAYS}::int, interval '1 day') day
    WHERE extract(dow FROM day) = w.weekday
    RETURNING cruise_id`;
  const ids = made.map((row) => row.cruise_id);
  await tx`
    INSERT INTO cruise_points (cruise_id, port_id, stop_seq, arrival_at, departure_at)
    SELECT c.cruise_id, t.port_id, t.stop_seq, (c.start_date + t.day_offset_arrival) + t.arrival_time,
           (c.start_date + t.day_offset_departure) + t.departure_time
    FROM cruises c JOIN cruise_templates t USING (itinerary_id) WHERE c.cruise_id = ANY(${ids}::int[])`;
  await tx`
    INSERT INTO cruise_cabin_charges (cruise_id, ship_cabin_id, price, currency, available)
    SELECT c.cruise_id, p.ship_cabin_id, p.price, p.currency, p.available
    FROM cruises c JOIN cruise_cabin_price_templates p USING (itinerary_id) WHERE c.cruise_id = ANY(${ids}::int[])`;
  await tx`
    INSERT INTO cruise_other_charges (cruise_id, charge_type_id, price, currency, per_person, mandatory)
    SELECT c.cruise_id, o.charge_type_id, o.price, o.currency, o.per_person, o.mandatory
    FROM cruises c JOIN cruise_other_charge_templates o USING (itinerary_id) WHERE c.cruise_id = ANY(${ids}::int[])`;
  return ids.length;
}
