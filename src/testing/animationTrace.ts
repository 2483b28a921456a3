/**
 * For the animation's tests: a step traced the way the worker traces it (every buffer of the
 * step Program, float32, the batch axis first), from a float64 run at random inputs, and a
 * drawing with a copied wire and an add (a residual connection around XOR's tanh).
 */
import type { LensDocument } from '../io/document';
import { loadExample } from '../io/examples/index';
import type { Learner } from '../learn/learner';
import type { StepTrace } from '../learn/runners/types';
import { type Compiled, oracle } from './sourceMapChecks';
import { BATCH } from './stepRun';

export function traceOf(c: Compiled, seed: number): { trace: StepTrace; run: Float64Array[] } {
  const { run } = oracle(c, seed);
  const p = (c.learner as Learner).stepProgram;
  const buffers = run.map((data, b) => {
    const t = p.bufferTypes[b];
    if (data.length === 0) return null;
    return { shape: t.batch ? [BATCH, ...t.shape] : [...t.shape], data: Float32Array.from(data) };
  });
  return { trace: { buffers }, run };
}

/** XOR with bias1's output copied: into tanh1 and, around it, into an add with tanh1's output. */
export function residualXor(): LensDocument {
  const doc = loadExample('xor');
  const wires = doc.wires.filter((w) => w.id !== 'w6');
  return {
    ...doc,
    boxes: [...doc.boxes, { id: 'add1', generator: 'add', config: {}, position: { x: 660, y: 320 } }],
    wires: [
      ...wires,
      { id: 'r1', from: { box: 'bias1', port: 'y' }, to: { box: 'add1', port: 'a' } },
      { id: 'r2', from: { box: 'tanh1', port: 'y' }, to: { box: 'add1', port: 'b' } },
      { id: 'r3', from: { box: 'add1', port: 'y' }, to: { box: 'lin2', port: 'x' } },
    ],
  };
}
