/**
 * The webgl profile page (see run.ts): steps each implementation of one MLP row on webgl and
 * counts the shader programs one step runs — kernels and the pack/unpack/encode passes tfjs adds
 * between them — by program class and output shape, with the texels each writes.
 */
import * as tf from '@tensorflow/tfjs';
import { shapeSize } from '../../../src/core/shape';
import { startExactly } from '../../../src/engines/backend';
import { makeCompiled } from '../../../src/testing/compiledTrainer';
import { initialWeights, syntheticBatch } from '../../../src/testing/mlpSpec';
import { MLPS, PEERS } from '../../shared/mlpRows';

export interface ProfileRequest {
  readonly mlp: string;
  readonly batch: number;
  readonly steps: number;
}

interface Program {
  constructor: { name: string };
  packedOutput?: boolean;
  outputShape: number[];
}
interface WebglBackend {
  runWebGLProgram(p: Program, ...rest: unknown[]): unknown;
}

async function run(req: ProfileRequest) {
  await startExactly('webgl');
  const shape = MLPS.find((m) => m.sizes.join('-') === req.mlp);
  if (!shape) throw new Error(`no MLP ${req.mlp}`);
  const spec = { ...shape, batch: req.batch };
  const weights = initialWeights(spec, 1);
  const batch = syntheticBatch(spec, 1);
  const be = tf.backend() as unknown as WebglBackend;
  const out: Record<string, unknown> = {};
  for (const impl of [...PEERS, { name: 'compiled', make: makeCompiled('tfjs') }]) {
    const t = impl.make(spec, weights, batch);
    for (let i = 0; i < 5; i++) await t.step();
    const progs: Record<string, { n: number; texels: number }> = {};
    const orig = be.runWebGLProgram;
    be.runWebGLProgram = function (this: WebglBackend, p: Program, ...rest: unknown[]) {
      const key = `${p.constructor.name}${p.packedOutput ? ' (packed)' : ''} [${p.outputShape.join(',')}]`;
      const size = shapeSize(p.outputShape);
      const e = progs[key] ?? { n: 0, texels: 0 };
      progs[key] = e;
      e.n++;
      e.texels += p.packedOutput ? size / 4 : size;
      return orig.call(this, p, ...rest);
    };
    await t.step();
    be.runWebGLProgram = orig;
    const t0 = performance.now();
    for (let i = 0; i < req.steps; i++) await t.step();
    const ms = (performance.now() - t0) / req.steps;
    const list = Object.entries(progs).sort((a, b) => b[1].n - a[1].n);
    out[impl.name] = {
      msPerStep: Number(ms.toFixed(2)),
      programs: list.reduce((a, [, e]) => a + e.n, 0),
      texels: Math.round(list.reduce((a, [, e]) => a + e.texels, 0)),
      byProgram: list.map(([k, e]) => `${e.n}× ${k} · ${Math.round(e.texels)} texels`),
    };
    t.dispose();
  }
  return out;
}

(window as unknown as { profileWebgl: { run: typeof run } }).profileWebgl = { run };
