/**
 * A rule's caption with the numbers of one example filled in: the diagram the caption prints
 * (a reverse rule, an optimiser's update) is run on that example alone, in float64, and every
 * wire's value is read at the element shown. Where each wire of the rule has the example's
 * shape (or is one shared scalar), the rule acts element by element, so the formula is printed
 * with numbers; otherwise only each output, as the first few of its values.
 */
import type { Diagram } from '../../core/diagram';
import { lower } from '../../core/program';
import { fullShape, isScalar, typeSize } from '../../core/shape';
import { packedOf } from '../../core/views';
import { createTypedEngine } from '../../engines/typed';
import { formulas, type Printing } from './formula';
import { printNumber } from './notation';

export interface Example {
  /** The diagram's inputs at one example, each flattened (an unbatched input: all of it). */
  readonly inputs: readonly ArrayLike<number>[];
  /** The element to show where the rule acts element by element (default 0). */
  readonly element?: number;
}

export interface Evaluated {
  /** Wire ↦ its values at the example. */
  readonly values: readonly Float64Array[];
  /** Whether every wire has the example's shape or is one shared scalar. */
  readonly pointwise: boolean;
}

/** Every wire of `d` at one example (batch of one), on the float64 typed engine. */
export function evaluateAt(d: Diagram, ex: Example): Evaluated {
  const p = packedOf(d);
  const program = lower(d);
  const types = Array.from(p.inputs, (w) => p.types[p.wireType[w]]);
  if (ex.inputs.length !== types.length)
    throw new Error(`the rule takes ${types.length} inputs, got ${ex.inputs.length}`);
  const engine = createTypedEngine(program, { dtype: 'float64' });
  engine.run(
    types.map((t, i) => {
      if (ex.inputs[i].length !== typeSize(t))
        throw new Error(`input ${i} of the rule has ${typeSize(t)} values at one example, got ${ex.inputs[i].length}`);
      return { shape: fullShape(t, 1), data: Float64Array.from(ex.inputs[i]) };
    }),
    { batchSize: 1 },
  );
  const bufs = engine.buffers();
  const values = Array.from({ length: p.nWires }, (_, w) => {
    const b = program.wireBuffer[w];
    return b < 0 || !bufs[b] ? new Float64Array(0) : Float64Array.from((bufs[b] as { data: ArrayLike<number> }).data);
  });
  const wireTypes = Array.from(p.wireType, (k) => p.types[k]);
  const common = typeSize(types[0] ?? wireTypes[0]);
  const pointwise = wireTypes.every((t) => typeSize(t) === common || isScalar(t));
  return { values, pointwise };
}

/** The value shown for a wire: its element, a shared scalar's one value. */
const at = (v: Float64Array, element: number) => (v.length === 1 ? v[0] : v[element]);

/** The first few values, and how many more there are in words: a caption is not cut off with `…`. */
function preview(v: Float64Array): string {
  const shown = Array.from(v.subarray(0, 4), printNumber).join(', ');
  return `[${shown}${v.length > 4 ? ` and ${v.length - 4} more` : ''}]`;
}

/** One output at the example: its formula, the formula with numbers (where the rule is pointwise), its value. */
export interface Filled {
  readonly name: string;
  readonly formula: string;
  readonly numbers?: string;
  readonly value: string;
  /** All of the output at the example. */
  readonly values: Float64Array;
}

/** `name = formula = numbers = value`, leaving out what says nothing new. */
export const printFilled = (f: Filled): string =>
  [f.name, f.formula, f.numbers, f.value].filter((t, k, all) => t !== undefined && t !== all[k - 1]).join(' = ');

/** Each output of `d` at the example, in the order `formulas` prints them. */
export function filled(d: Diagram, how: Printing, ex: Example): Filled[] {
  const run = evaluateAt(d, ex);
  const e = ex.element ?? 0;
  const p = packedOf(d);
  const plain = formulas(d, how);
  const shown = run.pointwise ? formulas(d, { ...how, valueAt: (w) => at(run.values[w], e) }) : undefined;
  return plain.map((f, k) => {
    const w = p.outputs[how.outputNames.indexOf(f.name)];
    const values = run.values[w];
    if (!shown) return { name: f.name, formula: f.text, value: preview(values), values };
    return { name: f.name, formula: f.text, numbers: shown[k].text, value: printNumber(at(values, e)), values };
  });
}
