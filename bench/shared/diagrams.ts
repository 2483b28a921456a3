/**
 * The diagrams of the compiler's growth check, shared by the `core` suite and the core
 * profilers (and hashed by the golden check), so that all of them measure the same boxes.
 */
import { type Diagram, DiagramBuilder, real } from '../../src/core';

/** A σ/tanh chain of n boxes: the deep case of the growth check. */
export function chain(n: number): Diagram {
  const b = new DiagramBuilder();
  let w = b.input(real([8]));
  for (let i = 0; i < n; i++) w = b.op(i % 2 ? 'tanh' : 'sigmoid', [w]);
  b.output(w);
  return b.build();
}

/** n σ boxes side by side: the wide case. */
export function wide(n: number): Diagram {
  const b = new DiagramBuilder();
  const xs = b.inputs(Array.from({ length: n }, () => real([8])));
  b.outputs(xs.map((x) => b.op('sigmoid', [x])));
  return b.build();
}
