/**
 * The compiled learner step on tfjs's webgl backend (SwiftShader here) against cpu: 20 Adam steps
 * of a 2-16-16-1 tanh MLP must give finite losses that agree to float32 precision. At batch 1 the
 * weight change `outer` is a matMul with shared dimension 1, which tfjs-backend-webgl's packed
 * matMul got wrong (NaN from step 3) until TfjsKernel worked around odd shared dimensions; batch
 * 3 takes the other branch of that workaround (shared dimension 3). The page is built here with
 * Vite's API (as the bench's pages are), so the app's production build carries nothing of it.
 * The step runs fused (core/fuse): on webgl its pointwise runs are shaders generated from their
 * expressions, so this also checks those shaders against the cpu backend's loops. A second test
 * runs the lens of tanh(maxPool(W ⋆ x)) with odd image, filter and pooling sizes (pooling that
 * drops an edge) on webgl against the float64 typed engine: the convolution's forward, both its
 * transposes and max-pooling's reverse, on real shaders.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { serveStatic } from '../src/testing/serveStatic';
import { expect, test } from './fixtures';
import type { ImageCase, TrainingPage } from './webglTraining/page';

const root = fileURLToPath(new URL('./webglTraining', import.meta.url));
// One folder per worker running at once (its parallelIndex): the file's tests run on both
// workers, each building in its own beforeAll, and a build empties its folder first, so one
// shared folder could vanish under the other worker's server mid-test.
const outDirOf = (worker: number) =>
  fileURLToPath(new URL(`../node_modules/.cache/lensboard-webgl-training-${worker}`, import.meta.url));
const STEPS = 20;

let served: Awaited<ReturnType<typeof serveStatic>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const outDir = outDirOf(test.info().parallelIndex);
  await build({
    configFile: false,
    root,
    base: './',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 8000 },
  });
  served = await serveStatic(outDir);
});

test.afterAll(() => served?.server.close());

test('the compiled Adam step trains a 2-16-16-1 MLP on webgl as on cpu', async ({ page, record }) => {
  test.setTimeout(180_000);
  await page.goto(served?.url ?? '');
  await page.waitForFunction(() => 'lensboardWebglTraining' in window);
  for (const batch of [1, 3]) {
    const [webgl, cpu] = await page.evaluate(
      async ([b, steps]) => {
        const p = (window as unknown as { lensboardWebglTraining: TrainingPage }).lensboardWebglTraining;
        return [await p.run('webgl', b, steps), await p.run('cpu', b, steps)];
      },
      [batch, STEPS] as const,
    );
    expect(webgl.backend, 'tfjs must really run on webgl').toBe('webgl');
    expect(cpu.backend).toBe('cpu');
    expect(webgl.losses).toHaveLength(STEPS);
    // The step's pointwise runs (Adam's updates, the activations) ran as generated shaders.
    expect(webgl.kernels.LensboardFused ?? 0, JSON.stringify(webgl.kernels)).toBeGreaterThanOrEqual(6);
    for (let s = 0; s < STEPS; s++) {
      const [w, c] = [webgl.losses[s], cpu.losses[s]];
      const where = `batch ${batch} step ${s + 1}: webgl ${w}, cpu ${c}`;
      expect(Number.isFinite(w), where).toBe(true);
      expect(Number.isFinite(c), where).toBe(true);
      // float32 on both, but SwiftShader's tanh/exp/sqrt differ from the CPU's in the last bits.
      expect(Math.abs(w - c), where).toBeLessThanOrEqual(1e-5 + 1e-3 * Math.abs(c));
    }
  }
  expect(record.consoleErrors).toEqual([]);
});

const IMAGE_CASES: ImageCase[] = [
  // 7×5 image, 3×2 filter → 5×4, pooled by 2 → 2×2 (the fifth row dropped); 3 channels in, 4 out
  { image: [7, 5, 3], filter: [3, 2, 3, 4], pool: 2, batch: 3 },
  // one channel in, odd filter and a window of 3 over 9×8 → 7×6 → 2×2; batch 1
  { image: [9, 8, 1], filter: [3, 3, 1, 5], pool: 3, batch: 1 },
];

test('convolution and max-pooling with odd sizes: the lens on webgl agrees with float64', async ({ page, record }) => {
  test.setTimeout(180_000);
  await page.goto(served?.url ?? '');
  await page.waitForFunction(() => 'lensboardWebglTraining' in window);
  for (const c of IMAGE_CASES) {
    const run = await page.evaluate(
      (ic) =>
        (window as unknown as { lensboardWebglTraining: TrainingPage }).lensboardWebglTraining.images('webgl', ic),
      c,
    );
    expect(run.backend, 'tfjs must really run on webgl').toBe('webgl');
    expect(run.gens).toEqual(
      expect.arrayContaining(['correlate2d', 'conv2dBackFilter', 'conv2dBackInput', 'maxPoolBack']),
    );
    run.names.forEach((name, i) => {
      expect(run.tfjs[i].length, name).toBe(run.float64[i].length);
      run.tfjs[i].forEach((v, k) => {
        const want = run.float64[i][k];
        // the bound for tfjs float32 against the float64 engine
        expect(
          Math.abs(v - want),
          `${JSON.stringify(c)} ${name}[${k}]: webgl ${v}, float64 ${want}`,
        ).toBeLessThanOrEqual(2e-3 * (1 + Math.abs(want)));
      });
    });
  }
  expect(record.consoleErrors).toEqual([]);
});
