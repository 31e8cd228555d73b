// Tolerant readers of Amadeus's JSON: a field of the wrong type counts as absent, so an answer missing optional
// fields or carrying fields this code has never heard of maps all the same (the mapping decides what it cannot
// do without).

export type Json = Record<string, unknown>;

export function record(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** An array's elements, or none. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-empty string (a number is written as one), or undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** A whole number ≥ 0 (also from its digits as a string), or undefined. */
export function count(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : undefined;
}

/** A decimal amount as Amadeus writes it ("342.20"); a JSON number is turned into its digits. Else undefined. */
export function decimal(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? trimmed : undefined;
}

/** The strings of an array (others skipped). */
export function texts(value: unknown): string[] {
  return list(value)
    .map(text)
    .filter((item): item is string => item !== undefined);
}
