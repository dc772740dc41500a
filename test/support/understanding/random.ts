/**
 * A small seeded generator (mulberry32), so a seed fixes every case. Each template draws from a
 * generator of its own, seeded from the run's seed and its id: adding or changing a template
 * leaves every other template's cases as they were.
 */
import type { Gen } from './types.js';

/** FNV-1a of the text, mixed with the run's seed. */
export function seedFor(seed: number, key: string): number {
  let hash = 2166136261 ^ seed;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

export function createGen(seed: number): Gen {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p) => next() < p,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
  };
}
