/**
 * A Program replayed as straight-line loops (docs/architecture.md, "The small end"). At a given
 * batch size a Program makes the same kernel calls on the same shapes run after run, into the
 * same arena arrays; only its inputs' arrays change. So the first run at a batch size goes
 * through a recording kernel (./recordingKernel.ts) that computes as the typed kernel does and
 * notes each call as one closure over the arrays it read and wrote, with its sizes worked out
 * once; later runs call those closures alone — no generator dispatch, no shape arithmetic, no
 * arena bookkeeping. This module is the replay's side: the slots a recording fills, and the
 * replay made of them.
 */
import type { Floats } from './arena';
import type { TypedKernel, TypedTensor } from './typedKernel';
import { UnrecordedCalls } from './unrecordedCalls';

/** One recorded kernel call: reads and writes the arrays of `slots` (inputs first, then results). */
export type Op = (slots: Floats[]) => void;

/** The recorded run of one Program at one batch size. */
export interface Replay {
  /** Runs the recorded calls with these inputs' arrays (in the Program's input order). */
  run(inputs: readonly TypedTensor[]): void;
  /** The array of each slot in the last run: the inputs', then the results'. */
  readonly slots: readonly Floats[];
  /** The calls it makes per run (fewer than the kernel's where neighbours were joined: ./replayFusion). */
  readonly calls: number;
}

/**
 * The slots of a recording and the calls it keeps: each slot an array (the inputs', replaced
 * per run, then every result's), each call a closure over slots. `read` counts a call's reads of
 * a slot (a joined call must have no other reader); `result` gives a new result its slot;
 * `replay` hands out the calls kept, in order. The calls themselves are recorded by
 * ./recordingKernel.ts.
 */
export abstract class ReplayTape extends UnrecordedCalls {
  /** The calls, in order; null where a call was joined into a later one (./replayFusion). */
  protected readonly ops: (Op | null)[] = [];
  /** How many recorded calls read each slot. */
  protected readonly reads: number[] = [];
  /** The array of each slot at recording: the inputs' (replaced per run), then every result's. */
  protected readonly arrays: Floats[] = [];
  protected readonly slotOf = new Map<TypedTensor, number>();
  /** The records a reshape made: views of a slot's array, which a kernel run may repoint. */
  protected readonly views = new Set<TypedTensor>();

  constructor(
    inner: TypedKernel,
    readonly nInputs: number,
    inputs: readonly TypedTensor[],
  ) {
    super(inner);
    inputs.forEach((x, i) => {
      this.arrays.push(x.data);
      // one record given as two inputs could be two records next run: which slot would it be?
      if (this.slotOf.has(x)) this.failed ??= `input ${i} given as the same record as another`;
      this.slotOf.set(x, i);
    });
  }

  /** The slot of a record this run has seen, or −1 (the recording then fails). */
  slot(x: TypedTensor): number {
    const s = this.slotOf.get(x);
    if (s !== undefined) return s;
    this.failed ??= 'a value the recording did not see';
    return -1;
  }

  /** The slot of a record a call being recorded reads, counted (a joined call must have no other reader). */
  protected read(x: TypedTensor): number {
    const s = this.slot(x);
    if (s >= 0) this.reads[s] = (this.reads[s] ?? 0) + 1;
    return s;
  }

  isView(x: TypedTensor): boolean {
    return this.views.has(x);
  }

  /** The replay, or null when the recording failed. */
  replay(): Replay | null {
    if (this.failed !== null) return null;
    const { nInputs } = this;
    const ops = this.ops.filter((op): op is Op => op !== null);
    const slots = this.arrays.slice();
    return {
      run(inputs) {
        for (let i = 0; i < nInputs; i++) slots[i] = inputs[i].data;
        for (let n = 0; n < ops.length; n++) ops[n](slots);
      },
      slots,
      calls: ops.length,
    };
  }

  protected result(out: TypedTensor): number {
    const s = this.arrays.length;
    this.arrays.push(out.data);
    this.slotOf.set(out, s);
    return s;
  }
}
