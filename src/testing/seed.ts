/**
 * The seed of a randomised test file (fast-check properties and fuzzers): a fresh one each run,
 * so the runs together explore more than one fixed seed could, unless FC_SEED is set. It is
 * always printed, so a failure replays with `FC_SEED=… npx vitest run <file>`.
 */
const fromEnv = Number(typeof process !== 'undefined' ? process.env.FC_SEED : undefined);

/** `what` names the seed in the printed line, e.g. 'fuzz' for a file's fuzzer. */
export function fcSeed(what = 'fast-check'): number {
  const seed = Number.isInteger(fromEnv) ? fromEnv : Math.floor(Math.random() * 2 ** 31);
  console.log(`${what} seed ${seed} (replay with FC_SEED=${seed})`);
  return seed;
}
