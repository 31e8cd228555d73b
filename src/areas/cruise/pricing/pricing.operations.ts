// /cruise/cabinpricetemplate/*, /cruise/otherchargetemplate/*, /cruise/cabincharge/*, /cruise/othercharge/*,
// /cruise/exchangerate/*: cruise pricing for employees (contract §3: /cruise/*; §8.3 names them).
import { Type } from '@sinclair/typebox';
import { Allow } from '../../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import type { PricingService } from './pricing.service.js';
import {
  CabinCharge,
  CabinChargeIdRequest,
  CabinPriceTemplate,
  CabinPriceTemplateIdRequest,
  CruiseIdRequest,
  ExchangeRate,
  ExchangeRateIdRequest,
  ItineraryIdRequest,
  ListExchangeRates,
  OtherCharge,
  OtherChargeIdRequest,
  OtherChargeTemplate,
  OtherChargeTemplateIdRequest,
  WriteCabinCharge,
  WriteCabinPriceTemplate,
  WriteExchangeRate,
  WriteOtherCharge,
  WriteOtherChargeTemplate,
} from './pricing.schemas.js';

const employees = {
  allow: Allow.employees,
  tags: ['cruise'],
  methods: ['POST'],
  sessionParameter: 'optional',
} as const;
const Deleted = Type.Boolean({ description: 'true' });
const PRICE_RULE =
  "price: at most the currency's decimals (INVALID_FORMAT naming price); currency: ISO 4217, stored upper case.";
const SAILING_RULE =
  "A sailing's charges change only while it is Draft or Active (else INVALID_STATE); they are its own copies of " +
  "the itinerary's templates (cruise/write with generateSkeleton), so a change here leaves the templates alone.";

function cabinTemplates(pricing: PricingService): OperationDeclaration[] {
  return [
    operation({
      ...employees,
      path: '/cruise/cabinpricetemplate/list',
      summary: "An itinerary's cabin price templates, by cabin code",
      description: 'Unknown itinerary: NOTFOUND.',
      input: ItineraryIdRequest,
      response: Type.Array(CabinPriceTemplate),
      handler: (ctx, input) => pricing.listCabinTemplates(ctx, input.itineraryId),
    }),
    operation({
      ...employees,
      path: '/cruise/cabinpricetemplate/read',
      summary: 'One cabin price template',
      input: CabinPriceTemplateIdRequest,
      response: CabinPriceTemplate,
      handler: (ctx, input) => pricing.readCabinTemplate(ctx, input.cabinPriceTemplateId),
    }),
    operation({
      ...employees,
      path: '/cruise/cabinpricetemplate/write',
      summary: 'Create or change the price of a ship cabin on an itinerary (per cabin, not per person)',
      description:
        `${PRICE_RULE} The cabin must be one of the itinerary's ship (else INVALID_STATE); unknown itinerary, ` +
        'cabin or template: NOTFOUND; a second template of the same cabin on the itinerary: DUPLICATE. ' +
        'available defaults to true (writing a price offers the cabin; false withdraws it).',
      input: WriteCabinPriceTemplate,
      response: CabinPriceTemplate,
      handler: (ctx, input) => pricing.writeCabinTemplate(ctx, input),
    }),
    operation({
      ...employees,
      path: '/cruise/cabinpricetemplate/delete',
      summary: 'Delete a cabin price template (sailings made from it keep their own charges)',
      input: CabinPriceTemplateIdRequest,
      response: Deleted,
      handler: (ctx, input) => pricing.deleteCabinTemplate(ctx, input.cabinPriceTemplateId),
    }),
    operation({
      ...employees,
      path: '/cruise/cabinpricetemplate/initialize',
      summary: "A zero-priced template for each cabin of the itinerary's ship that has none → all its templates",
      description:
        "Each new template: price 0 in the tenant's currency, not available (a sailing sells nothing at 0 until " +
        'priced: write its price, available defaults to true). Existing templates are left as they are, ' +
        'so calling it again adds only cabins added to the ship since. Unknown itinerary: NOTFOUND.',
      input: ItineraryIdRequest,
      response: Type.Array(CabinPriceTemplate),
      handler: (ctx, input) => pricing.initializeCabinTemplates(ctx, input.itineraryId),
    }),
  ];
}

function chargeTemplates(pricing: PricingService): OperationDeclaration[] {
  return [
    operation({
      ...employees,
      path: '/cruise/otherchargetemplate/list',
      summary: "An itinerary's other-charge templates (port fees, gratuities, drinks packages …), by charge type code",
      input: ItineraryIdRequest,
      response: Type.Array(OtherChargeTemplate),
      handler: (ctx, input) => pricing.listChargeTemplates(ctx, input.itineraryId),
    }),
    operation({
      ...employees,
      path: '/cruise/otherchargetemplate/read',
      summary: 'One other-charge template',
      input: OtherChargeTemplateIdRequest,
      response: OtherChargeTemplate,
      handler: (ctx, input) => pricing.readChargeTemplate(ctx, input.otherChargeTemplateId),
    }),
    operation({
      ...employees,
      path: '/cruise/otherchargetemplate/write',
      summary: 'Create or change an itinerary’s charge of a charge type: price, currency, perPerson, mandatory',
      description:
        `${PRICE_RULE} A mandatory charge is part of every booking (per passenger when perPerson, else once); ` +
        'one that is not is an add-on a booking may choose (price × quantity); an update keeps the flags it leaves ' +
        'out (new: false). Unknown itinerary, charge type or ' +
        'template: NOTFOUND; a second template of the charge type on the itinerary: DUPLICATE.',
      input: WriteOtherChargeTemplate,
      response: OtherChargeTemplate,
      handler: (ctx, input) => pricing.writeChargeTemplate(ctx, input),
    }),
    operation({
      ...employees,
      path: '/cruise/otherchargetemplate/delete',
      summary: 'Delete an other-charge template',
      input: OtherChargeTemplateIdRequest,
      response: Deleted,
      handler: (ctx, input) => pricing.deleteChargeTemplate(ctx, input.otherChargeTemplateId),
    }),
  ];
}

function cabinCharges(pricing: PricingService): OperationDeclaration[] {
  return [
    operation({
      ...employees,
      path: '/cruise/cabincharge/list',
      summary: "A sailing's cabin prices, by cabin code, with whether a booking holds the cabin",
      input: CruiseIdRequest,
      response: Type.Array(CabinCharge),
      handler: (ctx, input) => pricing.listCabinCharges(ctx, input.cruiseId),
    }),
    operation({
      ...employees,
      path: '/cruise/cabincharge/read',
      summary: 'One cabin charge of a sailing',
      input: CabinChargeIdRequest,
      response: CabinCharge,
      handler: (ctx, input) => pricing.readCabinCharge(ctx, input.cabinChargeId),
    }),
    operation({
      ...employees,
      path: '/cruise/cabincharge/write',
      summary: 'Create or change the price and availability of a cabin on a sailing',
      description:
        `${PRICE_RULE} ${SAILING_RULE} The cabin must be one of the sailing's ship (else INVALID_STATE). Unknown ` +
        'sailing, cabin or charge: NOTFOUND; a second charge of the cabin on the sailing: DUPLICATE.',
      input: WriteCabinCharge,
      response: CabinCharge,
      handler: (ctx, input) => pricing.writeCabinCharge(ctx, input),
    }),
    operation({
      ...employees,
      path: '/cruise/cabincharge/delete',
      summary: "Delete a cabin's charge on a sailing (the cabin is no longer sold on it)",
      description: `${SAILING_RULE} A cabin a booking (not cancelled) holds: INVALID_STATE naming the booking.`,
      input: CabinChargeIdRequest,
      response: Deleted,
      handler: (ctx, input) => pricing.deleteCabinCharge(ctx, input.cabinChargeId),
    }),
  ];
}

function otherCharges(pricing: PricingService): OperationDeclaration[] {
  return [
    operation({
      ...employees,
      path: '/cruise/othercharge/list',
      summary: "A sailing's other charges, by charge type code",
      input: CruiseIdRequest,
      response: Type.Array(OtherCharge),
      handler: (ctx, input) => pricing.listOtherCharges(ctx, input.cruiseId),
    }),
    operation({
      ...employees,
      path: '/cruise/othercharge/read',
      summary: 'One other charge of a sailing',
      input: OtherChargeIdRequest,
      response: OtherCharge,
      handler: (ctx, input) => pricing.readOtherCharge(ctx, input.otherChargeId),
    }),
    operation({
      ...employees,
      path: '/cruise/othercharge/write',
      summary: 'Create or change a charge of a sailing: price, currency, perPerson, mandatory',
      description:
        `${PRICE_RULE} ${SAILING_RULE} Unknown sailing, charge type or charge: NOTFOUND; a second charge of the ` +
        'type on the sailing: DUPLICATE.',
      input: WriteOtherCharge,
      response: OtherCharge,
      handler: (ctx, input) => pricing.writeOtherCharge(ctx, input),
    }),
    operation({
      ...employees,
      path: '/cruise/othercharge/delete',
      summary: 'Delete a charge of a sailing',
      description: `${SAILING_RULE} A charge a booking (not cancelled) has as an add-on: INVALID_STATE naming it.`,
      input: OtherChargeIdRequest,
      response: Deleted,
      handler: (ctx, input) => pricing.deleteOtherCharge(ctx, input.otherChargeId),
    }),
  ];
}

function exchangeRates(pricing: PricingService): OperationDeclaration[] {
  return [
    operation({
      ...employees,
      path: '/cruise/exchangerate/list',
      summary: "The tenant's exchange rates by pair, newest validFrom first; onDate: the one in force per pair",
      description: 'The rate in force on a date is the pair’s newest validFrom not after it.',
      input: ListExchangeRates,
      response: Type.Array(ExchangeRate),
      handler: (ctx, input) => pricing.listRates(ctx, input),
    }),
    operation({
      ...employees,
      path: '/cruise/exchangerate/read',
      summary: 'One exchange rate',
      input: ExchangeRateIdRequest,
      response: ExchangeRate,
      handler: (ctx, input) => pricing.readRate(ctx, input.exchangeRateId),
    }),
    operation({
      ...employees,
      path: '/cruise/exchangerate/write',
      summary: 'Create or change a rate: 1 fromCurrency = rate toCurrency from validFrom on',
      description:
        'rate > 0 with at most 8 decimals; the two currencies differ (else INVALID_FORMAT naming toCurrency); ' +
        'a second rate of the pair from the same date: DUPLICATE. Cruise bookings convert with the rate from the ' +
        "charge's currency to the tenant's in force on the day of the calculation; trip planning reads them too.",
      input: WriteExchangeRate,
      response: ExchangeRate,
      handler: (ctx, input) => pricing.writeRate(ctx, input),
    }),
    operation({
      ...employees,
      path: '/cruise/exchangerate/delete',
      summary: 'Delete an exchange rate',
      input: ExchangeRateIdRequest,
      response: Deleted,
      handler: (ctx, input) => pricing.deleteRate(ctx, input.exchangeRateId),
    }),
  ];
}

export function pricingOperations(pricing: PricingService): OperationDeclaration[] {
  return [
    ...cabinTemplates(pricing),
    ...chargeTemplates(pricing),
    ...cabinCharges(pricing),
    ...otherCharges(pricing),
    ...exchangeRates(pricing),
  ];
}
