// Requests of /tripmaker/itinerary/create|get|list|update|delete and the answer of /tripmaker/itinerary/costs.
import { type Static, Type } from '@sinclair/typebox';
import { ItineraryTotals, PRICED_COMPONENT_TYPES } from '../trip.schemas.js';
import { enumOf, Id, Name, OptionalText } from '../trip.shared.js';

export const CreateItineraryRequest = Type.Object({
  projectId: Id('The project'),
  itineraryName: Name('Name of the option'),
  description: OptionalText(4000, 'What the option is'),
});
export type CreateItineraryRequest = Static<typeof CreateItineraryRequest>;

export const UpdateItineraryRequest = Type.Object({
  itineraryId: Id('The itinerary'),
  itineraryName: Type.Optional(Name('Name of the option')),
  description: OptionalText(4000, 'What the option is'),
});
export type UpdateItineraryRequest = Static<typeof UpdateItineraryRequest>;

export const ItineraryIdRequest = Type.Object({ itineraryId: Id('The itinerary') });
export const ProjectIdRequest = Type.Object({ projectId: Id('The project') });

export const CostLine = Type.Object({
  componentType: enumOf(PRICED_COMPONENT_TYPES, 'FLIGHT, HOTEL, ACTIVITY or SERVICE'),
  count: Type.Integer({ description: 'Components of the type' }),
  ...ItineraryTotals,
});

export const ItineraryCosts = Type.Object({
  itineraryId: Type.Integer(),
  ...ItineraryTotals,
  byType: Type.Array(CostLine, { description: 'One line per priced component type, in display order' }),
});
export type ItineraryCosts = Static<typeof ItineraryCosts>;
