// Sales tax of one line, in integer minor units. The rate has at most two decimals (5, 5.25), so it is held as
// hundredths of a percent and every step is integer arithmetic in BigInt: no binary fractions, no overflow for
// any amount a line can hold. Tax is rounded per line, half away from zero, as a tax invoice shows it per line.

export interface TaxPolicy {
  /** Decimal text with at most two decimals, 0 to 100 (e.g. '5' or '5.25'). */
  ratePercent: string;
  /** The agency's tax registration number (TRN), printed on tax invoices; null when not registered. */
  registrationNumber: string | null;
  /** Whether entered prices already include the tax (then the tax is taken out of them, not added). */
  pricesIncludeTax: boolean;
}

export interface LineTax {
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
}

const HUNDRED_PERCENT = 10_000n; // in hundredths of a percent

/** The rate in hundredths of a percent ('5.25' → 525); throws on text that is not such a rate. */
export function rateInBasisPoints(ratePercent: string): bigint {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(ratePercent.trim());
  if (!match) throw new Error(`not a tax rate: ${ratePercent}`);
  const points = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (points > HUNDRED_PERCENT) throw new Error(`tax rate over 100 %: ${ratePercent}`);
  return points;
}

/** numerator / denominator (denominator > 0) rounded half away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return numerator < 0n ? -rounded : rounded;
}

/**
 * The tax of a line whose amount is `amountMinor` as entered: the gross when the policy's prices include tax,
 * else the net. An exempt line (or a zero rate) carries no tax.
 */
export function lineTax(amountMinor: number, policy: TaxPolicy, exempt: boolean): LineTax {
  const amount = BigInt(amountMinor);
  const points = exempt ? 0n : rateInBasisPoints(policy.ratePercent);
  if (policy.pricesIncludeTax) {
    const tax = divideRounded(amount * points, HUNDRED_PERCENT + points);
    return { netMinor: Number(amount - tax), taxMinor: Number(tax), grossMinor: amountMinor };
  }
  const tax = divideRounded(amount * points, HUNDRED_PERCENT);
  return { netMinor: amountMinor, taxMinor: Number(tax), grossMinor: Number(amount + tax) };
}

/** The sum of lines, as the document's totals (each line already rounded). */
export function sumLineTaxes(lines: readonly LineTax[]): LineTax {
  return lines.reduce(
    (sum, line) => ({
      netMinor: sum.netMinor + line.netMinor,
      taxMinor: sum.taxMinor + line.taxMinor,
      grossMinor: sum.grossMinor + line.grossMinor,
    }),
    { netMinor: 0, taxMinor: 0, grossMinor: 0 },
  );
}
