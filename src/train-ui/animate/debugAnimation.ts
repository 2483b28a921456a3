/**
 * A test hook, installed only with `?debug` (as the editor's store is): the traced step the
 * animation holds, as plain numbers, so an e2e test can compare what the page shows with what
 * the worker computed.
 */
import { float64Rerun } from './float64Rerun';
import type { Player } from './player';
import { readBuffer } from './readings';

export interface DebugAnimation {
  readonly step: number;
  readonly index: number;
  readonly example: number;
  readonly frames: readonly {
    readonly kind: string;
    readonly box: string;
    readonly boxes: readonly string[];
    /** At a copy: the buffer of the sum and of the changes summed. */
    readonly sum?: { readonly buffer: number; readonly parts: readonly number[]; readonly wires: readonly string[] };
  }[];
  /** Wire ↦ its value's buffer and its changes' buffers, as the source map says. */
  readonly wires: Readonly<Record<string, { readonly value: number; readonly changes: readonly number[] }>>;
}

export function installDebugAnimation(player: Player): () => void {
  if (!new URLSearchParams(window.location.search).has('debug')) return () => {};
  const snapshot = (): DebugAnimation | null => {
    const { traced, index, example } = player.state;
    if (!traced) return null;
    return {
      step: traced.step,
      index,
      example,
      frames: traced.timeline.frames.map((f) => ({ kind: f.kind, box: f.box, boxes: f.boxes, sum: f.sum })),
      wires: traced.learner.sourceMap.wires,
    };
  };
  /** The traced numbers of buffer `b` at the followed example (a weight: all of it). */
  const buffer = (b: number): number[] | null => {
    const { traced, example } = player.state;
    const r = traced ? readBuffer(traced.learner.stepProgram, traced.buffers, b, example) : null;
    return r ? Array.from(r.values) : null;
  };
  let rerun: { of: unknown; buffers: (Float64Array | null)[] } | null = null;
  /** Buffer `b` at the followed example in the float64 rerun of the traced step. */
  const float64 = (b: number): number[] | null => {
    const { traced, example } = player.state;
    if (!traced) return null;
    if (rerun?.of !== traced) rerun = { of: traced, buffers: float64Rerun(traced.learner, traced.buffers) };
    const data = rerun.buffers[b];
    const t = traced.buffers[b];
    if (!data || !t) return null;
    if (!traced.learner.stepProgram.bufferTypes[b].batch) return Array.from(data);
    const n = data.length / t.shape[0];
    return Array.from(data.subarray(example * n, (example + 1) * n));
  };
  const names = { lensboardAnimation: snapshot, lensboardAnimationBuffer: buffer, lensboardAnimationFloat64: float64 };
  Object.assign(window, names);
  return () => {
    for (const k of Object.keys(names)) Object.assign(window, { [k]: undefined });
  };
}
