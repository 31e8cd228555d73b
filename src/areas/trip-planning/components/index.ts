// Components of an itinerary (/tripmaker/itinerary/add-*|get-*|remove-*): flights priced again through the flight
// supplier, hotels valued again through the online-hotel port, activities from the ticket-supplier catalog or free
// text, other services, and exclusions (text only).
import type { OperationDeclaration } from '../../../platform/http/operation.js';
import { exactAmount } from '../trip.rules.js';
import type { TripPlanningDeps } from '../trip.shared.js';
import { type ComponentHandlers, componentOperations } from './components.operations.js';
import { addExclusion, addPriced, listOfType, projectForAdd, removeOfType } from './components.service.js';
import { activitySource, flightSource, hotelSource } from './sources.js';

function handlers(deps: TripPlanningDeps): ComponentHandlers {
  return {
    async addFlight(ctx, input) {
      const project = await projectForAdd(ctx, input.itineraryId);
      return addPriced(deps, ctx, 'FLIGHT', input, await flightSource(deps, ctx, input, project));
    },
    async addAccommodation(ctx, input) {
      const project = await projectForAdd(ctx, input.itineraryId);
      return addPriced(deps, ctx, 'HOTEL', input, await hotelSource(deps, ctx, input, project));
    },
    async addActivity(ctx, input) {
      const project = await projectForAdd(ctx, input.itineraryId);
      return addPriced(deps, ctx, 'ACTIVITY', input, await activitySource(deps, ctx, input, project));
    },
    async addService(ctx, input) {
      const project = await projectForAdd(ctx, input.itineraryId);
      const currency = (input.currency ?? project.currency).toUpperCase();
      const cost = exactAmount(input.cost, currency, 'cost');
      const source = { cost, currency, currencyParameter: 'currency', details: { serviceType: input.serviceType } };
      return addPriced(deps, ctx, 'SERVICE', input, source);
    },
    addExclusion,
    list: listOfType,
    remove: removeOfType,
  };
}

export function componentsModule(deps: TripPlanningDeps): { operations: OperationDeclaration[] } {
  return { operations: componentOperations(handlers(deps)) };
}
