/**
 * Softmax cross-entropy on sequence logits [T, V]: the loss of the vector case applied along
 * the last axis and summed over the positions, with all-zero label rows (prompt positions)
 * adding nothing (docs/model-format.md, "What a training step computes"). Checked on float64
 * against central differences and the closed form, against tf.grad of a loss written with
 * tfjs ops, and against PyTorch's F.cross_entropy(…, ignore_index=-100, reduction='sum').
 */
import { spawnSync } from 'node:child_process';
import * as tf from '@tensorflow/tfjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lower, lowerLens, real } from '../../core';
import { createTypedEngine } from '../../engines';
import { fcSeed } from '../../testing/seed';
import { lossDiagram } from './index';

const seed = fcSeed();
const B = 2;
const T = 3;
const V = 4;
const K = T * V;
const f64 = (data: number[], shape: number[]) => ({ shape, data: Float64Array.from(data) });

const d = lossDiagram('softmax-cross-entropy', real([T, V]));
const fwd = createTypedEngine(lower(d), { dtype: 'float64' });
const rev = createTypedEngine(lowerLens(d), { dtype: 'float64' });
const value = (z: number[], y: number[]) => Array.from(fwd.run([f64(z, [B, T, V]), f64(y, [B, T, V])])[0].data);
const reverse = (z: number[], y: number[], c: number[]) =>
  rev.run([f64(z, [B, T, V]), f64(y, [B, T, V]), f64(c, [B])]).map((t) => Array.from(t.data));

/** Labels: per position a one-hot row, or (prompt) an all-zero one; target −100 for those. */
const labels = fc.array(fc.integer({ min: -1, max: V - 1 }), { minLength: B * T, maxLength: B * T });
const oneHot = (targets: number[]) => targets.flatMap((k) => Array.from({ length: V }, (_, j) => (j === k ? 1 : 0)));
const vec = (n: number, lo: number, hi: number) =>
  fc.array(fc.double({ min: lo, max: hi, noNaN: true }), { minLength: n, maxLength: n });
const dotp = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i], 0);
const logSoftmaxRow = (z: number[]) => {
  const m = Math.max(...z);
  const l = Math.log(z.reduce((s, v) => s + Math.exp(v - m), 0)) + m;
  return z.map((v) => v - l);
};

describe('softmax cross-entropy over every position of a sequence', () => {
  it('is the sum of the rows’ losses, zero rows add nothing, and R[ℓ] is the closed form and finite differences', () => {
    fc.assert(
      fc.property(vec(B * K, -4, 4), labels, vec(B, -2, 2), vec(B * K, -1, 1), (z, targets, c, t) => {
        const y = oneHot(targets);
        const l = value(z, y);
        const [, dz] = reverse(z, y, c);
        for (let i = 0; i < B; i++) {
          let want = 0;
          for (let p = 0; p < T; p++) {
            const row = i * T + p;
            const ls = logSoftmaxRow(z.slice(row * V, (row + 1) * V));
            const k = targets[row];
            if (k >= 0) want -= ls[k];
            for (let j = 0; j < V; j++) {
              const grad = k < 0 ? 0 : c[i] * (Math.exp(ls[j]) - (j === k ? 1 : 0));
              expect(dz[row * V + j]).toBeCloseTo(grad, 9);
            }
          }
          expect(l[i]).toBeCloseTo(want, 9);
        }
        const h = 1e-5;
        const at = (s: number) =>
          dotp(
            c,
            value(
              z.map((v, i) => v + s * t[i]),
              y,
            ),
          );
        expect(dotp(dz, t)).toBeCloseTo((at(h) - at(-h)) / (2 * h), 5);
      }),
      { seed, numRuns: 25 },
    );
  });

  it('R[ℓ] agrees with tf.grad of the loss written with tfjs ops, zero rows masked', () => {
    const z = Array.from({ length: B * K }, (_, i) => Math.sin(i * 1.7) * 3);
    const targets = [2, -1, 0, -1, 3, 1];
    const y = oneHot(targets);
    const yT = tf.tensor(y, [B, T, V]);
    const grad = tf.grad((x: tf.Tensor) => tf.neg(tf.sum(tf.mul(yT, tf.logSoftmax(x)))))(tf.tensor(z, [B, T, V]));
    const want = Array.from(grad.dataSync());
    tf.dispose([yT, grad]);
    const [, dz] = reverse(z, y, [1, 1]);
    expect(dz).toEqual(want.map((v) => expect.closeTo(v, 5)));
  });

  it("equals PyTorch's F.cross_entropy(logits.view(-1, V), targets.view(-1), ignore_index=-100, reduction='sum')", () => {
    const z = Array.from({ length: B * K }, (_, i) => Math.cos(i * 2.3) * 5);
    const targets = [1, -1, 3, 0, -1, 2];
    const script = [
      'import json, sys, torch',
      'import torch.nn.functional as F',
      'a = json.loads(sys.stdin.read())',
      `z = torch.tensor(a['z'], dtype=torch.float64).view(${B}, ${T}, ${V}).requires_grad_()`,
      `t = torch.tensor([k if k >= 0 else -100 for k in a['t']]).view(${B}, ${T})`,
      `l = F.cross_entropy(z.view(-1, ${V}), t.view(-1), ignore_index=-100, reduction='sum')`,
      'l.backward()',
      "print(json.dumps({'l': l.item(), 'g': z.grad.view(-1).tolist()}))",
    ].join('\n');
    const run = spawnSync('/usr/bin/python3', ['-c', script], { input: JSON.stringify({ z, t: targets }) });
    expect(run.stderr.toString()).toBe('');
    const torch = JSON.parse(run.stdout.toString()) as { l: number; g: number[] };
    const y = oneHot(targets);
    // PyTorch sums over the whole batch; Lensboard's ℓ is per example and the step sums them.
    expect(value(z, y).reduce((s, v) => s + v, 0)).toBeCloseTo(torch.l, 9);
    expect(reverse(z, y, [1, 1])[1]).toEqual(torch.g.map((v) => expect.closeTo(v, 9)));
  });
});
