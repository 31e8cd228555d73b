// Deterministic randomness and the clock arithmetic of the simulator: a PRNG seeded from a hash of its key
// (node:crypto, never Math.random), great-circle distances, and local times in an airport's time zone.
import { createHash } from 'node:crypto';
import { addDays, formatDateTime, localToInstant } from '../../../platform/time.js';
import type { Airport } from './data.js';

export interface Random {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** sfc32 seeded with the first 16 bytes of the SHA-256 of the key: the same key gives the same sequence. */
export function seededRandom(key: string): Random {
  const digest = createHash('sha256').update(key).digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
  };
}

/** Great-circle distance in kilometres. */
export function distanceKm(from: Airport, to: Airport): number {
  const rad = Math.PI / 180;
  const dLat = (to.latitude - from.latitude) * rad;
  const dLon = (to.longitude - from.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Block time in minutes: cruise at 830 km/h plus 30 minutes of taxi, climb and descent, 4% longer westbound
 * (against the jet stream), rounded to 5 minutes.
 */
export function blockMinutes(from: Airport, to: Airport): number {
  const westbound = ((to.longitude - from.longitude + 540) % 360) - 180 < 0;
  const minutes = (distanceKm(from, to) / 830) * 60 * (westbound ? 1.04 : 0.97) + 30;
  return Math.max(40, Math.round(minutes / 5) * 5);
}

/** The local wall-clock time of an instant in a zone, as ISO 8601 without offset (2026-12-01T08:35:00). */
export function localIso(epochMs: number, timeZone: string): string {
  return formatDateTime(new Date(epochMs), timeZone);
}

/** The instant of a local wall-clock time (yyyy-MM-dd plus minutes after midnight) in a zone. */
export function instantOf(date: string, minuteOfDay: number, timeZone: string): number {
  const day = addDays(date, Math.floor(minuteOfDay / 1440));
  const minutes = minuteOfDay % 1440;
  const local = `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const instant = localToInstant(local, timeZone);
  if (!instant) throw new Error(`not a local time: ${local}`);
  return instant.getTime();
}

/** ISO 8601 duration of minutes: PT7H5M. */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

export { addDays };
