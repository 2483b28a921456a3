/**
 * What both engines check before a run: each input's full shape against its wire type, and the
 * batch size the run uses (the leading axis every batched input shares).
 */
import { EngineInputError } from '../core/errors';
import type { Program } from '../core/program';
import { printType, type WireType } from '../core/wire';

/** What input `t` should look like, for the error message (built only when a check fails). */
const wanted = (t: WireType): string => `${printType(t)} (shape [${t.batch ? 'B,' : ''}${t.shape.join(',')}])`;

/** `fallback` is the batch size of a run with no batched input (zero or broadcastBatch still need one). */
export function batchSizeOf(p: Program, shapes: readonly (readonly number[])[], fallback = 1): number {
  if (shapes.length !== p.inputs.length) throw new EngineInputError(shapes.length, `${p.inputs.length} inputs`, []);
  let batch = -1;
  for (let i = 0; i < shapes.length; i++) {
    const t = p.bufferTypes[p.inputs[i]];
    const s = shapes[i];
    const lead = t.batch ? 1 : 0;
    let ok = s.length === t.shape.length + lead;
    for (let k = 0; ok && k < t.shape.length; k++) ok = s[k + lead] === t.shape[k];
    if (!ok || (lead && batch >= 0 && s[0] !== batch)) throw new EngineInputError(i, wanted(t), s);
    if (lead) batch = s[0];
  }
  return batch < 0 ? fallback : batch;
}

export interface RunOptions {
  /** The batch size when no input carries one (default 1). */
  readonly batchSize?: number;
}
