// Availability asked of the supplier live (it changes by the minute: it is not in the tenant's copy), kept 60 s in
// this node's memory and asked once however many requests want it at the same moment: the first request's call is
// shared by every request for the same product and range until it answers, and its answer by those of the next
// 60 s. Every tenant shares the node's copy: the supplier's answer does not depend on the tenant. A failed call is
// not kept (the next request asks again). A call gets `timeoutMs` (TC_TICKET_CATALOG_LIVE_TIMEOUT_MS) before it
// fails as API_ERROR; a caller who stops waiting (its client left) leaves the shared call running for the others.
// Ranges longer than 31 days are the port's to split (TicketCatalog.availability asks 31 days at a time).
import {
  type CatalogAvailability,
  type CatalogTimeslot,
  type TicketCatalog,
  TicketCatalogError,
} from '../../../integrations/ticket-supplier/index.js';

export const KEEP_MS = 60_000;
/** Ranges kept at most: past it, expired ones go first, then the oldest. */
const MAX_KEPT = 10_000;

export interface LiveOffersDeps {
  catalog: TicketCatalog;
  timeoutMs: number;
  log: { warn(object: object, message: string): void };
  /** Milliseconds now (tests move it). */
  now?: () => number;
}

export interface LiveOffers {
  /** From `dateFrom` to `dateTo` inclusive. Rejects with TicketCatalogError. */
  availability(productId: string, dateFrom: string, dateTo: string, signal?: AbortSignal): Promise<CatalogAvailability>;
  /** That day's timeslots (none when sold out), through the same kept answers. Rejects with TicketCatalogError. */
  dayOffer(productId: string, date: string, signal?: AbortSignal): Promise<CatalogTimeslot[]>;
}

interface Kept {
  answer: Promise<CatalogAvailability>;
  /** Infinity while the call is under way. */
  until: number;
}

/** The caller's own wait, ended by its signal; the shared call goes on. */
function waitFor<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(new TicketCatalogError('unavailable', 'The request was abandoned'));
  return new Promise<T>((resolve, reject) => {
    const abandon = () => reject(new TicketCatalogError('unavailable', 'The request was abandoned'));
    signal.addEventListener('abort', abandon, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abandon));
  });
}

export function createLiveOffers(deps: LiveOffersDeps): LiveOffers {
  const kept = new Map<string, Kept>();
  const now = deps.now ?? Date.now;

  /** One call to the supplier with its deadline; anything but the port's own error becomes one (API_ERROR). */
  async function ask(productId: string, dateFrom: string, dateTo: string): Promise<CatalogAvailability> {
    const { catalog } = deps;
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        stop.abort();
        reject(new TicketCatalogError('timeout', `The supplier did not answer within ${deps.timeoutMs} ms`));
      }, deps.timeoutMs);
    });
    try {
      return await Promise.race([catalog.availability(productId, dateFrom, dateTo, stop.signal), deadline]);
    } catch (error) {
      if (error instanceof TicketCatalogError) throw error;
      deps.log.warn({ err: error, productId }, 'the ticket supplier failed unexpectedly');
      throw new TicketCatalogError('unavailable', 'The supplier answered something unreadable');
    } finally {
      clearTimeout(timer);
    }
  }

  function makeRoom(at: number): void {
    if (kept.size < MAX_KEPT) return;
    for (const [key, entry] of kept) if (entry.until <= at) kept.delete(key);
    for (const key of kept.keys()) {
      if (kept.size < MAX_KEPT) return;
      kept.delete(key);
    }
  }

  function availability(productId: string, dateFrom: string, dateTo: string, signal?: AbortSignal) {
    const key = `${productId}\n${dateFrom}\n${dateTo}`;
    const at = now();
    const found = kept.get(key);
    if (found && found.until > at) return waitFor(found.answer, signal);
    makeRoom(at);
    const entry: Kept = { answer: ask(productId, dateFrom, dateTo), until: Number.POSITIVE_INFINITY };
    kept.set(key, entry);
    entry.answer.then(
      () => {
        entry.until = now() + KEEP_MS;
      },
      () => {
        if (kept.get(key) === entry) kept.delete(key);
      },
    );
    return waitFor(entry.answer, signal);
  }

  return {
    availability,
    async dayOffer(productId, date, signal) {
      const answer = await availability(productId, date, date, signal);
      return answer.days.find((day) => day.date === date)?.timeslots ?? [];
    },
  };
}
