// The simulated catalog's availability: nothing before the venue's today nor beyond 365 days, sold-out days and
// weekly closing days omitted, whole-day vs timeslot products, prices moving by day only for dynamic pricing, the
// per-order caps, REFUSED ranges (reversed, over 366 days, not a date), timeslots, and the latency a signal ends.
import { describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../../platform/time.js';
import { TicketCatalogError } from '../catalog.js';
import { catalogData } from './data.js';
import { createSimulatedTicketCatalog } from './index.js';
import type { ProductPlan } from './plans.js';

// 08:00 UTC: the same date in Dubai (UTC+4), Paris and London.
const TODAY = '2026-06-10';
const clock = () => new Date(`${TODAY}T08:00:00Z`);
const catalog = createSimulatedTicketCatalog({ clock });

function plan(where: (plan: ProductPlan) => boolean): ProductPlan {
  const found = catalogData().products.find(where);
  if (!found) throw new Error('no such product in the simulated catalog');
  return found;
}

const open = (item: ProductPlan) => item.experience.closedWeekday === null;
const wholeDay = plan((item) => item.slots.length === 0 && open(item) && !item.dynamicPricing);
const timed = plan((item) => item.slots.length >= 6 && open(item) && !item.dynamicPricing);
const dynamic = plan((item) => item.dynamicPricing);
const closing = plan((item) => item.experience.closedWeekday === 1);

async function refusal(call: Promise<unknown>): Promise<TicketCatalogError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TicketCatalogError);
  return error as TicketCatalogError;
}

describe('simulated availability: which days', () => {
  it('has nothing before today, and starts at today', async () => {
    expect((await catalog.availability(wholeDay.id, addDays(TODAY, -30), addDays(TODAY, -1))).days).toEqual([]);
    const days = (await catalog.availability(wholeDay.id, addDays(TODAY, -5), addDays(TODAY, 30))).days;
    expect(days.length).toBeGreaterThan(20);
    expect(days.every((day) => day.date >= TODAY)).toBe(true);
  });

  it("takes today in the venue's own zone", async () => {
    // 22:30 UTC on the 10th is already the 11th in Dubai.
    const late = createSimulatedTicketCatalog({ clock: () => new Date(`${TODAY}T22:30:00Z`) });
    const dubai = plan((item) => item.experience.city.id === '78401' && item.slots.length === 0 && open(item));
    const days = (await late.availability(dubai.id, TODAY, addDays(TODAY, 10))).days;
    expect(days.every((day) => day.date > TODAY)).toBe(true);
  });

  it('has nothing more than 365 days ahead', async () => {
    const last = addDays(TODAY, 365);
    const days = (await catalog.availability(wholeDay.id, addDays(TODAY, 300), addDays(TODAY, 400))).days;
    expect(days.length).toBeGreaterThan(40);
    expect(days.every((day) => day.date <= last)).toBe(true);
  });

  it('omits about one day in ten as sold out, the same days on every call', async () => {
    const range = [TODAY, addDays(TODAY, 365)] as const;
    const days = (await catalog.availability(wholeDay.id, ...range)).days;
    expect(days.length).toBeLessThan(366 * 0.97);
    expect(days.length).toBeGreaterThan(366 * 0.8);
    expect((await catalog.availability(wholeDay.id, ...range)).days).toEqual(days);
    const soldOut = Array.from({ length: 366 }, (_, index) => addDays(TODAY, index)).find(
      (date) => !days.some((day) => day.date === date),
    );
    expect(await catalog.timeslots(wholeDay.id, soldOut as string)).toEqual([]);
  });

  it('omits a venue’s weekly closing day', async () => {
    const days = (await catalog.availability(closing.id, TODAY, addDays(TODAY, 60))).days;
    expect(days.length).toBeGreaterThan(30);
    expect(days.some((day) => weekdayOf(day.date) === 'MON')).toBe(false);
    expect(days.some((day) => weekdayOf(day.date) === 'TUE')).toBe(true);
  });
});

describe('simulated availability: what a day sells', () => {
  it('gives a whole-day product one timeslot without a time, with an offer per variant', async () => {
    const answer = await catalog.availability(wholeDay.id, TODAY, addDays(TODAY, 20));
    expect(answer).toMatchObject({
      productId: wholeDay.id,
      dynamicPricing: false,
      maxTicketsPerOrder: wholeDay.maxQuantity,
    });
    expect(answer.variants).toEqual(await catalog.variants(wholeDay.id));
    for (const day of answer.days) {
      expect(day.timeslots).toHaveLength(1);
      expect(day.timeslots[0]?.time).toBeNull();
      expect(day.timeslots[0]?.variants.map((offer) => offer.variantId)).toEqual(answer.variants.map((v) => v.id));
      for (const offer of day.timeslots[0]?.variants ?? []) {
        expect(offer.maxTickets).toBeGreaterThanOrEqual(10);
        expect(offer.maxTickets).toBeLessThanOrEqual(wholeDay.maxQuantity);
      }
    }
  });

  it('gives a timeslot product its HH:mm slots in order, some sold out (omitted)', async () => {
    const days = (await catalog.availability(timed.id, TODAY, addDays(TODAY, 30))).days;
    const counts = new Set<number>();
    for (const day of days) {
      const times = day.timeslots.map((slot) => slot.time as string);
      expect(times.every((time) => /^([01]\d|2[0-3]):[0-5]\d$/.test(time))).toBe(true);
      expect([...times].sort()).toEqual(times);
      counts.add(times.length);
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(timed.slots.length);
    expect(Math.min(...counts)).toBeLessThan(timed.slots.length);
    const [first] = days;
    expect(await catalog.timeslots(timed.id, first?.date as string)).toEqual(first?.timeslots);
  });

  it('keeps the usual prices without dynamic pricing', async () => {
    const variants = await catalog.variants(timed.id);
    const days = (await catalog.availability(timed.id, TODAY, addDays(TODAY, 30))).days;
    for (const offer of days.flatMap((day) => day.timeslots.flatMap((slot) => slot.variants))) {
      expect(offer.price).toBe(variants.find((variant) => variant.id === offer.variantId)?.price);
      expect(offer.originalPrice).toBeUndefined();
    }
  });

  it('moves dynamic prices by day, the usual price as originalPrice when they differ', async () => {
    const answer = await catalog.availability(dynamic.id, TODAY, addDays(TODAY, 60));
    expect(answer.dynamicPricing).toBe(true);
    const adult = answer.variants[0];
    const offers = answer.days.map((day) => day.timeslots[0]?.variants[0]);
    expect(new Set(offers.map((offer) => offer?.price)).size).toBeGreaterThan(2);
    for (const offer of offers) {
      if (offer?.price === adult?.price) expect(offer?.originalPrice).toBeUndefined();
      else expect(offer?.originalPrice).toBe(adult?.price);
    }
  });
});

describe('simulated availability: refusals and latency', () => {
  it('refuses a reversed range, one over 366 days and a date that is not one', async () => {
    const reversed = await refusal(catalog.availability(timed.id, addDays(TODAY, 2), TODAY));
    expect(reversed).toMatchObject({ kind: 'refused', code: 'API_ERROR' });
    expect((await refusal(catalog.availability(timed.id, TODAY, addDays(TODAY, 366)))).kind).toBe('refused');
    expect((await refusal(catalog.availability(timed.id, '2026-02-30', '2026-03-02'))).kind).toBe('refused');
    expect((await refusal(catalog.timeslots(timed.id, '10/06/2026'))).kind).toBe('refused');
    expect((await catalog.availability(timed.id, TODAY, addDays(TODAY, 365))).days.length).toBeGreaterThan(200);
  });

  it('makes availability wait its latency, ended by the signal; lists do not wait', async () => {
    const slow = createSimulatedTicketCatalog({ clock, latencyMs: 60_000 });
    const started = Date.now();
    expect((await slow.countries()).length).toBeGreaterThan(0);
    const controller = new AbortController();
    const call = slow.availability(timed.id, TODAY, TODAY, controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect((await refusal(call)).kind).toBe('timeout');
    const timeslots = slow.timeslots(timed.id, TODAY, AbortSignal.timeout(20));
    expect((await refusal(timeslots)).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    const quick = createSimulatedTicketCatalog({ clock, latencyMs: 30 });
    const before = Date.now();
    await quick.availability(timed.id, TODAY, TODAY);
    expect(Date.now() - before).toBeGreaterThanOrEqual(25);
  });
});
