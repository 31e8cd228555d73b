// Curated reference data the OpenFlights files lack: metropolitan city codes (IATA "city" codes grouping several
// airports, main airport first), OpenFlights country names that are not the names Intl gives for ISO 3166-1
// codes, and the hub carriers the simulator flies (each with its hubs, main hub first). Documented in
// docs/decisions.md (Issue 15). An airport outside every metropolitan city is its own city (DXB is Dubai's code
// as Amadeus has it, with DWC added here).

export const METRO_CITIES: Record<string, { name: string; airports: string[] }> = {
  LON: { name: 'London', airports: ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'] },
  PAR: { name: 'Paris', airports: ['CDG', 'ORY', 'BVA'] },
  NYC: { name: 'New York', airports: ['JFK', 'EWR', 'LGA'] },
  DXB: { name: 'Dubai', airports: ['DXB', 'DWC'] },
  MIL: { name: 'Milan', airports: ['MXP', 'LIN', 'BGY'] },
  ROM: { name: 'Rome', airports: ['FCO', 'CIA'] },
  STO: { name: 'Stockholm', airports: ['ARN', 'BMA', 'NYO'] },
  OSL: { name: 'Oslo', airports: ['OSL', 'TRF'] },
  MOW: { name: 'Moscow', airports: ['SVO', 'DME', 'VKO'] },
  IST: { name: 'Istanbul', airports: ['IST', 'SAW'] },
  BER: { name: 'Berlin', airports: ['BER', 'TXL', 'SXF'] },
  BRU: { name: 'Brussels', airports: ['BRU', 'CRL'] },
  TYO: { name: 'Tokyo', airports: ['HND', 'NRT'] },
  OSA: { name: 'Osaka', airports: ['KIX', 'ITM', 'UKB'] },
  SEL: { name: 'Seoul', airports: ['ICN', 'GMP'] },
  BJS: { name: 'Beijing', airports: ['PEK', 'PKX', 'NAY'] },
  SHA: { name: 'Shanghai', airports: ['PVG', 'SHA'] },
  BKK: { name: 'Bangkok', airports: ['BKK', 'DMK'] },
  JKT: { name: 'Jakarta', airports: ['CGK', 'HLP'] },
  KUL: { name: 'Kuala Lumpur', airports: ['KUL', 'SZB'] },
  CHI: { name: 'Chicago', airports: ['ORD', 'MDW'] },
  WAS: { name: 'Washington', airports: ['IAD', 'DCA', 'BWI'] },
  YTO: { name: 'Toronto', airports: ['YYZ', 'YTZ'] },
  YMQ: { name: 'Montreal', airports: ['YUL', 'YMX'] },
  HOU: { name: 'Houston', airports: ['IAH', 'HOU'] },
  DFW: { name: 'Dallas', airports: ['DFW', 'DAL'] },
  QLA: { name: 'Los Angeles', airports: ['LAX'] },
  SAO: { name: 'Sao Paulo', airports: ['GRU', 'CGH', 'VCP'] },
  RIO: { name: 'Rio De Janeiro', airports: ['GIG', 'SDU'] },
  BUE: { name: 'Buenos Aires', airports: ['EZE', 'AEP'] },
  MEX: { name: 'Mexico City', airports: ['MEX', 'NLU'] },
  REK: { name: 'Reykjavik', airports: ['KEF', 'RKV'] },
  THR: { name: 'Tehran', airports: ['IKA', 'THR'] },
  BUH: { name: 'Bucharest', airports: ['OTP', 'BBU'] },
  VEN: { name: 'Venice', airports: ['VCE', 'TSF'] },
  BHZ: { name: 'Belo Horizonte', airports: ['CNF', 'PLU'] },
  NGO: { name: 'Nagoya', airports: ['NGO', 'NKM'] },
  TPE: { name: 'Taipei', airports: ['TPE', 'TSA'] },
};

/** OpenFlights country names → ISO 3166-1 alpha-2, where Intl's English region names differ. */
export const COUNTRY_ALIASES: Record<string, string> = {
  "Cote d'Ivoire": 'CI',
  'Congo (Brazzaville)': 'CG',
  'Congo (Kinshasa)': 'CD',
  Swaziland: 'SZ',
  'Saint Helena': 'SH',
  Reunion: 'RE',
  'Sao Tome and Principe': 'ST',
  'Saint Pierre and Miquelon': 'PM',
  'Czech Republic': 'CZ',
  'Bosnia and Herzegovina': 'BA',
  Turkey: 'TR',
  Macedonia: 'MK',
  'Turks and Caicos Islands': 'TC',
  'Wallis and Futuna': 'WF',
  'Midway Islands': 'UM',
  'Antigua and Barbuda': 'AG',
  'Virgin Islands': 'VI',
  'British Virgin Islands': 'VG',
  'Saint Kitts and Nevis': 'KN',
  'Saint Lucia': 'LC',
  'Netherlands Antilles': 'CW',
  'Trinidad and Tobago': 'TT',
  'Saint Vincent and the Grenadines': 'VC',
  'Hong Kong': 'HK',
  Macau: 'MO',
  Burma: 'MM',
  Myanmar: 'MM',
  'East Timor': 'TL',
  Palestine: 'PS',
  'Johnston Atoll': 'UM',
  'Wake Island': 'UM',
  'South Korea': 'KR',
  'North Korea': 'KP',
};

/** Hub carriers: IATA code → hubs. They fly one-stop itineraries through their hubs and direct from them. */
export const HUB_CARRIERS: Record<string, string[]> = {
  EK: ['DXB'],
  FZ: ['DXB'],
  EY: ['AUH'],
  QR: ['DOH'],
  TK: ['IST'],
  LH: ['FRA', 'MUC'],
  BA: ['LHR', 'LGW'],
  AF: ['CDG'],
  KL: ['AMS'],
  SQ: ['SIN'],
  CX: ['HKG'],
  LX: ['ZRH'],
  OS: ['VIE'],
  IB: ['MAD'],
  AY: ['HEL'],
  SV: ['JED', 'RUH'],
  GF: ['BAH'],
  WY: ['MCT'],
  MS: ['CAI'],
  ET: ['ADD'],
  AI: ['DEL', 'BOM'],
  UL: ['CMB'],
  TG: ['BKK'],
  MH: ['KUL'],
  NH: ['HND', 'NRT'],
  KE: ['ICN'],
  QF: ['SYD', 'MEL'],
  AA: ['DFW', 'MIA', 'JFK'],
  DL: ['ATL', 'JFK'],
  UA: ['ORD', 'EWR', 'SFO'],
  AC: ['YYZ', 'YVR'],
  LA: ['GRU', 'SCL'],
  SA: ['JNB'],
  KQ: ['NBO'],
};

/** Hubs one-stop itineraries connect through, in the order they are tried. */
export const CONNECTING_HUBS = ['DXB', 'DOH', 'IST', 'FRA', 'LHR', 'CDG', 'AMS', 'AUH', 'SIN', 'HKG', 'ZRH', 'MAD'];

/**
 * Airports opened (or whose code moved) after the OpenFlights snapshot of the data package (2017): added, or
 * replacing the old entry of that code.
 */
export const AIRPORT_PATCHES: {
  code: string;
  name: string;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
  tz: string;
}[] = [
  {
    code: 'DOH',
    name: 'Hamad International Airport',
    city: 'Doha',
    country: 'Qatar',
    latitude: 25.273056,
    longitude: 51.608056,
    tz: 'Asia/Qatar',
  },
  {
    code: 'IST',
    name: 'Istanbul Airport',
    city: 'Istanbul',
    country: 'Turkey',
    latitude: 41.275278,
    longitude: 28.751944,
    tz: 'Europe/Istanbul',
  },
  {
    code: 'BER',
    name: 'Berlin Brandenburg Airport',
    city: 'Berlin',
    country: 'Germany',
    latitude: 52.366667,
    longitude: 13.503333,
    tz: 'Europe/Berlin',
  },
  {
    code: 'PKX',
    name: 'Beijing Daxing International Airport',
    city: 'Beijing',
    country: 'China',
    latitude: 39.509167,
    longitude: 116.410556,
    tz: 'Asia/Shanghai',
  },
  {
    code: 'NLU',
    name: 'Felipe Angeles International Airport',
    city: 'Mexico City',
    country: 'Mexico',
    latitude: 19.7375,
    longitude: -99.020833,
    tz: 'America/Mexico_City',
  },
];

/**
 * Long-haul gateways: the hub carriers fly direct beyond 4,500 km only between two of these (besides their hubs,
 * every connecting hub counts as one). Elsewhere a route is flown through a hub.
 */
export const GATEWAYS = new Set([
  ...CONNECTING_HUBS,
  ...Object.values(HUB_CARRIERS).flat(),
  ...['LAX', 'SFO', 'SEA', 'BOS', 'IAD', 'MIA', 'IAH', 'DEN', 'YVR', 'YUL', 'MEX', 'GRU', 'GIG', 'EZE', 'SCL', 'BOG'],
  ...['LIM', 'JNB', 'CPT', 'NBO', 'LOS', 'ADD', 'CAI', 'CMN', 'BKK', 'KUL', 'CGK', 'DPS', 'MNL', 'PEK', 'PVG', 'CAN'],
  ...['ICN', 'NRT', 'HND', 'KIX', 'SYD', 'MEL', 'PER', 'AKL', 'BOM', 'DEL', 'BLR', 'MAA', 'HYD', 'COK', 'KHI', 'LHE'],
  ...['ISB', 'CMB', 'DAC', 'KTM', 'MLE', 'MUC', 'FCO', 'MXP', 'BCN', 'LIS', 'ATH', 'VIE', 'CPH', 'ARN', 'OSL', 'HEL'],
  ...['DUB', 'MAN', 'BRU', 'WAW', 'PRG', 'SVO', 'TLV', 'AMM', 'BEY', 'DMM', 'KWI', 'TPE', 'SGN', 'HAN', 'MRU', 'SEZ'],
]);
