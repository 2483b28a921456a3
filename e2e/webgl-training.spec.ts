/**
 * The compiled learner step on tfjs's webgl backend (SwiftShader here) against cpu: 20 Adam steps
 * of a 2-16-16-1 tanh MLP must give finite losses that agree to float32 precision. At batch 1 the
 * weight change `outer` is a matMul with shared dimension 1, which tfjs-backend-webgl's packed
 * matMul got wrong (NaN from step 3) until TfjsKernel worked around odd shared dimensions; batch
 * 3 takes the other branch of that workaround (shared dimension 3). The page is built here with
 * Vite's API (as the bench harness does), so the app's production build carries nothing of it.
 * The step runs fused (core/fuse): on webgl its pointwise runs are shaders generated from their
 * expressions, so this also checks those shaders against the cpu backend's loops.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { serveStatic } from '../bench/browser/serve';
import { expect, test } from './fixtures';
import type { TrainingPage } from './webglTraining/page';

const root = fileURLToPath(new URL('./webglTraining', import.meta.url));
const outDir = fileURLToPath(new URL('../node_modules/.cache/lensboard-webgl-training', import.meta.url));
const STEPS = 20;

test('the compiled Adam step trains a 2-16-16-1 MLP on webgl as on cpu', async ({ page, record }) => {
  test.setTimeout(180_000);
  await build({
    configFile: false,
    root,
    base: './',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 8000 },
  });
  const { url, server } = await serveStatic(outDir);
  try {
    await page.goto(url);
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
  } finally {
    server.close();
  }
  expect(record.consoleErrors).toEqual([]);
});
