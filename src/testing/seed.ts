/**
 * The fast-check seed of a run: fixed unless FC_SEED is set, and always printed so a failure
 * can be replayed with `FC_SEED=… npx vitest run src/core`.
 */
const fromEnv = Number(typeof process !== 'undefined' ? process.env.FC_SEED : undefined);

export function fcSeed(): number {
  const seed = Number.isInteger(fromEnv) ? fromEnv : 20210304;
  console.log('fast-check seed', seed);
  return seed;
}
