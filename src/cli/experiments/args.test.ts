import { describe, expect, it } from 'vitest';
import { parseExperimentArgs } from './args';
import { EXPERIMENTS, experimentNames } from './catalog';
import { tally } from './report';
import type { SeedResult } from './runs';

const parse = (argv: string[]) => parseExperimentArgs(argv, experimentNames);

describe('experiment arguments', () => {
  it('reads a name and its options, in either form', () => {
    expect(parse(['iris-hidden', '--seeds', '3', '--engine=tfjs-wasm', '--epochs', '5'])).toEqual({
      ok: true,
      args: { name: 'iris-hidden', seeds: 3, engine: 'tfjs-wasm', epochs: 5, firstSeed: 1 },
    });
    expect(parse(['mnist-mlp'])).toEqual({ ok: true, args: { name: 'mnist-mlp', engine: 'typed', firstSeed: 1 } });
  });

  it('refuses unknown names, engines, flags and bad numbers with a sentence', () => {
    for (const argv of [
      [],
      ['nope'],
      ['iris-simple', '--engine', 'gpu'],
      ['iris-simple', '--seeds', '0'],
      ['iris-simple', '--fast'],
      ['iris-simple', 'xor'],
    ]) {
      const r = parse(argv);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(5);
    }
  });
});

describe('the tally against the paper', () => {
  const result = (seed: number, accuracy: number): SeedResult => ({
    seed,
    engine: 'typed-float32',
    epochs: 400,
    steps: 60000,
    seconds: 1,
    train: { loss: 0.05, accuracy, n: 150, confusion: null },
    test: null,
  });
  const hidden = EXPERIMENTS.find((e) => e.name === 'iris-hidden')!;

  it('counts the seeds at each threshold and says met when enough reach the figure', () => {
    const accs = [0.98, 0.98, 0.9933, 0.98, 0.98, 0.98, 0.98, 0.98, 0.9667, 0.96];
    const lines = tally(
      hidden,
      accs.map((a, i) => result(i + 1, a)),
    );
    expect(lines).toContain('reach 0.96: 10/10 seeds');
    expect(lines).toContain('reach 0.98: 8/10 seeds');
    expect(lines.some((l) => l.includes('0.98 on 8/10') && l.endsWith('met'))).toBe(true);
  });

  it('says MISSED when too few do', () => {
    const lines = tally(
      hidden,
      [0.97, 0.98].map((a, i) => result(i + 1, a)),
    );
    expect(lines.some((l) => l.endsWith('MISSED'))).toBe(true);
  });
});
