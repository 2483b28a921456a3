/**
 * The bench's own pieces on a tiny MLP: every peer and the compiled Program train and report
 * finite numbers, leave no tensors behind, and do the same arithmetic from the same weights.
 * No wall-clock bounds here: speed is for `npm run bench`, never for tests.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCompiled } from '../src/testing/compiledTrainer';
import { initialWeights, type MlpSpec, syntheticBatch } from '../src/testing/mlpSpec';
import { serveStatic } from '../src/testing/serveStatic';
import { agreementRow } from './shared/agreement';
import { median, type TimingOptions, timeFresh } from './shared/measure';
import { type MlpShape, mlpRows, PEERS } from './shared/mlpRows';
import { formatTable } from './shared/table';

const tiny: MlpShape = {
  sizes: [3, 4, 2],
  hidden: 'tanh',
  output: 'linear',
  loss: 'mse',
  optimiser: { kind: 'gd', learningRate: 0.05 },
};
const tinyCe: MlpShape = { ...tiny, loss: 'softmax-cross-entropy', optimiser: { kind: 'adam', learningRate: 0.01 } };
const fast: TimingOptions = { warmupSteps: 1, warmupMs: 0, windows: 2, windowMs: 0, hostMemory: () => 1 };

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

describe('peers', () => {
  for (const shape of [tiny, tinyCe]) {
    const spec: MlpSpec = { ...shape, batch: 2 };
    const impls = [
      ...PEERS,
      { name: 'compiled typed', make: makeCompiled('typed-f32') },
      { name: 'compiled tfjs', make: makeCompiled('tfjs') },
    ];
    for (const impl of impls) {
      it(`${impl.name} trains ${shape.loss} to finite losses and leaks no tensors`, async () => {
        const [t] = await timeFresh([() => impl.make(spec, initialWeights(spec, 3), syntheticBatch(spec, 3))], fast);
        expect(Number.isFinite(t.lastLoss)).toBe(true);
        expect(Number.isFinite(t.msPerStep) && t.msPerStep > 0).toBe(true);
        expect(t.windows).toHaveLength(2);
        expect(t.tensorGrowth).toBe(0);
        expect(t.leftoverTensors).toBe(0);
      });
    }
  }

  it('tfjs-layers, variableGrads and the compiled Program take the same steps from the same weights', async () => {
    const spec: MlpSpec = { ...tiny, batch: 3 };
    const [w, b] = [initialWeights(spec, 5), syntheticBatch(spec, 5)];
    const makers = [...PEERS.map((p) => p.make), makeCompiled('typed-f32'), makeCompiled('tfjs')];
    const trainers = makers.map((make) => make(spec, w, b));
    for (let s = 0; s < 4; s++) {
      const losses = await Promise.all(trainers.map((t) => t.step()));
      for (const l of losses) expect(l).toBeCloseTo(losses[0], 4);
    }
    for (const t of trainers) t.dispose();
  });
});

describe('rows', () => {
  it('mlpRows gives a finite row per implementation and the ratios of compiled to each peer', async () => {
    const impls = [...PEERS, { name: 'compiled', make: makeCompiled('typed-f32') }];
    const rows = await mlpRows({ suite: 't', backend: 'cpu', impls, timing: fast, mlps: [tiny], batches: [2] }, 'rss');
    expect(rows.map((r) => r.name)).toEqual([
      '3-4-2 b2 cpu tfjs-layers',
      '3-4-2 b2 cpu variableGrads',
      '3-4-2 b2 cpu compiled',
      '3-4-2 b2 cpu compiled/tfjs-layers',
      '3-4-2 b2 cpu compiled/variableGrads',
    ]);
    for (const r of rows) expect(Number.isFinite(r.value)).toBe(true);
    expect(rows[3].note).toMatch(/goal ≤ 0\.8×: (pass|MISS)/);
    expect(formatTable(rows).split('\n')).toHaveLength(rows.length + 2);
  });

  it('agreementRow finds the compiled Program and variableGrads agreeing on cpu', async () => {
    const row = await agreementRow('t', 'cpu', tiny, 2, 4);
    expect(row.value).toBeLessThan(1e-4);
    expect(row.note).not.toMatch(/NOT FINITE/);
  });

  it('median takes the middle of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('serving a built page', () => {
  it('serves the built page’s files and nothing outside its folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lensboard-bench-'));
    writeFileSync(join(dir, 'index.html'), '<p>ok</p>');
    const { url, server } = await serveStatic(dir);
    try {
      const page = await fetch(url);
      expect(page.headers.get('content-type')).toBe('text/html');
      expect(await page.text()).toBe('<p>ok</p>');
      expect((await fetch(`${url}../../etc/passwd`)).status).toBe(404);
      expect((await fetch(`${url}missing.js`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
