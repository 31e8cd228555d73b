// The demo tenant's data: the catalog of a Dubai tour operator, so a new user's first look at the API shows
// something real. It is written through the catalog admin service, so it passes the same validation as the API.
// Dates are relative to the seed day (the tenant's today): inventory for 90 days, seasons as day offsets.
import type { FastifyBaseLogger } from 'fastify';
import { createCatalogAdminService, createCatalogService } from '../../src/areas/catalog/index.js';
import type { Sql } from '../../src/platform/database/connections.js';
import type { TenantContext } from '../../src/platform/http/operation.js';
import type { TenantRecord } from '../../src/platform/tenancy/tenant.js';
import { addDays, formatDate } from '../../src/platform/time.js';

type CatalogAdmin = ReturnType<typeof createCatalogAdminService>;
type ProductInput = Parameters<CatalogAdmin['saveProduct']>[1];
type Weekday = NonNullable<Parameters<CatalogAdmin['setInventory']>[1]['weekdays']>[number];

export interface DemoCatalogCounts {
  categories: number;
  products: number;
  variants: number;
  slots: number;
}

const INVENTORY_DAYS = 90;

interface DemoVariant {
  code: string;
  name: string;
  /** Names of attribute values; the variant's prices are the product's plus their adjustments. */
  values?: string[];
  timeSlots?: string;
  maxOccupancy?: number;
  maxChildren?: number;
  /** Places per day, or per time slot for a timed variant. */
  capacity: number;
}

interface DemoProduct
  extends Omit<
    ProductInput,
    'publicCategoryId' | 'availableFrom' | 'availableTo' | 'prodImgSmall' | 'prodImgMed' | 'prodImgLarge'
  > {
  category: string;
  /** On sale between these days from the seed day (a season), inclusive. */
  season?: { fromDay: number; toDay: number };
  /** Days the product runs; every day when absent. */
  weekdays?: Weekday[];
  attributes?: Array<{ name: string; values: Array<{ value: string; adjustment: number; description?: string }> }>;
  variants: [DemoVariant, ...DemoVariant[]];
}

const CATEGORIES: Array<{ name: string; children: string[] }> = [
  { name: 'Dubai Tours', children: ['City Tours', 'Desert Safaris', 'Water & Cruises'] },
  { name: 'Attractions', children: ['Theme Parks', 'Observation Decks'] },
  { name: 'Abu Dhabi Excursions', children: ['Abu Dhabi City & Culture', 'Yas Island Parks'] },
];

const CANCEL_24H = 'Free cancellation up to 24 hours before the start. Within 24 hours or no-show: no refund.';
const CANCEL_48H = 'Free cancellation up to 48 hours before the start; 50% within 48 hours; no refund within 24 hours.';
const CANCEL_NONE = 'Dated tickets: non-refundable and not changeable once issued.';
const CHILDREN = 'Children 3-11 years pay the child price; infants under 3 go free on an adult’s lap.';
const TERMS = 'Bring the voucher on your phone and photo ID. Times are Dubai time (GMT+4).';
const TERMS_AUH = `${TERMS} Passport or Emirates ID is required for the trip to Abu Dhabi.`;
const EVERY_DAY_BUT_FRIDAY: Weekday[] = ['SAT', 'SUN', 'MON', 'TUE', 'WED', 'THU'];
const CLOSED_MONDAY: Weekday[] = ['TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
const BURJ_DAY = '09:00,10:00,11:00,12:00,13:00,14:00';
const BURJ_SUNSET = '15:30,16:00,16:30,17:00,17:30,18:00';
const CHARTERS = '10:00,13:00,16:00,19:00';
const TICKET_TYPE = {
  name: 'Ticket type',
  values: [
    { value: 'Standard', adjustment: 0 },
    { value: 'Fast Track', adjustment: 75, description: 'Skip the regular queues at the rides' },
  ],
};

const PRODUCTS: DemoProduct[] = [
  {
    category: 'City Tours',
    prodCode: 'DXB-CITY-HALF',
    prodName: 'Dubai Half-Day City Tour',
    productDescription:
      'Old and new Dubai in one morning or afternoon: Jumeirah Mosque, Al Fahidi, the Creek and the souks.',
    productPrice: 149,
    childPrice: 99,
    infantPrice: 0,
    durationMinutes: 240,
    productInfo: 'Duration: 4 hours | Pick-up 30 minutes before the start from Dubai hotels',
    productInclusions: 'Hotel pick-up and drop-off in a shared coach|English-speaking guide|Abra ride across the Creek',
    productExclusions: 'Entrance fees|Meals and drinks|Tips',
    productTerms: TERMS,
    cancelPolicy: CANCEL_24H,
    childPolicy: CHILDREN,
    transfers: [
      { transferName: 'Shared pick-up from Dubai hotels (included)', transferType: 'SIC', price: 0 },
      { transferName: 'Private car upgrade', transferType: 'PVT', price: 250 },
    ],
    variants: [{ code: 'DAILY', name: 'Daily tour', timeSlots: '08:30,14:00', capacity: 40 }],
  },
  {
    category: 'City Tours',
    prodCode: 'DXB-CITY-FULL',
    prodName: 'Dubai Full-Day City Tour with Lunch',
    productDescription:
      'A full day from the Creek to the Burj Khalifa, with lunch at a traditional Emirati restaurant.',
    productPrice: 289,
    childPrice: 209,
    infantPrice: 0,
    durationMinutes: 480,
    productInfo: 'Duration: 8 hours | Pick-up 08:00-08:30 | Not on Fridays',
    productInclusions: 'Hotel pick-up and drop-off|Guide|Emirati lunch|Water',
    productExclusions: 'Burj Khalifa tickets|Tips',
    productTerms: TERMS,
    cancelPolicy: CANCEL_24H,
    childPolicy: CHILDREN,
    weekdays: EVERY_DAY_BUT_FRIDAY,
    variants: [{ code: 'DAILY', name: 'Full-day tour', capacity: 40 }],
  },
  {
    category: 'City Tours',
    prodCode: 'DXB-OLD-DUBAI',
    prodName: 'Old Dubai Heritage Walk, Souks & Abra Ride',
    productDescription:
      'Walk through Al Fahidi, taste Emirati coffee and dates, and cross the Creek to the spice and gold souks.',
    productPrice: 119,
    childPrice: 69.5,
    infantPrice: 0,
    durationMinutes: 180,
    maxQuantity: 12,
    productInfo: 'Duration: 3 hours | Meeting point: Al Fahidi metro station, exit 1',
    productInclusions: 'Local guide|Abra ride|Coffee, dates and a snack',
    productExclusions: 'Hotel transfers|Purchases in the souks',
    productTerms: TERMS,
    cancelPolicy: CANCEL_24H,
    childPolicy: CHILDREN,
    variants: [{ code: 'WALK', name: 'Guided walk', timeSlots: '09:00,16:30', capacity: 20 }],
  },
  {
    category: 'City Tours',
    prodCode: 'DXB-NIGHT',
    prodName: 'Dubai by Night: Fountains, Marina & Lights',
    productDescription: 'The city after dark: the Dubai Fountain show, Dubai Marina and the view from the Palm.',
    productPrice: 179,
    childPrice: 129,
    infantPrice: 0,
    durationMinutes: 240,
    productInfo: 'Duration: 4 hours | Starts 19:00',
    productInclusions: 'Guide|Dubai Fountain show|Water',
    productExclusions: 'Hotel transfers (add one below)|Dinner',
    productTerms: TERMS,
    cancelPolicy: CANCEL_24H,
    childPolicy: CHILDREN,
    transfers: [
      { transferName: 'Shared pick-up from Dubai hotels', transferType: 'SIC', price: 35 },
      { transferName: 'Private car with driver', transferType: 'PVT', price: 280 },
    ],
    variants: [{ code: 'NIGHT', name: 'Night tour', timeSlots: '19:00', capacity: 30 }],
  },
  {
    category: 'Desert Safaris',
    prodCode: 'DXB-SAFARI-EVE',
    prodName: 'Evening Desert Safari with BBQ Dinner',
    productDescription:
      'Dune bashing at sunset, camel ride and sandboarding, then a BBQ dinner and live shows at a desert camp.',
    productPrice: 189,
    childPrice: 149,
    infantPrice: 0,
    durationMinutes: 360,
    productInfo: 'Duration: 6 hours | Pick-up 15:00-15:30 | Drop-off about 21:30',
    productInclusions:
      'Hotel pick-up and drop-off|Dune bashing|Camel ride|Sandboarding|BBQ dinner|Tanoura and fire shows',
    productExclusions: 'Quad biking|Alcoholic drinks|Photos',
    productTerms: `${TERMS} Dune bashing is not advised for pregnant guests or guests with back problems.`,
    cancelPolicy: CANCEL_24H,
    childPolicy: CHILDREN,
    attributes: [
      {
        name: 'Vehicle',
        values: [
          { value: 'Shared 4x4', adjustment: 0 },
          { value: 'Private 4x4', adjustment: 450, description: 'Your own Land Cruiser and driver, up to 6 guests' },
        ],
      },
    ],
    variants: [
      { code: 'SHARED', name: 'Shared 4x4', values: ['Shared 4x4'], capacity: 120 },
      { code: 'PRIVATE', name: 'Private 4x4', values: ['Private 4x4'], maxOccupancy: 6, capacity: 20 },
    ],
  },
  {
    category: 'Desert Safaris',
    prodCode: 'DXB-SAFARI-MORN',
    prodName: 'Morning Dune Bashing, Sandboarding & Camel Ride',
    productDescription: 'The red dunes of Lahbab in the cool of the morning, with an optional quad bike ride.',
    productPrice: 159,
    childPrice: 119,
    infantPrice: 0,
    durationMinutes: 240,
    productInfo: 'Duration: 4 hours | Pick-up 08:00-08:30',
    productInclusions: 'Hotel pick-up and drop-off|Dune bashing|Sandboarding|Short camel ride|Water and soft drinks',
    productExclusions: 'Breakfast|Tips',
    productTerms: TERMS,
    cancelPolicy: CANCEL_24H,
    childPolicy: `${CHILDREN} Quad bikes are for guests of 16 and over.`,
    attributes: [
      {
        name: 'Add-on',
        values: [
          { value: 'No add-on', adjustment: 0 },
          { value: 'Quad bike 30 min', adjustment: 150, description: 'Single-seat 400cc quad, 16+ years' },
        ],
      },
    ],
    variants: [
      { code: 'STANDARD', name: 'Safari only', values: ['No add-on'], capacity: 60 },
      { code: 'QUAD', name: 'Safari with quad bike', values: ['Quad bike 30 min'], maxChildren: 0, capacity: 20 },
    ],
  },
  {
    category: 'Desert Safaris',
    prodCode: 'DXB-SAFARI-OVN',
    prodName: 'Overnight Desert Camp Safari',
    productDescription:
      'The evening safari, then a night under the stars in a Bedouin-style camp and breakfast at sunrise.',
    productPrice: 549,
    childPrice: 399,
    infantPrice: 0,
    durationMinutes: 1080,
    maxQuantity: 10,
    hasPaxInfo: true,
    productInfo: 'Duration: 18 hours | Pick-up 15:00 | Return about 09:00 | Winter camp season',
    productInclusions: 'Transfers|Dune bashing|BBQ dinner|Tent with bedding|Breakfast',
    productExclusions: 'Sleeping bags for children under 5|Alcoholic drinks',
    productTerms: TERMS,
    cancelPolicy: CANCEL_48H,
    childPolicy: CHILDREN,
    season: { fromDay: 14, toDay: INVENTORY_DAYS - 1 },
    variants: [{ code: 'CAMP', name: 'Shared camp', capacity: 40 }],
  },
  {
    category: 'Desert Safaris',
    prodCode: 'DXB-BALLOON',
    prodName: 'Hot Air Balloon Flight at Sunrise',
    productDescription:
      'One hour over the desert at sunrise, with gazelles and oryx below, then breakfast at the camp.',
    productPrice: 995,
    childPrice: 895,
    infantPrice: 0,
    durationMinutes: 300,
    maxQuantity: 8,
    maxInfantAge: 4,
    productInfo: 'Duration: 5 hours | Pick-up 04:30 | Flight about 1 hour, weather permitting',
    productInclusions: 'Transfers|Balloon flight|Flight certificate|Breakfast',
    productExclusions: 'Photos and videos|Tips',
    productTerms: `${TERMS} Flights depend on the weather; a cancelled flight is rebooked or refunded in full.`,
    cancelPolicy: CANCEL_48H,
    childPolicy: 'Children must be 5 or older and at least 1 m tall; children 5-11 pay the child price.',
    attributes: [
      {
        name: 'Package',
        values: [
          { value: 'Classic', adjustment: 0 },
          { value: 'Premium', adjustment: 300, description: 'Falcon show, gourmet breakfast and camel ride' },
        ],
      },
    ],
    variants: [
      { code: 'CLASSIC', name: 'Classic flight', values: ['Classic'], timeSlots: '04:30', capacity: 24 },
      { code: 'PREMIUM', name: 'Premium flight', values: ['Premium'], timeSlots: '04:30', capacity: 8 },
    ],
  },
  {
    category: 'Water & Cruises',
    prodCode: 'DXB-DHOW-MARINA',
    prodName: 'Dubai Marina Dhow Cruise with Dinner',
    productDescription:
      'Two hours on a wooden dhow past the Marina skyline and Ain Dubai, with an international buffet.',
    productPrice: 169,
    childPrice: 99.5,
    infantPrice: 0,
    durationMinutes: 120,
    productInfo: 'Duration: 2 hours | Boarding 19:30 | Thursday to Saturday only',
    productInclusions: 'Buffet dinner|Soft drinks, water, tea and coffee|Tanoura show',
    productExclusions: 'Hotel transfers (add one below)|Alcoholic drinks',
    productTerms: TERMS,
    cancelPolicy: CANCEL_24H,
    childPolicy: CHILDREN,
    weekdays: ['THU', 'FRI', 'SAT'],
    transfers: [
      { transferName: 'Shared pick-up from Dubai hotels', transferType: 'SIC', price: 30 },
      { transferName: 'Private car with driver', transferType: 'PVT', price: 220 },
    ],
    attributes: [
      {
        name: 'Deck',
        values: [
          { value: 'Lower deck (air-conditioned)', adjustment: 0 },
          { value: 'Upper deck (open air)', adjustment: 35 },
        ],
      },
    ],
    variants: [
      { code: 'LOWER', name: 'Lower deck', values: ['Lower deck (air-conditioned)'], timeSlots: '20:00', capacity: 80 },
      { code: 'UPPER', name: 'Upper deck', values: ['Upper deck (open air)'], timeSlots: '20:00', capacity: 40 },
    ],
  },
  {
    category: 'Water & Cruises',
    prodCode: 'DXB-DHOW-CREEK',
    prodName: 'Dubai Creek Dhow Cruise with Dinner',
    productDescription: 'A dinner cruise along the historic Creek between Deira and Bur Dubai.',
    productPrice: 129,
    childPrice: 79,
    infantPrice: 0,
    durationMinutes: 120,
    productInfo: 'Duration: 2 hours | Boarding 20:30 at the Creek dhow wharf, Deira',
    productInclusions: 'Buffet dinner|Soft drinks and water|Live entertainment',
    productExclusions: 'Hotel transfers|Alcoholic drinks',
    productTerms: TERMS,
    cancelPolicy: CANCEL_24H,
    childPolicy: CHILDREN,
    variants: [{ code: 'DINNER', name: 'Dinner cruise', timeSlots: '20:30', capacity: 100 }],
  },
  {
    category: 'Water & Cruises',
    prodCode: 'DXB-YACHT-PVT',
    prodName: 'Private Yacht Charter, 2 Hours',
    prodDisplayName: 'Private Yacht Charter (staff bookings)',
    productDescription: 'A crewed yacht from Dubai Marina to the Palm and Burj Al Arab, booked by our staff.',
    productPrice: 1450,
    childPrice: null,
    infantPrice: 0,
    availableOnWeb: false,
    pricingType: 'PERUNIT',
    qtyType: 'UNIT',
    unitName: 'Yacht',
    maxQuantity: 1,
    maxChildren: 0,
    durationMinutes: 120,
    productInfo: 'Duration: 2 hours | Dubai Marina, pier 7 | Price per yacht',
    productInclusions: 'Captain and crew|Soft drinks and water|Fishing equipment on request',
    productExclusions: 'Catering|Transfers',
    productTerms: `${TERMS} The charterer is responsible for the guests on board.`,
    cancelPolicy: CANCEL_48H,
    childPolicy: 'Children are welcome; life jackets in every size are on board.',
    attributes: [
      {
        name: 'Yacht size',
        values: [
          { value: '33 ft, up to 10 guests', adjustment: 0 },
          { value: '55 ft, up to 25 guests', adjustment: 1350 },
        ],
      },
    ],
    variants: [
      {
        code: 'Y33',
        name: '33 ft yacht',
        values: ['33 ft, up to 10 guests'],
        timeSlots: CHARTERS,
        capacity: 2,
      },
      {
        code: 'Y55',
        name: '55 ft yacht',
        values: ['55 ft, up to 25 guests'],
        timeSlots: CHARTERS,
        capacity: 1,
      },
    ],
  },
  {
    category: 'Theme Parks',
    prodCode: 'DXB-IMG',
    prodName: 'IMG Worlds of Adventure',
    productDescription:
      'The indoor theme park of Marvel and Cartoon Network zones, with roller coasters and a dinosaur ride.',
    productPrice: 299,
    childPrice: 279,
    infantPrice: 0,
    productInfo: 'Open 12:00-22:00 | City of Arabia, Sheikh Mohammed Bin Zayed Road',
    productInclusions: 'Entry to all zones|All rides',
    productExclusions: 'Transfers (add one below)|Food and drinks|Arcade games',
    productTerms: TERMS,
    cancelPolicy: CANCEL_NONE,
    childPolicy: 'Children 3-11 pay the child price; under 3 free. Some rides have height limits.',
    transfers: [
      { transferName: 'Shared transfer from Dubai hotels', transferType: 'SIC', price: 45 },
      { transferName: 'Private car with driver', transferType: 'PVT', price: 250 },
    ],
    attributes: [TICKET_TYPE],
    variants: [
      { code: 'STANDARD', name: 'Standard ticket', values: ['Standard'], capacity: 200 },
      { code: 'FASTTRACK', name: 'Fast Track ticket', values: ['Fast Track'], capacity: 50 },
    ],
  },
  {
    category: 'Theme Parks',
    prodCode: 'DXB-AQUAVENTURE',
    prodName: 'Aquaventure Waterpark, Atlantis The Palm',
    productDescription: 'Record-breaking slides, a lazy river and a private beach at Atlantis on the Palm.',
    productPrice: 329,
    childPrice: 279,
    infantPrice: 0,
    productInfo: 'Open 10:00-18:00 | Atlantis The Palm',
    productInclusions: 'Waterpark entry|Private beach access|Towels',
    productExclusions: 'Lockers|Food and drinks|Transfers',
    productTerms: TERMS,
    cancelPolicy: CANCEL_NONE,
    childPolicy: 'Children under 1.2 m pay the child price and must be with a swimming adult.',
    variants: [{ code: 'DAY', name: 'Day pass', capacity: 200 }],
  },
  {
    category: 'Theme Parks',
    prodCode: 'DXB-GLOBAL-VILLAGE',
    prodName: 'Global Village Entry Ticket',
    productDescription: 'Pavilions of 90 cultures, street food from around the world, rides and nightly shows.',
    productPrice: 25,
    childPrice: 25,
    infantPrice: 0,
    maxChildAge: 11,
    productInfo: 'Open 16:00-24:00 | Closed on Mondays | Seasonal park',
    productInclusions: 'Park entry',
    productExclusions: 'Rides (Wonder Pass)|Food|Transfers',
    productTerms: TERMS,
    cancelPolicy: CANCEL_NONE,
    childPolicy: 'Children under 3 enter free.',
    season: { fromDay: 0, toDay: 75 },
    weekdays: CLOSED_MONDAY,
    variants: [{ code: 'ENTRY', name: 'Any-day entry', capacity: 200 }],
  },
  {
    category: 'Observation Decks',
    prodCode: 'DXB-BURJ-TOP',
    prodName: 'Burj Khalifa: At the Top, Levels 124 & 125',
    productDescription: 'The city from the world’s tallest building, with the outdoor terrace on level 124.',
    productPrice: 169,
    childPrice: 129,
    infantPrice: 0,
    durationMinutes: 90,
    maxQuantity: 10,
    productInfo: 'Entry at the time slot booked | Dubai Mall, lower ground floor',
    productInclusions: 'Entry to levels 124 and 125|Telescopes',
    productExclusions: 'Level 148|Transfers|Photos',
    productTerms: `${TERMS} Arrive 15 minutes before the time slot.`,
    cancelPolicy: CANCEL_NONE,
    childPolicy: 'Children 4-12 pay the child price; under 4 free.',
    maxChildAge: 12,
    maxInfantAge: 3,
    attributes: [
      {
        name: 'Time',
        values: [
          { value: 'Non-prime hours', adjustment: 0 },
          { value: 'Prime hours (sunset)', adjustment: 70 },
        ],
      },
      TICKET_TYPE,
    ],
    variants: [
      {
        code: 'DAY-STD',
        name: 'Non-prime, standard',
        values: ['Non-prime hours', 'Standard'],
        timeSlots: BURJ_DAY,
        capacity: 60,
      },
      {
        code: 'DAY-FT',
        name: 'Non-prime, fast track',
        values: ['Non-prime hours', 'Fast Track'],
        timeSlots: BURJ_DAY,
        capacity: 15,
      },
      {
        code: 'SUNSET-STD',
        name: 'Prime, standard',
        values: ['Prime hours (sunset)', 'Standard'],
        timeSlots: BURJ_SUNSET,
        capacity: 40,
      },
      {
        code: 'SUNSET-FT',
        name: 'Prime, fast track',
        values: ['Prime hours (sunset)', 'Fast Track'],
        timeSlots: BURJ_SUNSET,
        capacity: 10,
      },
    ],
  },
  {
    category: 'Observation Decks',
    prodCode: 'DXB-FRAME',
    prodName: 'Dubai Frame',
    productDescription: 'A 150 m picture frame between old and new Dubai, with a glass-floored sky deck.',
    productPrice: 50,
    childPrice: 20,
    infantPrice: 0,
    productInfo: 'Open 09:00-21:00 | Zabeel Park, gate 4',
    productInclusions: 'Entry to the museum, sky deck and future gallery',
    productExclusions: 'Transfers',
    productTerms: TERMS,
    cancelPolicy: CANCEL_NONE,
    childPolicy: 'Children 3-12 pay the child price; under 3 free.',
    maxChildAge: 12,
    variants: [{ code: 'ENTRY', name: 'Entry ticket', capacity: 150 }],
  },
  {
    category: 'Observation Decks',
    prodCode: 'DXB-SKYVIEWS',
    prodName: 'Sky Views Observatory & Edge Walk',
    productDescription:
      'The glass slide and observatory on the 52nd floor, or the Edge Walk on the outside of the tower.',
    productPrice: 80,
    childPrice: 60,
    infantPrice: 0,
    durationMinutes: 60,
    productInfo: 'Address Sky View hotel, Downtown Dubai',
    productInclusions: 'Observatory entry|Glass slide',
    productExclusions: 'Transfers|Photos',
    productTerms: TERMS,
    cancelPolicy: CANCEL_NONE,
    childPolicy: 'Children 3-11 pay the child price. The Edge Walk is for guests of 12 and over.',
    attributes: [
      {
        name: 'Experience',
        values: [
          { value: 'Observatory', adjustment: 0 },
          { value: 'Edge Walk', adjustment: 518, description: 'Harnessed walk on the ledge at 219 m' },
        ],
      },
    ],
    variants: [
      { code: 'OBSERVATORY', name: 'Observatory', values: ['Observatory'], capacity: 100 },
      {
        code: 'EDGE',
        name: 'Edge Walk',
        values: ['Edge Walk'],
        timeSlots: '10:00,12:00,14:00,16:00',
        maxChildren: 0,
        capacity: 12,
      },
    ],
  },
  {
    category: 'Abu Dhabi City & Culture',
    prodCode: 'AUH-CITY-FULL',
    prodName: 'Abu Dhabi City Tour with Sheikh Zayed Grand Mosque',
    productDescription: 'From Dubai to the Grand Mosque, the Corniche, Qasr Al Watan and the Heritage Village.',
    productPrice: 229,
    childPrice: 169,
    infantPrice: 0,
    durationMinutes: 600,
    hasPaxInfo: true,
    productInfo: 'Duration: 10 hours | Pick-up 08:00 from Dubai hotels | Not on Fridays',
    productInclusions: 'Shared coach from Dubai|Guide|Grand Mosque visit|Photo stop at Ferrari World',
    productExclusions: 'Lunch|Qasr Al Watan tickets|Tips',
    productTerms: `${TERMS_AUH} Modest dress: arms and legs covered; women cover their hair at the mosque.`,
    cancelPolicy: CANCEL_24H,
    childPolicy: CHILDREN,
    weekdays: EVERY_DAY_BUT_FRIDAY,
    transfers: [
      { transferName: 'Shared coach from Dubai hotels (included)', transferType: 'SIC', price: 0 },
      { transferName: 'Private car with driver for the day', transferType: 'PVT', price: 650 },
    ],
    variants: [{ code: 'DAILY', name: 'Day tour', capacity: 45 }],
  },
  {
    category: 'Abu Dhabi City & Culture',
    prodCode: 'AUH-LOUVRE',
    prodName: 'Louvre Abu Dhabi Museum Ticket',
    productDescription: 'Art from every age under the great dome on Saadiyat Island.',
    productPrice: 63,
    childPrice: 0,
    infantPrice: 0,
    maxChildAge: 17,
    productInfo: 'Open 10:00-18:30 | Closed on Mondays | Saadiyat Island',
    productInclusions: 'Permanent collection|Temporary exhibitions|Children’s museum',
    productExclusions: 'Audio guide|Transfers',
    productTerms: TERMS_AUH,
    cancelPolicy: CANCEL_NONE,
    childPolicy: 'Visitors under 18 enter free with an adult.',
    weekdays: CLOSED_MONDAY,
    variants: [{ code: 'ENTRY', name: 'Museum entry', capacity: 150 }],
  },
  {
    category: 'Yas Island Parks',
    prodCode: 'AUH-FERRARI',
    prodName: 'Ferrari World Abu Dhabi',
    productDescription: 'Formula Rossa, the fastest roller coaster in the world, and 40 more rides under the red roof.',
    productPrice: 345,
    childPrice: 295,
    infantPrice: 0,
    productInfo: 'Open 11:00-20:00 | Yas Island, Abu Dhabi',
    productInclusions: 'Park entry|All rides',
    productExclusions: 'Transfers (add one below)|Food and drinks',
    productTerms: TERMS_AUH,
    cancelPolicy: CANCEL_NONE,
    childPolicy: 'Children under 1.3 m pay the child price; under 3 free. Some rides have height limits.',
    transfers: [
      { transferName: 'Shared coach from Dubai hotels', transferType: 'SIC', price: 95 },
      { transferName: 'Private car from Dubai', transferType: 'PVT', price: 600 },
    ],
    attributes: [TICKET_TYPE],
    variants: [
      { code: 'STANDARD', name: 'Standard ticket', values: ['Standard'], capacity: 200 },
      { code: 'FASTTRACK', name: 'Fast Track ticket', values: ['Fast Track'], capacity: 40 },
    ],
  },
];

const images = (code: string) => {
  const base = `/images/products/${code.toLowerCase()}`;
  return { prodImgSmall: `${base}-small.jpg`, prodImgMed: `${base}-med.jpg`, prodImgLarge: `${base}-large.jpg` };
};

/** The web page text: the description, then what is included as a list. */
const webPage = (product: DemoProduct) => {
  const items = (product.productInclusions ?? '').split('|').filter(Boolean);
  const list = items.map((item) => `<li>${item}</li>`).join('');
  return `<p>${product.productDescription ?? ''}</p>${list ? `<h4>Included</h4><ul>${list}</ul>` : ''}`;
};

/**
 * Seeds the tenant's catalog once, as its administrator would through the API: a tenant that has any category
 * already is left alone (answered with zeros).
 */
export function seedDemoCatalog(tenant: TenantRecord, db: Sql, log: FastifyBaseLogger): Promise<DemoCatalogCounts> {
  const ctx: TenantContext = {
    tenant,
    db,
    session: undefined,
    sessionToken: undefined,
    roles: ['admin'],
    correlationId: 'demo-seed',
    clientIp: '127.0.0.1',
    userAgent: undefined,
    log,
    now: new Date(),
  };
  const catalog = createCatalogService();
  return seedCatalog(ctx, catalog, createCatalogAdminService(catalog));
}

async function seedCatalog(
  ctx: TenantContext,
  catalog: ReturnType<typeof createCatalogService>,
  admin: CatalogAdmin,
): Promise<DemoCatalogCounts> {
  const counts: DemoCatalogCounts = { categories: 0, products: 0, variants: 0, slots: 0 };
  if ((await catalog.categories(ctx)).length > 0) return counts;

  const categoryIds = new Map<string, number>();
  for (const [index, root] of CATEGORIES.entries()) {
    const parent = await admin.saveCategory(ctx, { categoryName: root.name, categorySeq: index + 1 });
    categoryIds.set(root.name, parent.categoryId);
    for (const [childIndex, name] of root.children.entries()) {
      const child = await admin.saveCategory(ctx, {
        categoryName: name,
        parentCategoryId: parent.categoryId,
        categorySeq: childIndex + 1,
      });
      categoryIds.set(name, child.categoryId);
    }
  }
  counts.categories = categoryIds.size;

  const today = formatDate(ctx.now, ctx.tenant.timezone);
  for (const item of PRODUCTS) {
    const { category, season, weekdays, attributes = [], variants, ...fields } = item;
    const publicCategoryId = categoryIds.get(category);
    if (publicCategoryId === undefined) throw new Error(`demo seed: no category ${category}`);
    const product = await admin.saveProduct(ctx, {
      ...fields,
      ...images(fields.prodCode),
      publicCategoryId,
      webDescription: webPage(item),
      hasTimeSlot: variants.some((variant) => variant.timeSlots !== undefined),
      availableFrom: season ? addDays(today, season.fromDay) : null,
      availableTo: season ? addDays(today, season.toDay) : null,
    });
    counts.products++;

    // Attribute value name → its id and per-person price adjustment.
    const values = new Map<string, { id: number; adjustment: number }>();
    for (const [index, attribute] of attributes.entries()) {
      const saved = await admin.saveAttribute(ctx, {
        productId: product.productId,
        name: attribute.name,
        sequence: index + 1,
        values: attribute.values.map((value, order) => ({
          attributeValue: value.value,
          attributeDescription: value.description,
          sequence: order + 1,
          priceAdjustment: value.adjustment,
        })),
      });
      for (const value of saved.values)
        values.set(value.attributeValue, { id: value.attributeValueId, adjustment: value.priceAdjustment });
    }

    // saveProduct made a default variant; the first variant of the table takes it over.
    let servid: number | undefined = (await catalog.defaultVariant(ctx, product.productId)).servid;
    for (const variant of variants) {
      const chosen = (variant.values ?? []).map((name) => {
        const value = values.get(name);
        if (!value) throw new Error(`demo seed: ${fields.prodCode} has no attribute value ${name}`);
        return value;
      });
      const extra = chosen.reduce((sum, value) => sum + value.adjustment, 0);
      const saved = await admin.saveVariant(ctx, {
        productId: product.productId,
        servid,
        servcode: variant.code,
        servname: variant.name,
        servfullname: `${fields.prodName} - ${variant.name}`,
        attributeVals: chosen.map((value) => value.id),
        cprice: fields.productPrice + extra,
        child_price: fields.childPrice == null ? null : fields.childPrice + extra,
        maxOccupancy: variant.maxOccupancy ?? null,
        maxChildren: variant.maxChildren ?? null,
        timeSlots: variant.timeSlots ?? '',
      });
      servid = undefined;
      counts.variants++;
      const written = await admin.setInventory(ctx, {
        productId: product.productId,
        variantId: saved.servid,
        dateFrom: today,
        dateTo: addDays(today, INVENTORY_DAYS - 1),
        weekdays,
        capacity: variant.capacity,
      });
      counts.slots += written.slotsWritten;
    }
  }
  return counts;
}
