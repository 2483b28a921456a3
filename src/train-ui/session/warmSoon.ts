/**
 * The next run's worker loaded while the page idles (learn/trainerClient.ts, `warmTrainer`):
 * `delay` ms from now, then at the browser's next idle moment (at most 2 s later), so loading
 * it never competes with the first screen or a run's first steps.
 */
import { warmTrainer } from '../../learn/trainerClient';

/** Once the first screen is drawn: a Play pressed at once finds the worker's script on its way. */
export const AFTER_OPEN_MS = 0;
/** After a run took the spare: its own start and first points come first. */
export const AFTER_SPAWN_MS = 3000;

/** Schedules the warm-up; returns the function that cancels it. */
export function warmSoon(delay: number): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => warmTrainer(), { timeout: 2000 });
    else warmTrainer();
  }, delay);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
