// The client proposal as an HTML page for employees (the view they check before sending the PDF): the same figures
// as the PDF (proposalFigures), in the agency's page layout and colours, through the one template engine
// (templates/trip-planning/proposal.html; every value escaped by the engine).
import { agencyPageValues } from '../../../platform/rendering/agency-page.js';
import { shippedTemplate } from '../../../platform/rendering/html.js';
import { type ProposalView, proposalFigures } from './proposal.view.js';

const PROPOSAL = shippedTemplate('trip-planning/proposal.html');

/** The proposal's page. */
export function proposalPage(view: ProposalView): string {
  const figures = proposalFigures(view);
  return PROPOSAL({
    ...agencyPageValues(view.agency, 'en', `Proposal: ${view.project.projectName}`),
    projectName: figures.title,
    customerName: figures.customerName,
    dates: figures.dates,
    duration: figures.duration,
    travellers: figures.travellers,
    itineraryName: view.itineraryName,
    itineraryDescription: view.itineraryDescription,
    issuedOn: figures.issuedOn,
    hasPlan: figures.days.length > 0 || figures.anyDay.length > 0,
    days: figures.days.map((day) => ({ ...day })),
    anyDay: figures.anyDay,
    flights: figures.flights.map((row) => ({ ...row })),
    hotels: figures.hotels.map((row) => ({ ...row })),
    activities: figures.activities.map((row) => ({ ...row })),
    services: figures.services.map((row) => ({ ...row })),
    included: figures.included,
    excluded: figures.excluded,
    total: figures.total,
    priceNote: figures.priceNote,
  });
}
