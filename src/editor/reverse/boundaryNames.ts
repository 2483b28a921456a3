/**
 * The names on the boundary of R[f], in the order rdiff lays it out. R[f] : A × B′ → A′ takes
 * the model's inputs A (parameters first, named by the port they feed, `W of linear 2→8`, then
 * data inputs, named by their box's label) and the changes B′ of its outputs (`d ŷ`, named by
 * the output box port they feed), and gives the changes A′ of the inputs (`d W of linear 2→8`).
 */

import type { CompiledModel } from '../../compile/types';
import type { LensDocument } from '../../io/document';
import { boxName, paramName } from './displayNames';

export interface BoundaryNames {
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
}

function outputName(doc: LensDocument | null, box: string, port: string): string {
  const into = doc?.wires.find(
    (w) =>
      w.from.box === box &&
      w.from.port === port &&
      doc.boxes.some((b) => b.id === w.to.box && b.generator === 'output'),
  );
  return into ? into.to.port : `${box}.${port}`;
}

export function boundaryNames(model: CompiledModel, doc: LensDocument | null): BoundaryNames {
  const forward = [...model.params.map((p) => paramName(doc, p.name)), ...model.inputs.map((i) => boxName(doc, i.box))];
  const outs = model.outputs.map((o) => outputName(doc, o.box, o.port));
  return {
    inputs: [...forward, ...outs.map((n) => `d ${n}`)],
    outputs: forward.map((n) => `d ${n}`),
  };
}
