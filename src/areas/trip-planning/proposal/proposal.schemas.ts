// The proposal's requests and answers: the itinerary it shows; a PDF or an HTML page (not the JSON envelope).
import { Type } from '@sinclair/typebox';
import { Id } from '../trip.shared.js';

export const ProposalRequest = Type.Object({
  itineraryId: Id('The itinerary the proposal shows (with its project and customer)'),
});

export const Pdf = Type.String({ description: 'application/pdf' });
export const Html = Type.String({ description: 'text/html' });
