// What the GoGlobal fake answers (research/external-systems.md §6.2): the Main element of each operation's answer,
// in GoGlobal's XML form, from a small fixed world: three hotels in any city, offers priced from the nights and
// rooms asked, and the bookings made so far.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type Main = Record<string, unknown>;

export interface FakeBooking {
  goBookingCode: string;
  agentReference: string;
  hotelSearchCode: string;
  hotelName: string;
  arrivalDate: string;
  nights: number;
  totalPrice: string;
  status: 'C' | 'RQ' | 'X';
  leader: string;
}

interface FakeHotel {
  code: string;
  name: string;
  category: string;
  /** Per room and night, in whole units. */
  night: number;
  roomBasis: string;
  availability: '1' | '0';
}

export const FAKE_HOTELS: FakeHotel[] = [
  { code: '101', name: 'Fake Palace Hotel', category: '5', night: 400, roomBasis: 'BB', availability: '1' },
  { code: '102', name: 'Fake City Inn', category: '3', night: 150, roomBasis: 'RO', availability: '1' },
  { code: '103', name: 'Fake Résidence & Spa', category: '4', night: 260, roomBasis: 'HB', availability: '0' },
];

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** GoGlobal's search deadline form: 8/Dec/2026. */
function dayMonthYear(date: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(day)}/${MONTHS[Number(month) - 1]}/${year}`;
}

/** The offer's search code carries what pricing it needs: hotel, arrival, nights and rooms. */
export function searchCode(hotel: FakeHotel, arrivalDate: string, nights: number, rooms: number): string {
  return `${hotel.code}/${arrivalDate}/${nights}/${rooms}`;
}

export function parseSearchCode(code: string) {
  const [hotelCode, arrivalDate = '', nights = '', rooms = ''] = code.split('/');
  const hotel = FAKE_HOTELS.find((h) => h.code === hotelCode);
  if (!hotel || !/^\d{4}-\d{2}-\d{2}$/.test(arrivalDate) || !/^\d+$/.test(nights) || !/^\d+$/.test(rooms)) return null;
  return { hotel, arrivalDate, nights: Number(nights), rooms: Number(rooms) };
}

export function totalOf(offer: { hotel: FakeHotel; nights: number; rooms: number }): string {
  return `${(offer.hotel.night * offer.nights * offer.rooms).toFixed(2)}`;
}

export function searchAnswer(arrivalDate: string, nights: number, rooms: number, currency: string): Main {
  const hotels: Main[] = FAKE_HOTELS.map((hotel) => ({
    HotelCode: hotel.code,
    HotelName: hotel.name,
    HotelSearchCode: searchCode(hotel, arrivalDate, nights, rooms),
    CountryId: '1',
    Category: hotel.category,
    Location: 'Centre',
    LocationCode: 'C1',
    Thumbnail: `https://img.example/${hotel.code}.jpg`,
    RoomType: Array.from({ length: rooms }, () => 'Double Standard').join(' | '),
    RoomBasis: hotel.roomBasis,
    Availability: hotel.availability,
    TotalPrice: totalOf({ hotel, nights, rooms }),
    Currency: currency,
    CxlDeadline: hotel.code === '102' ? '' : dayMonthYear(addDays(arrivalDate, -3)),
    Preferred: 'false',
    Remark: `Remark of ${hotel.name}`,
    SpecialOffer: '',
    GeoCodes: { Latitude: '25.2', Longitude: '55.3' },
  }));
  // an offer without a price: the adapter must skip it, not fail the page
  hotels.push({ ...hotels[0], HotelSearchCode: 'broken', TotalPrice: '' });
  return { Hotel: hotels };
}

export function bookingAnswer(booking: FakeBooking, currency: string): Main {
  return {
    GoBookingCode: booking.goBookingCode,
    GoReference: `GGR-${booking.goBookingCode}`,
    ClientBookingCode: booking.agentReference,
    BookingStatus: booking.status,
    TotalPrice: booking.totalPrice,
    Currency: currency,
    HotelName: booking.hotelName,
    HotelSearchCode: booking.hotelSearchCode,
    CityCode: '75',
    RoomType: 'Double Standard',
    RoomBasis: 'BB',
    ArrivalDate: booking.arrivalDate,
    CancellationDeadline: addDays(booking.arrivalDate, -3),
    Nights: String(booking.nights),
    Remark: '',
  };
}

export function breakdownAnswer(
  offer: { hotel: FakeHotel; arrivalDate: string; nights: number; rooms: number },
  currency: string,
): Main {
  // the first night at a higher price, the others in one range: two PriceBreakdown elements per room
  const first = offer.hotel.night + 50;
  const rest = offer.hotel.night - 50 / Math.max(1, offer.nights - 1);
  const ranges =
    offer.nights === 1
      ? [{ FromDate: offer.arrivalDate, ToDate: addDays(offer.arrivalDate, 1), Price: offer.hotel.night.toFixed(2) }]
      : [
          { FromDate: offer.arrivalDate, ToDate: addDays(offer.arrivalDate, 1), Price: first.toFixed(2) },
          {
            FromDate: addDays(offer.arrivalDate, 1),
            ToDate: addDays(offer.arrivalDate, offer.nights),
            Price: rest.toFixed(2),
          },
        ];
  return {
    HotelName: offer.hotel.name,
    Room: Array.from({ length: offer.rooms }, () => ({
      RoomType: 'Double Standard',
      Children: '0',
      Cots: '0',
      PriceBreakdown: ranges,
    })),
    Currency: currency,
  };
}

export function voucherAnswer(booking: FakeBooking): Main {
  return {
    GoBookingCode: booking.goBookingCode,
    GoReference: `GGR-${booking.goBookingCode}`,
    HotelName: booking.hotelName,
    Address: '1 Fake Street',
    Phone: '+971 4 555 0101',
    CheckInDate: booking.arrivalDate,
    CheckOutDate: addDays(booking.arrivalDate, booking.nights),
    RoomBasis: 'BB',
    Rooms: 'Double Standard',
    LeaderName: booking.leader,
    BookedAndPayableBy: 'Go Global Travel',
    EmergencyPhone: '+971 4 555 0100',
    Remarks: 'Payable by Go Global Travel',
  };
}
