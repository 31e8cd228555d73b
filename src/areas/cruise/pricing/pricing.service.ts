// Cruise pricing use cases (contract §8.3): an itinerary's cabin price and other-charge templates, a sailing's own
// cabin and other charges (copied from the templates by generateSkeleton, editable per sailing), the tenant's
// exchange rates. Prices keep at most their currency's decimals; a cabin priced for an itinerary or a sailing is one
// of that ship's; a sailing's charges change while it is Draft or Active, and a charge a live booking uses stays.
import { PgCode, pgErrorCode, type Queryable } from '../../../platform/database/connections.js';
import { ApiError, ErrorCode, invalidFormat, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { decimalAmount, fromMinor, minorToDecimalString, toMinor } from '../../../platform/money.js';
import * as repo from './pricing.repository.js';
import type {
  CabinCharge,
  CabinPriceTemplate,
  ExchangeRate,
  ListExchangeRates,
  OtherCharge,
  OtherChargeTemplate,
  WriteCabinCharge,
  WriteCabinPriceTemplate,
  WriteExchangeRate,
  WriteOtherCharge,
  WriteOtherChargeTemplate,
} from './pricing.schemas.js';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** The price as exact decimal text; INVALID_FORMAT naming `price` when it has more decimals than its currency. */
export function exactPrice(price: number, currency: string): string {
  const minor = toMinor(price, currency);
  if (fromMinor(minor, currency) !== price) {
    throw invalidFormat('price', `must have at most the decimals of ${currency}`);
  }
  return minorToDecimalString(minor, currency);
}

/** The rate as decimal text with 8 decimals; INVALID_FORMAT naming `rate` when it has more. */
function exactRate(rate: number): string {
  const text = rate.toFixed(8);
  if (Number(text) !== rate) throw invalidFormat('rate', 'must have at most 8 decimals');
  return text;
}

/** A unique violation answered as DUPLICATE naming what is taken; anything else goes on. */
async function unique<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === PgCode.uniqueViolation)
      throw new ApiError(ErrorCode.DUPLICATE, `${what} exists already`);
    throw error;
  }
}

const cabinView = (row: repo.CabinPriceRow) => ({
  shipCabinId: row.ship_cabin_id,
  cabinCode: row.cabin_code,
  cabinName: row.cabin_name,
  cabinTypeId: row.cabin_type_id,
  capacity: row.capacity,
  price: decimalAmount(row.price, row.currency),
  currency: row.currency,
  available: row.available,
});
const toCabinTemplate = (row: repo.CabinPriceRow): CabinPriceTemplate => ({
  cabinPriceTemplateId: row.id,
  itineraryId: row.owner_id,
  ...cabinView(row),
});
const toCabinCharge = (row: repo.CabinPriceRow): CabinCharge => ({
  cabinChargeId: row.id,
  cruiseId: row.owner_id,
  ...cabinView(row),
  booked: row.booked,
});
const chargeView = (row: repo.OtherChargeRow) => ({
  chargeTypeId: row.charge_type_id,
  chargeTypeCode: row.charge_type_code,
  chargeTypeName: row.charge_type_name,
  price: decimalAmount(row.price, row.currency),
  currency: row.currency,
  perPerson: row.per_person,
  mandatory: row.mandatory,
});
const toChargeTemplate = (row: repo.OtherChargeRow): OtherChargeTemplate => ({
  otherChargeTemplateId: row.id,
  itineraryId: row.owner_id,
  ...chargeView(row),
});
const toOtherCharge = (row: repo.OtherChargeRow): OtherCharge => ({
  otherChargeId: row.id,
  cruiseId: row.owner_id,
  ...chargeView(row),
});
const toRate = (row: repo.ExchangeRateRow): ExchangeRate => ({
  exchangeRateId: row.exchange_rate_id,
  fromCurrency: row.from_currency,
  toCurrency: row.to_currency,
  rate: Number(row.rate),
  validFrom: row.valid_from,
});

/** The ship whose cabins the owner prices: the itinerary's, or the sailing's (changeable only Draft or Active). */
async function shipOf(db: Queryable, table: repo.PriceTable, ownerId: number): Promise<number> {
  if (table === 'template') {
    const shipId = await repo.itineraryShip(db, ownerId);
    if (shipId === undefined) throw notFound('Itinerary');
    return shipId;
  }
  const cruise = await repo.cruiseShip(db, ownerId);
  if (!cruise) throw notFound('Cruise');
  if (cruise.status !== 'Draft' && cruise.status !== 'Active') {
    throw refused(`Cruise ${ownerId} is ${cruise.status}: its prices no longer change`);
  }
  return cruise.ship_id;
}

async function checkCabin(db: Queryable, shipId: number, shipCabinId: number): Promise<void> {
  const cabin = await repo.cabinShip(db, shipCabinId);
  if (!cabin) throw notFound('Ship cabin');
  if (cabin.ship_id !== shipId) throw refused(`Cabin ${cabin.cabin_code} is not a cabin of ship ${shipId}`);
}

async function checkChargeType(db: Queryable, chargeTypeId: number): Promise<void> {
  if (!(await repo.chargeTypeExists(db, chargeTypeId))) throw notFound('Charge type');
}

type CabinInput = { shipCabinId: number; price: number; currency: string; available?: boolean };
type ChargeInput = { chargeTypeId: number; price: number; currency: string; perPerson?: boolean; mandatory?: boolean };

async function writeCabinPrice(
  ctx: TenantContext,
  table: repo.PriceTable,
  target: { id: number | undefined; ownerId: number },
  input: CabinInput,
): Promise<repo.CabinPriceRow> {
  const currency = input.currency.toUpperCase();
  const price = exactPrice(input.price, currency);
  const shipId = await shipOf(ctx.db, table, target.ownerId);
  await checkCabin(ctx.db, shipId, input.shipCabinId);
  const values = { ownerId: target.ownerId, shipCabinId: input.shipCabinId, price, currency, now: ctx.now };
  const saved = await unique(`A price of cabin ${input.shipCabinId} here`, () =>
    repo.saveCabinPrice(ctx.db, table, target.id, { ...values, available: input.available ?? true }),
  );
  const row = saved === undefined ? undefined : await repo.findCabinPrice(ctx.db, table, saved);
  if (!row) throw notFound(table === 'template' ? 'Cabin price template' : 'Cabin charge');
  return row;
}

async function writeOtherCharge(
  ctx: TenantContext,
  table: repo.PriceTable,
  target: { id: number | undefined; ownerId: number },
  input: ChargeInput,
): Promise<repo.OtherChargeRow> {
  const currency = input.currency.toUpperCase();
  const price = exactPrice(input.price, currency);
  await shipOf(ctx.db, table, target.ownerId);
  await checkChargeType(ctx.db, input.chargeTypeId);
  // An update keeps the flags its request leaves out, as the area's other writes do.
  const existing = target.id === undefined ? undefined : await repo.findOtherCharge(ctx.db, table, target.id);
  const values = {
    ownerId: target.ownerId,
    chargeTypeId: input.chargeTypeId,
    price,
    currency,
    perPerson: input.perPerson ?? existing?.per_person ?? false,
    mandatory: input.mandatory ?? existing?.mandatory ?? false,
    now: ctx.now,
  };
  const saved = await unique(`A charge of type ${input.chargeTypeId} here`, () =>
    repo.saveOtherCharge(ctx.db, table, target.id, values),
  );
  const row = saved === undefined ? undefined : await repo.findOtherCharge(ctx.db, table, saved);
  if (!row) throw notFound(table === 'template' ? 'Other charge template' : 'Other charge');
  return row;
}

/** One priced kind as its list, read and delete need it: the table it lives in, its rows, its view, its NOTFOUND name. */
interface PricedKind<Row extends { owner_id: number }, View> {
  table: repo.PriceTable;
  label: string;
  list(db: Queryable, table: repo.PriceTable, ownerId: number): Promise<Row[]>;
  find(db: Queryable, table: repo.PriceTable, id: number): Promise<Row | undefined>;
  remove(db: Queryable, table: repo.PriceTable, id: number): Promise<boolean>;
  view(row: Row): View;
}

const cabinRows = { list: repo.listCabinPrices, find: repo.findCabinPrice, remove: repo.deleteCabinPrice };
const chargeRows = { list: repo.listOtherCharges, find: repo.findOtherCharge, remove: repo.deleteOtherCharge };
const pricedKind = <Row extends { owner_id: number }, View>(
  table: repo.PriceTable,
  label: string,
  rows: Pick<PricedKind<Row, View>, 'list' | 'find' | 'remove'>,
  view: (row: Row) => View,
): PricedKind<Row, View> => ({ ...rows, table, label, view });
const cabinTemplates = pricedKind('template', 'Cabin price template', cabinRows, toCabinTemplate);
const chargeTemplates = pricedKind('template', 'Other charge template', chargeRows, toChargeTemplate);
const cabinCharges = pricedKind('sailing', 'Cabin charge', cabinRows, toCabinCharge);
const otherCharges = pricedKind('sailing', 'Other charge', chargeRows, toOtherCharge);

/** A list names its owner: NOTFOUND when the itinerary or the sailing does not exist (whatever the sailing's status). */
async function listPriced<Row extends { owner_id: number }, View>(
  ctx: TenantContext,
  kind: PricedKind<Row, View>,
  ownerId: number,
): Promise<View[]> {
  if (kind.table === 'template') {
    if ((await repo.itineraryShip(ctx.db, ownerId)) === undefined) throw notFound('Itinerary');
  } else if (!(await repo.cruiseShip(ctx.db, ownerId))) {
    throw notFound('Cruise');
  }
  return (await kind.list(ctx.db, kind.table, ownerId)).map(kind.view);
}

async function findPriced<Row extends { owner_id: number }, View>(
  ctx: TenantContext,
  kind: PricedKind<Row, View>,
  id: number,
): Promise<Row> {
  const row = await kind.find(ctx.db, kind.table, id);
  if (!row) throw notFound(kind.label);
  return row;
}

async function deletePriced<Row extends { owner_id: number }, View>(
  ctx: TenantContext,
  kind: PricedKind<Row, View>,
  id: number,
): Promise<boolean> {
  if (!(await kind.remove(ctx.db, kind.table, id))) throw notFound(kind.label);
  return true;
}

/**
 * A sailing's charge goes only while its sailing still changes (Draft or Active) and no live booking uses it:
 * `heldBy` answers the refusal's message when one does.
 */
async function deleteUnheld<Row extends { owner_id: number }, View>(
  ctx: TenantContext,
  kind: PricedKind<Row, View>,
  id: number,
  heldBy: (row: Row) => Promise<string | undefined>,
): Promise<boolean> {
  const row = await findPriced(ctx, kind, id);
  await shipOf(ctx.db, kind.table, row.owner_id);
  const holder = await heldBy(row);
  if (holder !== undefined) throw refused(holder);
  return deletePriced(ctx, kind, id);
}

export function createPricingService() {
  return {
    listCabinTemplates: (ctx: TenantContext, itineraryId: number): Promise<CabinPriceTemplate[]> =>
      listPriced(ctx, cabinTemplates, itineraryId),
    async readCabinTemplate(ctx: TenantContext, id: number): Promise<CabinPriceTemplate> {
      return toCabinTemplate(await findPriced(ctx, cabinTemplates, id));
    },
    async writeCabinTemplate(ctx: TenantContext, input: WriteCabinPriceTemplate): Promise<CabinPriceTemplate> {
      const target = { id: input.cabinPriceTemplateId, ownerId: input.itineraryId };
      return toCabinTemplate(await writeCabinPrice(ctx, 'template', target, input));
    },
    deleteCabinTemplate: (ctx: TenantContext, id: number): Promise<boolean> => deletePriced(ctx, cabinTemplates, id),
    async initializeCabinTemplates(ctx: TenantContext, itineraryId: number): Promise<CabinPriceTemplate[]> {
      if ((await repo.itineraryShip(ctx.db, itineraryId)) === undefined) throw notFound('Itinerary');
      // Not available until priced: a sailing made from them sells nothing at 0 (as generateSkeleton's unpriced cabins).
      await repo.initializeCabinTemplates(ctx.db, itineraryId, ctx.tenant.currency.toUpperCase(), ctx.now);
      return (await repo.listCabinPrices(ctx.db, 'template', itineraryId)).map(toCabinTemplate);
    },

    listChargeTemplates: (ctx: TenantContext, itineraryId: number): Promise<OtherChargeTemplate[]> =>
      listPriced(ctx, chargeTemplates, itineraryId),
    async readChargeTemplate(ctx: TenantContext, id: number): Promise<OtherChargeTemplate> {
      return toChargeTemplate(await findPriced(ctx, chargeTemplates, id));
    },
    async writeChargeTemplate(ctx: TenantContext, input: WriteOtherChargeTemplate): Promise<OtherChargeTemplate> {
      const target = { id: input.otherChargeTemplateId, ownerId: input.itineraryId };
      return toChargeTemplate(await writeOtherCharge(ctx, 'template', target, input));
    },
    deleteChargeTemplate: (ctx: TenantContext, id: number): Promise<boolean> => deletePriced(ctx, chargeTemplates, id),

    ...sailingCharges(),
    ...exchangeRates(),
  };
}

function sailingCharges() {
  return {
    listCabinCharges: (ctx: TenantContext, cruiseId: number): Promise<CabinCharge[]> =>
      listPriced(ctx, cabinCharges, cruiseId),
    async readCabinCharge(ctx: TenantContext, id: number): Promise<CabinCharge> {
      return toCabinCharge(await findPriced(ctx, cabinCharges, id));
    },
    async writeCabinCharge(ctx: TenantContext, input: WriteCabinCharge): Promise<CabinCharge> {
      const target = { id: input.cabinChargeId, ownerId: input.cruiseId };
      return toCabinCharge(await writeCabinPrice(ctx, 'sailing', target, input));
    },
    deleteCabinCharge: (ctx: TenantContext, id: number): Promise<boolean> =>
      deleteUnheld(ctx, cabinCharges, id, async (row) => {
        const booking = await repo.activeBookingOfCabin(ctx.db, row.owner_id, row.ship_cabin_id);
        return booking === undefined ? undefined : `Cruise booking ${booking} holds cabin ${row.cabin_code}`;
      }),

    listOtherCharges: (ctx: TenantContext, cruiseId: number): Promise<OtherCharge[]> =>
      listPriced(ctx, otherCharges, cruiseId),
    async readOtherCharge(ctx: TenantContext, id: number): Promise<OtherCharge> {
      return toOtherCharge(await findPriced(ctx, otherCharges, id));
    },
    async writeOtherCharge(ctx: TenantContext, input: WriteOtherCharge): Promise<OtherCharge> {
      const target = { id: input.otherChargeId, ownerId: input.cruiseId };
      return toOtherCharge(await writeOtherCharge(ctx, 'sailing', target, input));
    },
    deleteOtherCharge: (ctx: TenantContext, id: number): Promise<boolean> =>
      deleteUnheld(ctx, otherCharges, id, async (row) => {
        const booking = await repo.activeBookingWithAddOn(ctx.db, row.owner_id, row.charge_type_id);
        return booking === undefined ? undefined : `Cruise booking ${booking} has ${row.charge_type_code} as an add-on`;
      }),
  };
}

function exchangeRates() {
  return {
    async listRates(ctx: TenantContext, input: ListExchangeRates): Promise<ExchangeRate[]> {
      const filter = {
        from: input.fromCurrency?.toUpperCase() ?? null,
        to: input.toCurrency?.toUpperCase() ?? null,
        onDate: input.onDate ?? null,
      };
      return (await repo.listRates(ctx.db, filter)).map(toRate);
    },
    async readRate(ctx: TenantContext, id: number): Promise<ExchangeRate> {
      const row = await repo.findRate(ctx.db, id);
      if (!row) throw notFound('Exchange rate');
      return toRate(row);
    },
    async writeRate(ctx: TenantContext, input: WriteExchangeRate): Promise<ExchangeRate> {
      const from = input.fromCurrency.toUpperCase();
      const to = input.toCurrency.toUpperCase();
      if (from === to) throw invalidFormat('toCurrency', 'must differ from fromCurrency');
      const values = { from, to, rate: exactRate(input.rate), validFrom: input.validFrom, now: ctx.now };
      const id = await unique(`A rate ${from}→${to} from ${input.validFrom}`, () =>
        repo.saveRate(ctx.db, input.exchangeRateId, values),
      );
      const row = id === undefined ? undefined : await repo.findRate(ctx.db, id);
      if (!row) throw notFound('Exchange rate');
      return toRate(row);
    },
    async deleteRate(ctx: TenantContext, id: number): Promise<boolean> {
      if (!(await repo.deleteRate(ctx.db, id))) throw notFound('Exchange rate');
      return true;
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
