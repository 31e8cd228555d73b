// The client proposal of an itinerary as data (ProposalView) and as the texts it shows (proposalFigures): the cover's
// facts, the day-by-day plan, the flights, hotels, activities and other services, what is and is not included, and
// the selling total in the project's currency. The PDF (proposal-pdf.ts) and the employees' page (proposal-page.ts)
// draw the same figures, so the two never disagree. A view has no cost price and no margin: what a customer must
// not see is never handed to the renderers, so no renderer can show it by mistake.
import type { Branding } from '../../../platform/rendering/branding.js';
import { formatMinorAmount } from '../../../platform/money.js';
import { addDays, daysBetween, displayDate } from '../../../platform/time.js';

export interface ProposalProject {
  projectName: string;
  customerName?: string;
  customerEmail?: string;
  /** yyyy-MM-dd: the trip's first day (day 1 of the plan). */
  startDate?: string;
  endDate?: string;
  adults: number;
  children: number;
  infants: number;
}

export interface ProposalFlight {
  dayNumber?: number;
  /** The carrier's IATA code, e.g. "EK". */
  airline: string;
  /** The carrier's name, e.g. "Emirates", when known. */
  airlineName?: string;
  flightNumber: string;
  origin: string;
  originName?: string;
  destination: string;
  destinationName?: string;
  /** yyyy-MM-dd */
  departureDate?: string;
  /** HH:mm, local at each airport */
  departureTime?: string;
  arrivalTime?: string;
  cabinClass?: string;
}

export interface ProposalHotel {
  dayNumber?: number;
  hotelName: string;
  roomType?: string;
  boardType?: string;
  /** yyyy-MM-dd */
  checkIn?: string;
  checkOut?: string;
  nights?: number;
}

/** An activity, another service (transfer, guide, insurance) or an exclusion. */
export interface ProposalItem {
  dayNumber?: number;
  title: string;
  description?: string;
}

export interface ProposalView {
  agency: Branding;
  project: ProposalProject;
  itineraryName: string;
  itineraryDescription?: string;
  /** ISO 4217: the project's currency, in which the total is. */
  currency: string;
  /** The itinerary's selling total in minor units of `currency`. */
  totalSellingMinor: number;
  /** yyyy-MM-dd: the day the proposal is made (the tenant's date). */
  issuedOn: string;
  flights: ProposalFlight[];
  hotels: ProposalHotel[];
  activities: ProposalItem[];
  services: ProposalItem[];
  exclusions: ProposalItem[];
}

/** One day of the plan: "Day 2", its date when the trip has one, and what happens that day. */
export interface ProposalDay {
  heading: string;
  date?: string;
  entries: string[];
}

export interface ProposalFigures {
  title: string;
  customerName: string;
  dates?: string;
  duration?: string;
  travellers: string;
  days: ProposalDay[];
  /** What no day holds (components without a day), shown after the plan. */
  anyDay: string[];
  flights: Array<{
    date: string;
    flight: string;
    carrier: string;
    from: string;
    to: string;
    departs: string;
    arrives: string;
    cabin: string;
  }>;
  hotels: Array<{ hotel: string; room: string; board: string; checkIn: string; checkOut: string; nights: string }>;
  activities: Array<{ day: string; title: string; description: string }>;
  services: Array<{ day: string; title: string; description: string }>;
  included: string[];
  excluded: string[];
  total: string;
  priceNote: string;
  issuedOn: string;
}

// A plan longer than a year is a typing mistake in a day number, not a trip: its days beyond are not drawn.
const MAX_PLAN_DAYS = 366;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "ALL_INCLUSIVE" → "All inclusive", "Deluxe King" stays as it is. */
export function readableCode(code: string | undefined): string {
  if (!code) return '';
  if (!/^[A-Z0-9_]+$/.test(code)) return code;
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function travellersText(project: ProposalProject): string {
  const parts = [plural(project.adults, 'adult', 'adults')];
  if (project.children > 0) parts.push(plural(project.children, 'child', 'children'));
  if (project.infants > 0) parts.push(plural(project.infants, 'infant', 'infants'));
  return parts.join(', ');
}

const place = (code: string, name: string | undefined) => (name ? `${name} (${code})` : code);
const carrier = (flight: ProposalFlight) =>
  flight.airlineName ? `${flight.airlineName} (${flight.airline})` : flight.airline;
const flightCode = (flight: ProposalFlight) =>
  flight.flightNumber.startsWith(flight.airline) ? flight.flightNumber : `${flight.airline} ${flight.flightNumber}`;

function flightLine(flight: ProposalFlight): string {
  const departs = flight.departureTime ? ` ${flight.departureTime}` : '';
  const arrives = flight.arrivalTime ? ` ${flight.arrivalTime}` : '';
  const from = place(flight.origin, flight.originName);
  const to = place(flight.destination, flight.destinationName);
  return `Flight ${flightCode(flight)}, ${carrier(flight)}: ${from}${departs} → ${to}${arrives}`;
}

function hotelLine(hotel: ProposalHotel): string {
  const details = [
    hotel.roomType,
    readableCode(hotel.boardType),
    hotel.nights ? plural(hotel.nights, 'night', 'nights') : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `Check in at ${hotel.hotelName}${details ? ` (${details})` : ''}`;
}

const itemLine = (item: ProposalItem) => (item.description ? `${item.title}: ${item.description}` : item.title);

/** The day a component falls on: its day number, else the day its own date is in the trip. */
function dayOf(dayNumber: number | undefined, date: string | undefined, startDate: string | undefined) {
  if (dayNumber !== undefined && dayNumber >= 1) return dayNumber;
  if (date && startDate) {
    const day = daysBetween(startDate, date) + 1;
    if (day >= 1) return day;
  }
  return undefined;
}

/** The plan's entries by day; those of no day apart. */
function entriesByDay(view: ProposalView) {
  const start = view.project.startDate;
  const byDay = new Map<number, string[]>();
  const anyDay: string[] = [];
  const add = (day: number | undefined, text: string) => {
    if (day === undefined || day > MAX_PLAN_DAYS) anyDay.push(text);
    else byDay.set(day, [...(byDay.get(day) ?? []), text]);
  };
  for (const flight of view.flights) add(dayOf(flight.dayNumber, flight.departureDate, start), flightLine(flight));
  for (const hotel of view.hotels) {
    const day = dayOf(hotel.dayNumber, hotel.checkIn, start);
    add(day, hotelLine(hotel));
    const lastNight = day !== undefined && hotel.nights ? day + hotel.nights : dayOf(undefined, hotel.checkOut, start);
    if (lastNight !== undefined && lastNight <= MAX_PLAN_DAYS) add(lastNight, `Check out of ${hotel.hotelName}`);
  }
  for (const activity of view.activities) add(dayOf(activity.dayNumber, undefined, start), itemLine(activity));
  for (const service of view.services) add(dayOf(service.dayNumber, undefined, start), itemLine(service));
  return { byDay, anyDay };
}

function planDays(view: ProposalView): { days: ProposalDay[]; anyDay: string[] } {
  const { startDate, endDate } = view.project;
  const { byDay, anyDay } = entriesByDay(view);
  const tripDays = startDate && endDate ? daysBetween(startDate, endDate) + 1 : 0;
  const count = Math.min(MAX_PLAN_DAYS, Math.max(tripDays, ...byDay.keys(), 0));
  const days: ProposalDay[] = [];
  for (let day = 1; day <= count; day += 1) {
    const date = startDate ? displayDate(addDays(startDate, day - 1)) : undefined;
    days.push({
      heading: `Day ${day}`,
      ...(date ? { date } : {}),
      entries: byDay.get(day) ?? ['At leisure'],
    });
  }
  return { days, anyDay };
}

const dayText = (day: number | undefined) => (day === undefined ? '' : `Day ${day}`);

function flightRows(view: ProposalView): ProposalFigures['flights'] {
  return view.flights.map((flight) => ({
    date: flight.departureDate ? displayDate(flight.departureDate) : dayText(flight.dayNumber),
    flight: flightCode(flight),
    carrier: carrier(flight),
    from: place(flight.origin, flight.originName),
    to: place(flight.destination, flight.destinationName),
    departs: flight.departureTime ?? '',
    arrives: flight.arrivalTime ?? '',
    cabin: readableCode(flight.cabinClass),
  }));
}

function hotelRows(view: ProposalView): ProposalFigures['hotels'] {
  return view.hotels.map((hotel) => ({
    hotel: hotel.hotelName,
    room: hotel.roomType ?? '',
    board: readableCode(hotel.boardType),
    checkIn: hotel.checkIn ? displayDate(hotel.checkIn) : '',
    checkOut: hotel.checkOut ? displayDate(hotel.checkOut) : '',
    nights: hotel.nights === undefined ? '' : String(hotel.nights),
  }));
}

const itemRows = (items: ProposalItem[]) =>
  items.map((item) => ({ day: dayText(item.dayNumber), title: item.title, description: item.description ?? '' }));

function included(view: ProposalView): string[] {
  return [
    ...view.flights.map(
      (flight) =>
        `Flight ${flightCode(flight)} from ${place(flight.origin, flight.originName)} to ${place(flight.destination, flight.destinationName)}`,
    ),
    ...view.hotels.map((hotel) => {
      const stay = hotel.nights ? `${plural(hotel.nights, 'night', 'nights')} at ` : '';
      const board = readableCode(hotel.boardType);
      return `${stay}${hotel.hotelName}${board ? `, ${board.toLowerCase()}` : ''}`;
    }),
    ...view.activities.map((activity) => activity.title),
    ...view.services.map((service) => service.title),
  ];
}

function tripDates(project: ProposalProject) {
  const { startDate, endDate } = project;
  if (!startDate) return {};
  if (!endDate) return { dates: `From ${displayDate(startDate)}` };
  const days = daysBetween(startDate, endDate) + 1;
  return {
    dates: `${displayDate(startDate)} – ${displayDate(endDate)}`,
    duration: `${plural(days, 'day', 'days')}, ${plural(Math.max(days - 1, 0), 'night', 'nights')}`,
  };
}

/** The proposal as the texts the PDF and the page show. */
export function proposalFigures(view: ProposalView): ProposalFigures {
  if (!Number.isSafeInteger(view.totalSellingMinor))
    throw new Error(`the proposal's total is not an integer amount of minor units: ${view.totalSellingMinor}`);
  const travellers = travellersText(view.project);
  return {
    title: view.project.projectName,
    customerName: view.project.customerName ?? '',
    ...tripDates(view.project),
    travellers,
    ...planDays(view),
    flights: flightRows(view),
    hotels: hotelRows(view),
    activities: itemRows(view.activities),
    services: itemRows(view.services),
    included: included(view),
    excluded: view.exclusions.map(itemLine),
    total: formatMinorAmount(view.totalSellingMinor, view.currency),
    priceNote: `The total price for ${travellers}, in ${view.currency}. Prices and availability are confirmed at booking.`,
    issuedOn: displayDate(view.issuedOn),
  };
}
