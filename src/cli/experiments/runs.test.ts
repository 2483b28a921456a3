/**
 * The per-epoch lines of `npm run experiment`: their steps per second follow the trainer's own
 * rule (docs/training-panel.md, "Steps/s"), as the panel and `npm run train` do: none until the
 * run has trained for half a second, never an epoch's steps over a clock too coarse to time it.
 */
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from './catalog';
import { epochLine } from './report';
import { type EpochLine, runSeed } from './runs';

const iris = EXPERIMENTS.find((e) => e.name === 'iris-simple');

describe('an experiment epoch by epoch', () => {
  it('gives a rate only once half a second of training lies behind it', async () => {
    if (!iris) throw new Error('no iris-simple experiment');
    const lines: { line: EpochLine; at: number }[] = [];
    const start = performance.now();
    const r = await runSeed(iris, 1, {
      engine: 'typed',
      epochs: 20,
      onEpoch: (line) => lines.push({ line, at: performance.now() - start }),
    });
    expect(r.steps).toBe(20 * 150);
    expect(lines.map((l) => l.line.epoch)).toEqual([...Array(20).keys()]);
    for (const { line, at } of lines) {
      // the rate needs ≥ 0.5 s of training time, which is never more than the time since the start
      if (line.stepsPerSecond !== null) expect(at).toBeGreaterThanOrEqual(500);
    }
  });

  it('prints a rate not yet known as a dash', () => {
    const running = { loss: 0.5, accuracy: 0.9, n: 150, confusion: null };
    const line = { epoch: 0, of: 400, running, test: null, stepsPerSecond: null };
    expect(epochLine(line)).toMatch(/ {2}— steps\/s$/);
    expect(epochLine({ ...line, stepsPerSecond: 66_945.4 })).toMatch(/ {2}66945 steps\/s$/);
  });
});
