// /tripmaker/project/toBooking (contract §8.5, §7.3): the chosen itinerary becomes a back-office booking for the
// project's customer, one line per priced component at its selling price in the project's currency, CONFIRMED and
// awaiting payment; the project becomes CONFIRMED and keeps the booking's id and reference, and the booking's notes
// name the project. One transaction: the project row is locked first, so of two concurrent calls the second finds
// it CONFIRMED (INVALID_STATE) and exactly one booking is made; the BLM counter is taken last (blm.api.ts).
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { minorToDecimalString } from '../../../platform/money.js';
import { addDays } from '../../../platform/time.js';
import type { ExternalLine } from '../../blm/index.js';
import { type ProjectRow, lockProject, selectComponents, selectItinerary } from '../trip.repository.js';
import type { Component, PricedComponent } from '../trip.schemas.js';
import type { TripPlanningDeps } from '../trip.shared.js';
import { refuseFrozen } from '../trip.locks.js';
import { componentAnswer, convertComponent, rateBook } from '../trip.view.js';
import * as repo from './projects.repository.js';
import type { ToBookingRequest } from './projects.schemas.js';

/** What a line of the booking says the component is (the customer reads it on the booking). */
function lineDescription(component: PricedComponent): string {
  switch (component.componentType) {
    case 'FLIGHT':
      return `Flight ${component.flightNumber} ${component.origin}→${component.destination} ${component.departureDate} ${component.departureTime}`;
    case 'HOTEL':
      return `${component.hotelName}: ${component.roomType}, ${component.boardType}, ${component.nights} night(s) from ${component.checkIn}`;
    case 'ACTIVITY':
      return component.quantity > 1 ? `${component.title} × ${component.quantity}` : component.title;
    case 'SERVICE':
      return `${component.serviceType}${component.description ? `: ${component.description}` : ''}`;
  }
}

/** The day the component takes place: its own date, else the trip's start plus its day number. */
function serviceDate(component: PricedComponent, project: ProjectRow): string | null {
  if (component.componentType === 'FLIGHT') return component.departureDate || null;
  if (component.componentType === 'HOTEL') return component.checkIn || null;
  if (component.dayNumber === null || project.start_date === null) return null;
  return addDays(project.start_date, component.dayNumber - 1);
}

const isPriced = (component: Component): component is PricedComponent => component.componentType !== 'EXCLUSION';

async function bookingLines(
  deps: Pick<TripPlanningDeps, 'rates'>,
  ctx: TenantContext,
  project: ProjectRow,
  itineraryId: number,
  db: Parameters<typeof selectComponents>[0],
) {
  const rows = await selectComponents(db, itineraryId);
  const rates = rateBook(deps, db, ctx);
  const lines: ExternalLine[] = [];
  for (const row of rows) {
    const component = componentAnswer(row);
    const converted = await convertComponent(rates, row, project.currency);
    if (!isPriced(component) || !converted) continue;
    lines.push({
      description: lineDescription(component).slice(0, 500),
      unitName: component.componentType.toLowerCase(),
      quantity: 1,
      unitPrice: minorToDecimalString(converted.sellingMinor, project.currency),
      serviceDate: serviceDate(component, project),
    });
  }
  return lines;
}

export async function toBooking(
  deps: Pick<TripPlanningDeps, 'blm' | 'rates'>,
  ctx: TenantContext,
  input: ToBookingRequest,
): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const project = await lockProject(tx, input.projectId);
    if (!project) throw notFound('Project');
    const itinerary = await selectItinerary(tx, input.itineraryId);
    if (!itinerary || itinerary.project_id !== project.project_id) throw notFound('Itinerary');
    refuseFrozen(project);
    if (project.customer_id === null) {
      throw new ApiError(ErrorCode.INVALID_STATE, 'The project has no customer: set customerId with project/update');
    }
    const lines = await bookingLines(deps, ctx, project, itinerary.itinerary_id, tx);
    if (lines.length === 0) {
      throw new ApiError(ErrorCode.INVALID_STATE, `Itinerary ${itinerary.itinerary_id} has no priced component`);
    }
    const notes = `Trip project ${project.project_id} "${project.project_name}", itinerary ${itinerary.itinerary_id} "${itinerary.itinerary_name}"`;
    const bookingId = await deps.blm.createWithLines(tx, ctx, {
      customerId: project.customer_id,
      currency: project.currency,
      notes,
      status: 'CONFIRMED',
      lines,
    });
    const booked = await deps.blm.statusOf(tx, bookingId, ctx.now);
    await repo.markBooked(
      tx,
      project.project_id,
      { bookingId, reference: booked?.reference ?? null, itineraryId: itinerary.itinerary_id },
      ctx.now,
    );
  });
}
