/** Rows of whole runs: seconds for the full run, measured or extrapolated linearly from fewer epochs. */
import { IRIS_EXAMPLE, type RunTiming } from './irisRun';
import type { BenchRow } from './table';

export type TimedRow = BenchRow & { readonly label: string; readonly seconds: number };

export function runRow(
  suite: string,
  label: string,
  r: RunTiming,
  full: number,
  extra: string,
  memory?: string,
): TimedRow {
  // A peer timed epoch by epoch is extrapolated from its fastest epoch: the least disturbed by
  // whatever else shares the machine, so the comparison errs in the peer's favour.
  const perEpoch = r.epochSeconds?.length ? Math.min(...r.epochSeconds) : r.seconds / r.epochs;
  const seconds = r.epochs === full ? r.seconds : perEpoch * full;
  const rate = Math.round(r.steps / r.seconds);
  const how =
    r.epochs === full
      ? `${r.steps} steps measured`
      : `${r.epochs} epochs (${r.steps} steps) measured in ${r.seconds.toFixed(2)} s; ${r.epochSeconds?.length ? 'fastest epoch' : 'mean epoch'} × ${full}, extrapolated linearly`;
  return {
    suite,
    name: `${IRIS_EXAMPLE} ${full} epochs ${label}`,
    label,
    seconds,
    value: seconds,
    unit: 's',
    ...(memory !== undefined ? { memory } : {}),
    note: [how, `${rate} steps/s`, extra].filter(Boolean).join('; '),
  };
}
