// The word templates the simulated experiences are made of: short lists, combined per city by the seeded draws of
// experiences.ts. "{City}" is replaced by the city's name. Tag types follow Tiqets' (category, recommended
// audience, best time of day) with the group a storefront shows them under.
import type { CatalogTag, CatalogTagType } from '../catalog.js';
import type { ProductKindKey } from './kinds.js';

export interface ExperienceTemplate {
  title: string;
  /** Tiqets' experience types. */
  type: 'venue' | 'activity' | 'poi' | 'service';
  category: string;
  /** A typical adult price in euros. */
  baseEur: number;
  /** The product kinds it may sell; the first one always. */
  kinds: ProductKindKey[];
  audience: string[];
  times: string[];
  /** A venue that may close one day a week. */
  closes: boolean;
  street: string;
}

const AUDIENCE: Readonly<Record<string, string[]>> = {
  all: ['Families', 'Couples', 'Friends', 'Solo travellers'],
  family: ['Families', 'Couples'],
  adults: ['Couples', 'Friends', 'Solo travellers'],
  couples: ['Couples'],
  friends: ['Couples', 'Friends'],
  solo: ['Couples', 'Solo travellers'],
  photo: ['Solo travellers', 'Friends'],
};

// type | category | base price in euros | product kinds | audience | best times | street | title
const TABLE = `
venue|Museums|18|entry skip audio guided|all|Morning Afternoon|Museum Square|{City} Museum of Art
venue|Museums|15|entry audio guided|family|Morning Afternoon|Museum Avenue|{City} National History Museum
venue|Museums|20|entry combo|family|Morning Afternoon|Science Park|{City} Science Centre
venue|Museums|16|entry skip guided|adults|Morning Afternoon|Gallery Street|{City} Modern Art Gallery
activity|Tours|25|guided private|all|Morning Afternoon|Old Town Square|{City} Old Town Walking Tour
activity|Food & drink|65|guided private evening|adults|Afternoon Evening|Market Street|{City} Food Tasting Tour
service|Tours|32|entry premium|all|Morning Afternoon|Central Station|{City} Hop-on Hop-off Bus Tour
activity|Water activities|45|evening premium private|adults|Evening|Harbour Road|{City} Sunset Cruise
activity|Water activities|22|entry skip evening|all|Morning Afternoon|Pier 1|{City} River Sightseeing Cruise
venue|Observation decks|38|skip entry evening premium|all|Afternoon Evening|Tower Boulevard|{City} Observation Deck
venue|Zoos & aquariums|28|entry combo premium|family|Morning Afternoon|Zoo Road|{City} Zoo
venue|Zoos & aquariums|30|entry skip premium|family|Morning Afternoon|Waterfront Drive|{City} Aquarium
venue|Parks & gardens|12|entry guided|all|Morning|Garden Lane|{City} Botanical Garden
poi|Religious sites|14|entry audio guided|all|Morning Afternoon|Cathedral Square|{City} Cathedral: Towers and Crypt
venue|Historical sites|24|skip entry audio guided|all|Morning Afternoon|Palace Road|{City} Royal Palace
poi|Historical sites|16|entry guided|all|Morning Afternoon|Castle Hill|{City} Fortress and Ramparts
poi|Historical sites|19|entry audio private|adults|Morning|Ancient Way|{City} Archaeological Park
venue|Theme parks|75|entry skip premium|family|Morning Afternoon|Leisure Park|{City} Adventure Theme Park
venue|Theme parks|55|entry premium|family|Morning Afternoon|Beach Road|{City} Water Park
venue|Museums|17|entry skip|family|Morning Afternoon|High Street|{City} Museum of Illusions
venue|Museums|26|skip entry combo|family|Morning Afternoon|Main Street|{City} Wax Museum
activity|Outdoor activities|35|guided private|adults|Morning|Riverside Path|{City} Bike Tour
activity|Water activities|48|guided private|adults|Morning|Marina Walk|{City} Kayak Adventure
activity|Outdoor activities|190|premium private|couples|Morning|Airfield Road|{City} Hot Air Balloon Flight
activity|Tours|30|evening private|adults|Evening Night|Town Hall Square|{City} Night Tour
activity|Food & drink|80|guided private|adults|Afternoon Evening|Chef Street|{City} Cooking Class
activity|Tours|22|guided private|adults|Afternoon|Arts Quarter|{City} Street Art Tour
venue|Shows & events|55|evening premium|adults|Evening|Concert Hall Plaza|{City} Symphony Concert
venue|Shows & events|60|evening premium|friends|Night|Theatre Row|{City} Comedy and Cabaret Show
activity|Day trips|85|guided private premium|all|Morning|Bus Terminal|{City} Day Trip to the Countryside
activity|Outdoor activities|220|premium private|friends|Morning Afternoon|Heliport Road|{City} Helicopter Flight
service|City passes|70|entry premium|all|Morning Afternoon|Tourist Office|{City} City Pass
service|Transport|40|entry private|all|Morning Afternoon Evening|Arrivals Hall|{City} Airport Transfer
venue|Wellness|65|entry premium|solo|Morning Afternoon|Thermal Baths Street|{City} Spa and Wellness Day
poi|Religious sites|20|guided private|all|Morning|Heritage Lane|{City} Historic Places of Worship Tour
activity|Tours|40|guided private|photo|Morning Evening|Viewpoint Terrace|{City} Photography Walk
`;

function templateOf(line: string): ExperienceTemplate {
  const [type, category, eur, kinds, audience, times, street, title] = line.split('|') as string[];
  return {
    title: title as string,
    type: type as ExperienceTemplate['type'],
    category: category as string,
    baseEur: Number(eur),
    kinds: (kinds as string).split(' ') as ProductKindKey[],
    audience: AUDIENCE[audience as string] ?? [],
    times: (times as string).split(' '),
    closes: type === 'venue',
    street: street as string,
  };
}

export const EXPERIENCE_TEMPLATES: readonly ExperienceTemplate[] = TABLE.trim().split('\n').map(templateOf);

/** A short line per category; the description is made of the title, the city and these. */
export const TAGLINES: Readonly<Record<string, string>> = {
  Museums: 'Collections that tell the story of {City}',
  Tours: 'See {City} with someone who knows it',
  'Food & drink': 'Taste {City} the way locals do',
  'Water activities': '{City} from the water',
  'Observation decks': 'The best view over {City}',
  'Zoos & aquariums': 'A day out for the whole family in {City}',
  'Parks & gardens': 'Green calm in the middle of {City}',
  'Religious sites': 'Centuries of faith and architecture in {City}',
  'Historical sites': 'Walk through the history of {City}',
  'Theme parks': 'Thrills and rides near {City}',
  'Outdoor activities': 'Get active around {City}',
  'Shows & events': 'An evening out in {City}',
  'Day trips': 'Leave {City} behind for a day',
  'City passes': 'One pass for the sights of {City}',
  Transport: 'Getting around {City} made easy',
  Wellness: 'Slow down in {City}',
};

export const TAG_TYPES: readonly CatalogTagType[] = [
  { id: '1', name: 'Category', groupName: 'category', iconUrl: null },
  { id: '2', name: 'Recommended audience', groupName: 'audience', iconUrl: null },
  { id: '3', name: 'Best time of day', groupName: 'time of day', iconUrl: null },
  { id: '4', name: 'Highlights', groupName: 'highlights', iconUrl: null },
].map((type) => ({ ...type, iconUrl: `https://images.simulator.invalid/tag-types/${type.id}.svg` }));

const AUDIENCES = ['Families', 'Couples', 'Friends', 'Solo travellers'];
const TIMES = ['Morning', 'Afternoon', 'Evening', 'Night'];
export const HIGHLIGHTS = ['Bestseller', 'Skip the line', 'Free cancellation', 'Must see'];

/** Tags: the type's id then the tag's rank ("101" is the first category). */
export const TAGS: readonly CatalogTag[] = [
  [...new Set(EXPERIENCE_TEMPLATES.map((item) => item.category))].sort(),
  AUDIENCES,
  TIMES,
  HIGHLIGHTS,
].flatMap((names, type) =>
  names.map((name, rank) => {
    const id = String((type + 1) * 100 + rank + 1);
    return { id, name, typeId: String(type + 1), iconUrl: `https://images.simulator.invalid/tags/${id}.svg` };
  }),
);

const tagIdsByKey = new Map(TAGS.map((tag) => [`${tag.typeId}:${tag.name}`, tag.id]));

/** A tag's id by its type and name (every name the templates use has one). */
export const tagIdOf = (typeId: number, name: string): string => tagIdsByKey.get(`${typeId}:${name}`) as string;
