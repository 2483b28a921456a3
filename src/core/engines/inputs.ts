/**
 * What both engines check before a run: each input's full shape against its wire type, and the
 * batch size the run uses (the leading axis every batched input shares).
 */
import { EngineInputError } from '../errors';
import type { Program } from '../program';
import { printType } from '../wire';

/** `fallback` is the batch size of a run with no batched input (zero or broadcastBatch still need one). */
export function batchSizeOf(p: Program, shapes: readonly (readonly number[])[], fallback = 1): number {
  if (shapes.length !== p.inputs.length) throw new EngineInputError(shapes.length, `${p.inputs.length} inputs`, []);
  let batch = -1;
  p.inputs.forEach((buf, i) => {
    const t = p.bufferTypes[buf];
    const s = shapes[i];
    const feature = t.batch ? s.slice(1) : s;
    const want = `${printType(t)} (shape [${t.batch ? 'B,' : ''}${t.shape.join(',')}])`;
    const ok =
      (!t.batch || s.length >= 1) && feature.length === t.shape.length && feature.every((n, k) => n === t.shape[k]);
    if (!ok || (t.batch && batch >= 0 && s[0] !== batch)) throw new EngineInputError(i, want, s);
    if (t.batch) batch = s[0];
  });
  return batch < 0 ? fallback : batch;
}

export interface RunOptions {
  /** The batch size when no input carries one (default 1). */
  readonly batchSize?: number;
}
