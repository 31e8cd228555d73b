// The client proposal (contract §8.5: /tripmaker/itinerary/pdf, "no cost prices, no margins") and the same view as
// an HTML page for employees (docs/decisions.md, trip planning).
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import { operation } from '../../../platform/http/operation.js';
import { employeePolicy } from '../trip.shared.js';
import type { ProposalService } from './proposal.service.js';
import { Html, Pdf, ProposalRequest } from './proposal.schemas.js';

const SHOWS =
  'A cover in the agency colours (the project, the customer, dates, travellers, the total), the day-by-day plan ' +
  "(days from the project's startDate), each flight leg with its times, airline and airports, hotels (room, board, " +
  'check-in and -out, nights), activities, other services, what is and is not included, and the selling total in ' +
  'the project currency. Never a cost price or a margin. An unknown itinerary: NOTFOUND.';

const proposalPdf = (proposals: ProposalService) =>
  operation({
    ...employeePolicy,
    path: '/tripmaker/itinerary/pdf',
    methods: ['POST', 'GET'],
    summary: "The itinerary's client proposal as a multi-page PDF (shown inline) → application/pdf",
    description: `${SHOWS} GET takes itineraryId and the session from the query, for a browser's link.`,
    input: ProposalRequest,
    response: Pdf,
    handler: (ctx, input) => proposals.pdf(ctx, input.itineraryId),
  });

const proposalHtml = (proposals: ProposalService) =>
  operation({
    ...employeePolicy,
    path: '/tripmaker/itinerary/proposal',
    methods: ['GET'],
    summary: "The itinerary's client proposal as an HTML page for employees (beyond the specification) → text/html",
    description: `The same view as /tripmaker/itinerary/pdf. ${SHOWS}`,
    input: ProposalRequest,
    response: Html,
    htmlPage: true,
    handler: (ctx, input) => proposals.page(ctx, input.itineraryId),
  });

export function proposalOperations(proposals: ProposalService): OperationDeclaration[] {
  return [proposalPdf, proposalHtml].map((declare) => declare(proposals));
}
