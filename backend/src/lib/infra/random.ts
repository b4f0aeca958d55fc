/**
 * A small deterministic random generator (mulberry32 over a string hash): the same seed always
 * gives the same sequence. For demo data and generated artwork, never for anything secret.
 */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, below). */
  int(below: number): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  /** One of the items. */
  pick<T>(items: readonly T[]): T;
}

export function seededRandom(seed: string): SeededRandom {
  let state = 0;
  for (const ch of seed) state = (Math.imul(state, 31) + ch.charCodeAt(0)) | 0;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    pick: (items) => items[int(items.length)]!,
  };
}
