/**
 * A test hook, installed only with `?debug` (as the editor's store is): the traced step the
 * animation holds, as plain numbers, so an e2e test can compare what the page shows with what
 * the worker computed.
 */
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
  Object.assign(window, { lensboardAnimation: snapshot, lensboardAnimationBuffer: buffer });
  return () => {
    Object.assign(window, { lensboardAnimation: undefined, lensboardAnimationBuffer: undefined });
  };
}
