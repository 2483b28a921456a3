/**
 * The bench's own pieces on a tiny MLP: every peer and the compiled Program train and report
 * finite numbers, leave no tensors behind, and do the same arithmetic from the same weights.
 * No wall-clock bounds here: speed is for `npm run bench`, never for tests.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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
import { atLeast, atMost, bundleSize, headlessRun, interleave } from './suites/app';
import { longRun, trainableBigDiagram } from './suites/appDocuments';

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

describe('the app suite’s pieces', () => {
  it('finds the main bundle in index.html and gzips it with what loads beside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lensboard-bench-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/b.js">\n<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
    );
    writeFileSync(join(dir, 'assets/index-a.js'), 'x'.repeat(10_000));
    writeFileSync(join(dir, 'assets/b.js'), 'y'.repeat(10_000));
    writeFileSync(join(dir, 'assets/index-c.css'), 'z'.repeat(10_000));
    const size = bundleSize(dir);
    expect(size.entry).toBe('assets/index-a.js');
    expect(size.bytes).toBe(10_000);
    expect(size.gzipBytes).toBeGreaterThan(0);
    expect(size.gzipBytes).toBeLessThan(1000);
    expect(size.initialGzipBytes).toBeGreaterThan(2 * size.gzipBytes);
  });

  it('says pass or by how much a goal is missed, either way round', () => {
    expect(atMost(800, 1000, 'ms')).toBe('goal ≤ 1000 ms: pass');
    expect(atMost(2000, 1000, 'ms')).toBe('goal ≤ 1000 ms: MISS by 2.00×');
    expect(atLeast(0.95, 0.9, '×')).toBe('goal ≥ 0.9×: pass');
    expect(atLeast(25, 50, '')).toBe('goal ≥ 50: MISS by 2.00×');
  });

  it('a long XOR run keeps the example and only raises its epochs', () => {
    const doc = longRun('xor', 1234);
    expect(doc.training?.epochs).toBe(1234);
    expect(doc.training?.batchSize).toBe(16);
  });

  it('the big diagram trains headless, and interleaved windows count its steps while it runs', async () => {
    const doc = trainableBigDiagram(30);
    expect(doc.boxes).toHaveLength(32);
    const run = await headlessRun(doc, 'typed');
    try {
      const [r] = await interleave([run], { warmupMs: 0, windows: 2, windowMs: 50, settleMs: 0 });
      expect(r.windows).toHaveLength(2);
      expect(r.stepsPerSecond).toBeGreaterThan(0);
      expect(Number.isFinite(r.stepsPerSecond)).toBe(true);
    } finally {
      await run.close();
    }
  });
});
