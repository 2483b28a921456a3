/**
 * Deferred read-back on tfjs: each step's (l, ŷ) stays on the device until `read` concatenates
 * the waiting ones and reads them back with one asynchronous `data()`, so webgl never stalls on
 * a per-step `dataSync`.
 */
import * as tf from '@tensorflow/tfjs';
import type { DeferredSteps, Rows, RunOutputs } from './types';

export interface DeferredTfjs extends DeferredSteps {
  /** The steps' tensors still waiting, for dispose. */
  drop(): void;
}

export function deferredSteps(run: (rows: Rows) => [tf.Tensor, tf.Tensor]): DeferredTfjs {
  let waiting: [tf.Tensor, tf.Tensor][] = [];
  return {
    step(rows) {
      waiting.push(run(rows));
    },
    get pending() {
      return waiting.length;
    },
    async read() {
      const taken = waiting;
      waiting = [];
      if (taken.length === 0) return [];
      // The losses, then the predictions, each list padded to a power of two by repeating its last
      // tensor: on webgl the concat and download shaders are keyed by their inputs, so however many
      // steps wait, a few programs serve (compiling one costs SwiftShader ~50 ms).
      const padded = 2 ** Math.ceil(Math.log2(taken.length));
      const list = (o: 0 | 1) => Array.from({ length: padded }, (_, i) => taken[Math.min(i, taken.length - 1)][o]);
      const [ls, ys] = [list(0), list(1)];
      const all = tf.tidy(() =>
        tf.concat(
          [...ls, ...ys].map((t) => tf.reshape(t, [1, -1])),
          1,
        ),
      );
      tf.dispose(taken.flat());
      const data = (await all.data()) as Float32Array;
      all.dispose();
      let [at, bt] = [0, ls.reduce((n, t) => n + t.size, 0)];
      return taken.map(([lt, yt]): RunOutputs => {
        const out = { loss: data.subarray(at, at + lt.size), predictions: data.subarray(bt, bt + yt.size) };
        at += lt.size;
        bt += yt.size;
        return out;
      });
    },
    drop() {
      tf.dispose(waiting.flat());
      waiting = [];
    },
  };
}

/** Whether every value of every tensor is finite, read back asynchronously (one small read). */
export async function allFinite(ts: readonly tf.Tensor[]): Promise<boolean> {
  if (ts.length === 0) return true;
  const flag = tf.tidy(() => ts.map((t) => tf.all(tf.isFinite(t))).reduce((a, b) => tf.logicalAnd(a, b)));
  const [ok] = await flag.data();
  flag.dispose();
  return ok !== 0;
}
