// A node's copies of an itinerary's answers (itinerary/get, itinerary/costs), as the bytes sent. A copy is sent again only after the database says
// the itinerary's version is still the one it was made from (every change of the itinerary or of its components
// moves it, on any node: ../trip.repository.ts) and each exchange rate the totals used still answers the same on
// the tenant's today (rates are written by the cruise area, and a new day may bring another rate in force). Copies
// are bounded by their total size; the least recently used go first. An itinerary of 30 components answers ~15 kB:
// serialising it on every read was most of the operation's time.
import { okJsonBytes } from '../../../platform/http/envelope.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import type { RawAnswer } from '../../../platform/http/raw.js';
import { createLru } from '../../../platform/memory/lru.js';
import { formatDate } from '../../../platform/time.js';
import { selectItineraryVersion } from '../trip.repository.js';
import type { TripPlanningDeps } from '../trip.shared.js';

const LIMITS = { maxBytes: 32 * 1024 * 1024, maxEntries: 100_000 };

interface KeptAnswer {
  version: string;
  rates: ReadonlyArray<{ from: string; to: string; rate: string | undefined }>;
  answer: RawAnswer & { readonly body: Buffer };
}

/** Whether the kept copy still answers: same version, and every rate it used the same today. */
async function stillGood(
  deps: Pick<TripPlanningDeps, 'rates'>,
  ctx: TenantContext,
  itineraryId: number,
  kept: KeptAnswer,
): Promise<boolean> {
  const today = formatDate(ctx.now, ctx.tenant.timezone);
  const [version, ...rates] = await Promise.all([
    selectItineraryVersion(ctx.db, itineraryId),
    ...kept.rates.map((pair) => deps.rates.rateInForce(ctx.db, pair.from, pair.to, today)),
  ]);
  return version === kept.version && rates.every((rate, index) => rate === kept.rates[index]?.rate);
}

/** What an answer is made of: its JSON, the itinerary's version it was read at, the rates it used. */
export interface MadeAnswer {
  json: string;
  version: string;
  rates: KeptAnswer['rates'];
}

/**
 * An itinerary's answer (itinerary/get, itinerary/costs) as bytes, from the node's copy while it is good, else
 * made by `make` (which reads the version before what the answer holds, and answers NOTFOUND for no itinerary).
 */
export function createKeptAnswers(
  deps: Pick<TripPlanningDeps, 'rates'>,
  make: (ctx: TenantContext, itineraryId: number) => Promise<MadeAnswer>,
  limits = LIMITS,
) {
  const memory = createLru<KeptAnswer>(limits, (kept) => kept.answer.body.length);
  return async (ctx: TenantContext, itineraryId: number): Promise<RawAnswer> => {
    const key = `${ctx.tenant.tenantId}:${itineraryId}`;
    const kept = memory.get(key);
    if (kept && (await stillGood(deps, ctx, itineraryId, kept))) return kept.answer;
    const { json, version, rates } = await make(ctx, itineraryId);
    const answer = okJsonBytes(json);
    memory.set(key, { version, rates, answer });
    return answer;
  };
}
