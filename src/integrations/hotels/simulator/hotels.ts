// The simulator's hotels: real hotels of the cities the contract names (Dubai, Paris, London) and, for any other
// city code, a stable set built from the code, so every city has offers (contract §7.1).

export interface SimulatedHotel {
  hotelCode: string;
  hotelName: string;
  cityCode: string;
  countryCode: string;
  /** Stars as GoGlobal shows them. */
  category: string;
  location: string;
  address: string;
  phone: string;
  latitude: number;
  longitude: number;
  /** Price of a standard double for one night in USD cents, before the day's and the room's factors. */
  baseNightCents: number;
}

type HotelSeed = [name: string, category: string, location: string, address: string, lat: number, lon: number];

interface CitySeed {
  country: string;
  phonePrefix: string;
  hotels: HotelSeed[];
}

const CITIES: Record<string, CitySeed> = {
  DXB: {
    country: 'AE',
    phonePrefix: '+971 4',
    hotels: [
      ['Jumeirah Beach Hotel', '5', 'Jumeirah', 'Jumeirah Beach Road, Umm Suqeim 3', 25.1412, 55.1909],
      ['Atlantis The Palm', '5', 'Palm Jumeirah', 'Crescent Road, The Palm', 25.1304, 55.1171],
      ['Rove Downtown', '3', 'Downtown Dubai', '312 Happiness Street, Za`abeel 2', 25.1906, 55.2854],
      ['Hilton Dubai Al Habtoor City', '5', 'Al Habtoor City', 'Sheikh Zayed Road', 25.1852, 55.2517],
      ['Premier Inn Dubai Ibn Battuta Mall', '3', 'Jebel Ali', 'Ibn Battuta Mall, Sheikh Zayed Road', 25.0443, 55.1186],
      ['Novotel Dubai Deira City Centre', '4', 'Deira', 'Al Garhoud, Deira City Centre', 25.2522, 55.3317],
      ['Citymax Hotel Bur Dubai', '3', 'Bur Dubai', 'Kuwait Street, Mankhool', 25.2532, 55.2927],
      [
        'Four Points by Sheraton Sheikh Zayed Road',
        '4',
        'Sheikh Zayed Road',
        'Sheikh Zayed Road, Trade Centre 1',
        25.2226,
        55.2807,
      ],
    ],
  },
  PAR: {
    country: 'FR',
    phonePrefix: '+33 1',
    hotels: [
      ['Hôtel Le Meurice', '5', 'Tuileries', '228 Rue de Rivoli, 75001', 48.8651, 2.3281],
      ['Hôtel des Grands Boulevards', '4', 'Grands Boulevards', '17 Boulevard Poissonnière, 75002', 48.8709, 2.3449],
      ['ibis Paris Tour Eiffel Cambronne', '3', 'Tour Eiffel', '2 Rue Cambronne, 75015', 48.8474, 2.3027],
      ['Pullman Paris Tour Eiffel', '4', 'Tour Eiffel', '18 Avenue de Suffren, 75015', 48.8554, 2.2926],
      ['Hôtel Eiffel Saint-Charles', '3', 'Grenelle', '37 Rue Saint-Charles, 75015', 48.8499, 2.2887],
      ['Le Pavillon de la Reine', '5', 'Le Marais', '28 Place des Vosges, 75003', 48.8559, 2.3659],
      ['Novotel Paris Gare de Lyon', '4', 'Gare de Lyon', '2 Rue Hector Malot, 75012', 48.8455, 2.3747],
    ],
  },
  LON: {
    country: 'GB',
    phonePrefix: '+44 20',
    hotels: [
      ['The Savoy', '5', 'Strand', 'Strand, London WC2R 0EZ', 51.5101, -0.1203],
      ['Premier Inn London County Hall', '3', 'Waterloo', 'Belvedere Road, London SE1 7PB', 51.5018, -0.1185],
      ['The Tower Hotel', '4', 'Tower Bridge', "St Katharine's Way, London E1W 1LD", 51.5067, -0.0729],
      [
        'Hub by Premier Inn Covent Garden',
        '3',
        'Covent Garden',
        "110 St Martin's Lane, London WC2N 4BA",
        51.5108,
        -0.1271,
      ],
      ['The Langham', '5', 'Marylebone', '1C Portland Place, London W1B 1JA', 51.5176, -0.1437],
      [
        'Park Plaza Westminster Bridge',
        '4',
        'Westminster',
        '200 Westminster Bridge Road, London SE1 7UT',
        51.5009,
        -0.1169,
      ],
      ['Point A Hotel Kings Cross', '2.5', "King's Cross", "324 Gray's Inn Road, London WC1X 8BU", 51.5301, -0.1192],
    ],
  },
};

const BASE_CENTS_BY_STARS: Record<string, number> = {
  '2': 6_500,
  '2.5': 7_500,
  '3': 9_000,
  '3.5': 11_000,
  '4': 14_500,
  '4.5': 19_000,
  '5': 29_000,
};

const GENERATED_NAMES: Array<[prefix: string, suffix: string, category: string, location: string]> = [
  ['Grand Hotel', '', '5', 'City Centre'],
  ['Park Inn', 'Central', '4', 'Old Town'],
  ['', 'Airport Hotel', '3', 'Airport'],
  ['Holiday Suites', 'Riverside', '3.5', 'Riverside'],
  ['', 'Boutique Residences', '4.5', 'Business District'],
  ['Budget Inn', '', '2', 'Station'],
];

/** A small string hash (FNV-1a): the simulator's only source of variety, so answers depend only on the request. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function fromSeed(cityCode: string, seed: CitySeed, hotel: HotelSeed, index: number): SimulatedHotel {
  const [hotelName, category, location, address, latitude, longitude] = hotel;
  const number = String(1_000 + (stableHash(`${cityCode}${index}`) % 9_000));
  return {
    hotelCode: `${cityCode}${String(index + 1).padStart(3, '0')}`,
    hotelName,
    cityCode,
    countryCode: seed.country,
    category,
    location,
    address,
    phone: `${seed.phonePrefix} ${number} ${String(index).padStart(2, '0')}00`,
    latitude,
    longitude,
    baseNightCents: (BASE_CENTS_BY_STARS[category] ?? 12_000) + (stableHash(hotelName) % 2_000),
  };
}

function generated(cityCode: string, index: number): SimulatedHotel {
  const [prefix, suffix, category, location] = GENERATED_NAMES[index] ?? ['Hotel', '', '3', 'City Centre'];
  const hotelName = [prefix, cityCode, suffix].filter(Boolean).join(' ');
  const hash = stableHash(`${cityCode}:${index}`);
  return {
    hotelCode: `${cityCode}${String(index + 1).padStart(3, '0')}`,
    hotelName,
    cityCode,
    countryCode: 'ZZ',
    category,
    location,
    address: `${10 + (hash % 190)} Main Street`,
    phone: `+1 555 ${String(hash % 10_000).padStart(4, '0')}`,
    latitude: Math.round(((hash % 1_400_000) / 10_000 - 70) * 10_000) / 10_000,
    longitude: Math.round((((hash >>> 8) % 3_600_000) / 10_000 - 180) * 10_000) / 10_000,
    baseNightCents: (BASE_CENTS_BY_STARS[category] ?? 12_000) + (hash % 2_000),
  };
}

/** Cities whose hotels are kept built; the map is emptied when full (any code has hotels, so codes are unbounded). */
const KEPT_CITIES = 2_000;
const keptHotels = new Map<string, SimulatedHotel[]>();

function buildHotels(cityCode: string): SimulatedHotel[] {
  const seed = CITIES[cityCode];
  if (seed) return seed.hotels.map((hotel, index) => fromSeed(cityCode, seed, hotel, index));
  return GENERATED_NAMES.map((_, index) => generated(cityCode, index));
}

/** The hotels of a city code (upper case); callers must not change them. */
export function hotelsOf(cityCode: string): readonly SimulatedHotel[] {
  const kept = keptHotels.get(cityCode);
  if (kept) return kept;
  const hotels = buildHotels(cityCode);
  if (keptHotels.size >= KEPT_CITIES) keptHotels.clear();
  keptHotels.set(cityCode, hotels);
  return hotels;
}

/** A hotel code is its city code and three digits (DXB001). */
export function hotelByCode(hotelCode: string): SimulatedHotel | undefined {
  return hotelsOf(hotelCode.slice(0, -3)).find((hotel) => hotel.hotelCode === hotelCode);
}
