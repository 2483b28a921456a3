/**
 * A box's real ports and sizes at the head of the inspector, read from the types the compiler
 * inferred: "4 inputs, 3 outputs, 12 weights" on a 4→3 linear box (sizes, not a count of wires),
 * or `ℝ^4 → ℝ^3, P = ℝ^{4×3}ᵖ` in mathematical notation (docs/notation.md).
 */
import type { PortSpec } from '../../core/generator';
import type { WireType } from '../../core/wire';
import { boxSizesIn } from '../../learn/explain/plainWords';
import { useNotation } from '../notation/useNotation';
import { useCompiled } from '../store/hooks';

export function BoxSizes({
  box,
  inputs,
  outputs,
}: {
  box: string;
  inputs: readonly PortSpec[];
  outputs: readonly PortSpec[];
}) {
  const compiled = useCompiled();
  const notation = useNotation();
  const typeOf = (p: PortSpec) => compiled?.portTypes.get(`${box}:${p.name}`);
  const all = [...inputs, ...outputs].map(typeOf);
  if (all.some((t) => !t)) return <p className="box-sizes-line muted">Sizes: connect its inputs to see them.</p>;
  const types = (ps: readonly PortSpec[]) => ps.map(typeOf) as WireType[];
  const text = boxSizesIn(
    notation,
    types(inputs.filter((p) => !p.param)),
    types(outputs),
    types(inputs.filter((p) => p.param)),
  );
  return (
    <p className="box-sizes-line" data-testid="box-sizes">
      {text}
    </p>
  );
}
