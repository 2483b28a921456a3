/**
 * The step on the core's typed-array engine: float32 is the fast path for small models (no
 * per-op overhead), float64 the oracle.
 *
 * No copy per step: the step Program runs on two engines in turn, each with its own arena, so
 * the learnt values and state one step writes stay put while the next step (on the other
 * engine) reads them as its inputs — the carried arrays are simply the previous step's outputs.
 * An output that shares memory with an input (a value the Program passes through untouched) is
 * copied into an array the runner owns instead, since that input's arena may be reused.
 */

import type { WireType } from '../../core/wire';
import { createTypedEngine, type TypedEngine, type TypedTensor } from '../../engines/typed';
import type { Learner } from '../learner';
import type { Hypers } from '../optimisers/index';
import type { Rows, RunOutputs, StepRunner, StepTrace } from './types';

type Floats = Float32Array | Float64Array;

const full = (t: WireType, n: number) => (t.batch ? [n, ...t.shape] : [...t.shape]);

export function createTypedRunner(
  learner: Learner,
  learnt: readonly Float32Array[],
  state: readonly Float32Array[],
  dtype: 'float32' | 'float64',
): StepRunner {
  const make = (src: ArrayLike<number>): Floats =>
    dtype === 'float64' ? Float64Array.from(src) : Float32Array.from(src);
  const { layout, model } = learner;
  const types = model.diagram.inputs.map((w) => model.diagram.wires[w]);
  const k = learnt.length;
  /** The carried values: learnt wires, then state wires, as the step's first inputs and outputs. */
  const carriedTypes = [...layout.learnt.map((i) => types[i]), ...layout.state];
  const carried: Floats[] = [...learnt.map(make), ...state.map(make)];
  /** Two runner-owned arrays per carried value, for outputs that alias an input (see the header). */
  const owned: Floats[][] = carried.map((c) => [c, make(c)]);
  /**
   * `.buffer` is a call into V8 (~10 ns), not a field load, and the alias check needs one per
   * output and input: the buffers of the carried and owned arrays are kept alongside them, and
   * each engine's outputs (the same arena arrays step after step) remember theirs.
   */
  const carriedBuffers: ArrayBufferLike[] = carried.map((c) => c.buffer);
  const ownedBuffers: ArrayBufferLike[][] = owned.map((o) => o.map((a) => a.buffer));
  const seenOut: (Floats | null)[][] = [carried.map(() => null), carried.map(() => null)];
  const seenBuffer: (ArrayBufferLike | null)[][] = [carried.map(() => null), carried.map(() => null)];
  const hypers = layout.hypers.map(() => make([0]));
  // Training runs the fused Program; a traced step runs the unfused one, which keeps every buffer.
  const engines: TypedEngine[] = [
    createTypedEngine(learner.fusedStepProgram, { dtype }),
    createTypedEngine(learner.fusedStepProgram, { dtype }),
  ];
  let traceEngines: TypedEngine[] | undefined;
  let turn = 0;
  let last = engines[0];
  const evalEngine = createTypedEngine(learner.fusedEvaluateProgram, { dtype });
  const nc = carried.length;

  /** The step's input records, refilled step after step; shapes are made again only when n changes. */
  const nFixed = layout.fixed.length;
  const inputs: TypedTensor[] = [
    ...carriedTypes.map((t, j) => ({ shape: full(t, 1), data: carried[j] })),
    ...hypers.map((data) => ({ shape: [], data })),
    ...layout.fixed.map((i) => ({ shape: full(types[i], 1), data: new Float32Array(0) as Floats })),
    { shape: full(layout.prediction, 1), data: new Float32Array(0) as Floats },
  ];
  let shapedFor = 1;
  const inputRecords = inputs as { shape: number[]; data: Floats }[];
  const fixedAt = nc + hypers.length;
  /** The buffers of this step's inputs, in the order of `inputs` (the hypers' never change). */
  const inputBuffers: ArrayBufferLike[] = inputs.map((x) => x.data.buffer);
  /** The step's loss and predictions, refilled step after step. */
  const result: { loss: ArrayLike<number>; predictions: ArrayLike<number> } = { loss: [], predictions: [] };

  function fill(rows: Rows): void {
    if (rows.n !== shapedFor) {
      carriedTypes.forEach((t, j) => {
        inputRecords[j].shape = full(t, rows.n);
      });
      layout.fixed.forEach((i, j) => {
        inputRecords[fixedAt + j].shape = full(types[i], rows.n);
      });
      inputRecords[fixedAt + nFixed].shape = full(layout.prediction, rows.n);
      shapedFor = rows.n;
    }
    for (let j = 0; j < nc; j++) {
      inputRecords[j].data = carried[j];
      inputBuffers[j] = carriedBuffers[j];
    }
    const features = rows.features.buffer;
    for (let j = 0; j < nFixed; j++) {
      inputRecords[fixedAt + j].data = rows.features;
      inputBuffers[fixedAt + j] = features;
    }
    inputRecords[fixedAt + nFixed].data = rows.labels;
    inputBuffers[fixedAt + nFixed] = rows.labels.buffer;
  }

  /** Does `buffer` hold any of this step's inputs? */
  function aliasesInput(buffer: ArrayBufferLike): boolean {
    for (let i = 0; i < inputBuffers.length; i++) if (inputBuffers[i] === buffer) return true;
    return false;
  }

  /**
   * Consecutive runs alternate between engines by `turn` (each has its own arena), traced or not,
   * so a run never writes into the arena its inputs live in.
   */
  function step(rows: Rows, traced = false): RunOutputs {
    fill(rows);
    if (traced && !traceEngines) {
      traceEngines = [
        createTypedEngine(learner.stepProgram, { dtype }),
        createTypedEngine(learner.stepProgram, { dtype }),
      ];
    }
    // a traced run's outputs are other arrays than the seen ones: their buffers are read afresh
    const seen = seenOut[turn];
    const seenBuffers = seenBuffer[turn];
    last = (traced && traceEngines ? traceEngines : engines)[turn];
    turn ^= 1;
    const outs = last.run(inputs);
    for (let j = 0; j < nc; j++) {
      const out = outs[j].data as Floats;
      let buffer = seenBuffers[j];
      if (out !== seen[j] || buffer === null) {
        buffer = out.buffer;
        seen[j] = out;
        seenBuffers[j] = buffer;
      }
      if (!aliasesInput(buffer)) {
        carried[j] = out;
        carriedBuffers[j] = buffer;
        continue;
      }
      const [a, b] = owned[j];
      if (out === carried[j] && (out === a || out === b)) continue;
      const spare = carried[j] === a ? 1 : 0;
      owned[j][spare].set(out);
      carried[j] = owned[j][spare];
      carriedBuffers[j] = ownedBuffers[j][spare];
    }
    result.loss = outs[nc].data;
    result.predictions = outs[nc + 1].data;
    return result;
  }

  return {
    engine: `typed-${dtype}`,
    step: (rows) => step(rows),
    traceStep(rows) {
      const outputs = step(rows, true);
      const buffers = last.buffers().map((b) => (b ? { shape: [...b.shape], data: Float32Array.from(b.data) } : null));
      const trace: StepTrace = { buffers };
      return {
        outputs: { loss: Float32Array.from(outputs.loss), predictions: Float32Array.from(outputs.predictions) },
        trace,
      };
    },
    evaluate(rows) {
      const evalInputs: TypedTensor[] = types.map((t, i) => {
        const j = layout.learnt.indexOf(i);
        return { shape: full(t, rows.n), data: j >= 0 ? carried[j] : rows.features };
      });
      const [loss, predictions] = evalEngine.run([
        ...evalInputs,
        { shape: full(layout.prediction, rows.n), data: rows.labels },
      ]);
      return { loss: loss.data, predictions: predictions.data };
    },
    setHypers(h: Hypers) {
      layout.hypers.forEach((name, i) => {
        hypers[i][0] = h[name];
      });
    },
    learnt: () => carried.slice(0, k).map((v) => Float32Array.from(v)),
    state: () => carried.slice(k).map((v) => Float32Array.from(v)),
    dispose() {},
  };
}
