// The e-mail that tells the agency of a trip request a visitor or customer sent. Everything in it was typed by
// the sender, so the HTML part escapes every value and the subject keeps no line breaks.
import type { OutgoingMail } from '../../platform/outbox/index.js';
import type { TripRequest } from './trip-requests.schemas.js';
import { shippedTemplate } from '../../platform/rendering/html.js';

const TRIP_REQUEST = shippedTemplate('mail/trip-request.html');

/** One line of text, at most `max` characters: no header injection through a subject. */
const oneLine = (text: string, max: number) => text.replace(/[\r\n\t]+/g, ' ').slice(0, max);

function details(request: TripRequest): Array<[string, string]> {
  const rows: Array<[string, string | number | null]> = [
    ['Request', `#${request.requestId}`],
    ['Destination', request.destination],
    ['Travel dates', request.travelDates],
    ['Travellers', request.numTravelers],
    ['Budget', request.budget === null ? null : `${request.budget} ${request.currency}`],
    ['Contact', request.contactName],
    ['E-mail', request.contactEmail],
    ['Phone', request.contactPhone],
    ['Received', request.createdDate],
  ];
  return rows.flatMap(([label, value]) => (value === null ? [] : [[label, String(value)] as [string, string]]));
}

export function tripRequestNotification(to: string, agency: string, request: TripRequest): OutgoingMail {
  const rows = details(request);
  const requirements = request.requirements;
  return {
    to,
    subject: oneLine(`New trip request #${request.requestId} to ${request.destination} (${agency})`, 200),
    text: [
      'A new trip request has arrived.',
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      ...(requirements === null ? [] : ['', 'Requirements:', requirements]),
      '',
    ].join('\n'),
    html: TRIP_REQUEST({ rows: rows.map(([label, value]) => ({ label, value })), requirements }),
  };
}
