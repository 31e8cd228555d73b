// Rows of the contracted inventory as the answers show them: amounts as numbers of the tenant's currency.
import { decimalAmount } from '../../../platform/money.js';
import type { HotelRow, MealPlanRow } from './inventory.repository.js';
import type { Hotel, MealPlan } from './inventory.schemas.js';

export function toHotel(row: HotelRow, currency: string): Hotel {
  return { ...row, fees: decimalAmount(row.fees, currency), marginValue: Number(row.marginValue) };
}

export function toMealPlan(row: MealPlanRow, currency: string): MealPlan {
  const plan = row.plan;
  if (plan !== 'RO' && plan !== 'BB' && plan !== 'HB' && plan !== 'FB' && plan !== 'AI') {
    throw new Error(`unknown meal plan ${plan}`);
  }
  return {
    ...row,
    plan,
    adultCost: row.adultCost === null ? null : decimalAmount(row.adultCost, currency),
    childCost: row.childCost === null ? null : decimalAmount(row.childCost, currency),
  };
}
