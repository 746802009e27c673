/** Deterministic randomness of the simulator: every draw is a pure function of the seed and a label. */
import { Prng, hashString } from '../db/prng';

/** An independent stream for (seed, parts…): the same inputs always give the same numbers. */
export function streamOf(seed: number, ...parts: (string | number)[]): Prng {
  return new Prng(hashString(`${seed}:${parts.join(':')}`));
}

/** One number in [0, 1) for (seed, parts…). */
export function unit(seed: number, ...parts: (string | number)[]): number {
  return streamOf(seed, ...parts).next();
}
