/**
 * The values a typed runner carries from one step to the next: the learnt values, then the
 * optimiser state, each the step's input and output at the same index.
 *
 * No copy per step: the step Program runs on two engines in turn, each with its own arena, so
 * the values one step writes stay put while the next step (on the other engine) reads them as
 * its inputs — the carried arrays are simply the previous step's outputs. An output that shares
 * memory with an input (a value the Program passes through untouched) is copied into one of two
 * arrays the runner owns instead, since that input's arena may be reused.
 */
import type { TypedTensor } from '../../engines/typed';
import type { Floats } from './types';

export class CarriedArrays {
  /** The current values, and their buffers alongside: `.buffer` is a call into V8, not a field load. */
  readonly values: Floats[];
  readonly buffers: ArrayBufferLike[];
  /** Two runner-owned arrays per value, for outputs that alias an input and for `set`. */
  private readonly owned: Floats[][];
  private readonly ownedBuffers: ArrayBufferLike[][];
  /** Per engine (by turn): the output arrays seen last and their buffers (an engine reuses them). */
  private readonly seenOut: (Floats | null)[][];
  private readonly seenBuffer: (ArrayBufferLike | null)[][];

  constructor(initial: readonly Floats[], make: (src: ArrayLike<number>) => Floats) {
    this.values = initial.map(make);
    this.buffers = this.values.map((c) => c.buffer);
    this.owned = this.values.map((c) => [c, make(c)]);
    this.ownedBuffers = this.owned.map((o) => o.map((a) => a.buffer));
    this.seenOut = [this.values.map(() => null), this.values.map(() => null)];
    this.seenBuffer = [this.values.map(() => null), this.values.map(() => null)];
  }

  /**
   * Takes the first `values.length` outputs of the engine of `turn` as the new values. A traced
   * run's outputs are other arrays than the seen ones: their buffers are read afresh.
   */
  adopt(outs: readonly TypedTensor[], turn: number, aliasesInput: (buffer: ArrayBufferLike) => boolean): void {
    const { values, buffers } = this;
    const seen = this.seenOut[turn];
    const seenBuffers = this.seenBuffer[turn];
    for (let j = 0; j < values.length; j++) {
      const out = outs[j].data as Floats;
      let buffer = seenBuffers[j];
      if (out !== seen[j] || buffer === null) {
        buffer = out.buffer;
        seen[j] = out;
        seenBuffers[j] = buffer;
      }
      if (!aliasesInput(buffer)) {
        values[j] = out;
        buffers[j] = buffer;
        continue;
      }
      const [a, b] = this.owned[j];
      if (out === values[j] && (out === a || out === b)) continue;
      this.toOwned(j, out);
    }
  }

  /** Overwrites the values (a kept copy coming back): each goes into an owned array. */
  set(values: readonly ArrayLike<number>[]): void {
    for (let j = 0; j < values.length; j++) this.toOwned(j, values[j]);
  }

  /** Copies `v` into the owned array the value `j` does not sit in now, and points `j` at it. */
  private toOwned(j: number, v: ArrayLike<number>): void {
    const spare = this.values[j] === this.owned[j][0] ? 1 : 0;
    this.owned[j][spare].set(v);
    this.values[j] = this.owned[j][spare];
    this.buffers[j] = this.ownedBuffers[j][spare];
  }
}
