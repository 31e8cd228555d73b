// Deterministic numbers for the simulated catalog: a 32-bit integer mix of up to four numeric parts (the ids, a day
// number, a salt), never Math.random, so every machine and run builds the same catalog. Not the flight simulator's
// SHA-256 seeding: the catalog draws a few hundred thousand numbers, and a digest (or an array of rest arguments)
// per draw would cost most of its build-time budget.

const mix = (h: number, part: number) => {
  let x = h ^ Math.imul(part | 0, 0xcc9e2d51) ^ Math.floor(part / 4294967296);
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
};

/** A uint32 from integer parts (murmur3's finaliser applied after each part). */
export const hash = (a: number, b: number, c = 0, d = 0): number => mix(mix(mix(mix(0x9e3779b9, a), b), c), d) >>> 0;

/** In [0, 1). */
export const unit = (a: number, b: number, c = 0, d = 0) => hash(a, b, c, d) / 4294967296;

/** An integer in [min, max]. */
export const intIn = (min: number, max: number, a: number, b: number, c = 0, d = 0) =>
  min + Math.floor(unit(a, b, c, d) * (max - min + 1));

export const pickOf = <T>(items: readonly T[], a: number, b: number, c = 0): T =>
  items[hash(a, b, c) % items.length] as T;

/** `count` distinct items in a deterministic order (a seeded partial shuffle). */
export function sampleOf<T>(items: readonly T[], count: number, a: number, b: number): T[] {
  const pool = [...items];
  const taken: T[] = [];
  for (let i = 0; i < count && pool.length > 0; i += 1) {
    taken.push(pool.splice(hash(a, b, i, 1) % pool.length, 1)[0] as T);
  }
  return taken;
}
