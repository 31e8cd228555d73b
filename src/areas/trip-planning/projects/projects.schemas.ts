// Requests of /tripmaker/project/* (spec part 2 "Trip planning (base /tripmaker)", contract §8.5).
import { type Static, Type } from '@sinclair/typebox';
import { PROJECT_STATUSES } from '../trip.schemas.js';
import { CurrencyCode, DateOnly, enumOf, Id, Name, Optional } from '../trip.shared.js';

export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

const Travellers = (description: string) => Type.Integer({ minimum: 0, maximum: 99, description });

const ProjectFields = {
  projectName: Name('Name of the trip'),
  startDate: Optional(DateOnly('First day')),
  endDate: Optional(DateOnly('Last day (not before startDate)')),
  adults: Optional(Travellers('Adults (default 1)')),
  children: Optional(Travellers('Children (default 0)')),
  infants: Optional(Travellers('Infants (default 0)')),
};

export const CreateProjectRequest = Type.Object({
  ...ProjectFields,
  customerId: Optional(Id('The customer the trip is for')),
  currency: Optional(
    CurrencyCode("The itineraries' totals are in it (default the tenant's; needs a rate from the tenant's currency)"),
  ),
});
export type CreateProjectRequest = Static<typeof CreateProjectRequest>;

export const UpdateProjectRequest = Type.Object({
  projectId: Id('The project'),
  ...Type.Partial(Type.Object(ProjectFields)).properties,
  customerId: Optional(Id('The customer the trip is for (toBooking needs one)')),
  status: Optional(enumOf(PROJECT_STATUSES, 'DRAFT ↔ QUOTED; COMPLETED after endDate; CANCELLED')),
});
export type UpdateProjectRequest = Static<typeof UpdateProjectRequest>;

export const ProjectIdRequest = Type.Object({ projectId: Id('The project') });

export const ListProjectsRequest = Type.Object({
  customerId: Optional(Id('Only this customer’s')),
  status: Optional(enumOf(PROJECT_STATUSES, 'Only in this status')),
  fromDate: Optional(DateOnly('Only trips ending on or after')),
  toDate: Optional(DateOnly('Only trips starting on or before')),
  page: Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1 (default 1)' })),
  pageSize: Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `Default ${PAGE_SIZE}, at most ${MAX_PAGE_SIZE}` }),
  ),
});
export type ListProjectsRequest = Static<typeof ListProjectsRequest>;

export const ToBookingRequest = Type.Object({
  projectId: Id('The project'),
  itineraryId: Id('Its itinerary that becomes the booking'),
});
export type ToBookingRequest = Static<typeof ToBookingRequest>;
