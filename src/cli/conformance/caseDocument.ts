/**
 * A generator case drawn as a document a model file holds (conformance/README.md): the data
 * input `x` feeds the box's batched inputs (split and reshaped when there are several),
 * parameter boxes its unbatched ones, and its outputs reach the one output box `yhat` made
 * batched (broadcastBatch), flat (reshape) and joined (concat), since a model file's model
 * gives one prediction per row. Only exact plumbing (split, reshape, concat, broadcastBatch)
 * stands between the data and the box, so a case checks its own generator's arithmetic.
 */
import type { Config } from '../../core/diagram';
import { getGenerator } from '../../core/generators/index';
import { shapeSize } from '../../core/shape';
import type { WireType } from '../../core/wire';
import type { BoxDoc, LensDocument, PortRef, WireDoc } from '../../io/document';
import type { DatasetRef } from '../../io/modelSchema';
import type { GeneratorCase } from './generatorCases';

export interface CaseDocument {
  readonly doc: LensDocument;
  readonly dataset: DatasetRef;
}

/** The dataset a generator case names: none is loaded; its rows come with the case. */
export const CASE_DATASET_ID = 'conformance';

class Drawing {
  readonly boxes: BoxDoc[] = [];
  readonly wires: WireDoc[] = [];

  box(id: string, generator: string, config: Config = {}): string {
    this.boxes.push({ id, generator, config: { ...config }, position: { x: 160 * this.boxes.length, y: 0 } });
    return id;
  }

  wire(from: PortRef, to: PortRef): void {
    this.wires.push({ id: `w${this.wires.length + 1}`, from, to });
  }
}

const isFlat = (t: WireType) => t.shape.length === 1;

export function generatorDocument(c: GeneratorCase): CaseDocument {
  const g = getGenerator(c.gen);
  const config = { ...Object.fromEntries(g.configFields.map((f) => [f.key, f.default])), ...c.config };
  const ports = g.ports(config);
  const outTypes = g.type(config, c.inputs);
  const z2 = [...c.inputs, ...outTypes].some((t) => t.field === 'z2');
  const field = z2 ? 'z2' : 'real';
  const d = new Drawing();
  d.box('x', 'input');
  const batched = c.inputs.flatMap((t, i) => (t.batch ? [i] : []));
  const sizes = batched.map((i) => shapeSize(c.inputs[i].shape));
  const featureShape = batched.length === 1 ? [...c.inputs[batched[0]].shape] : [Math.max(1, sum(sizes))];
  const source = new Map<number, PortRef>();
  if (batched.length === 1) source.set(batched[0], { box: 'x', port: 'x' });
  if (batched.length > 1) {
    d.box('x-split', 'split', { sizes });
    d.wire({ box: 'x', port: 'x' }, { box: 'x-split', port: 'x' });
    for (const [k, i] of batched.entries()) {
      const piece = { box: 'x-split', port: `y${k}` };
      if (isFlat(c.inputs[i])) {
        source.set(i, piece);
        continue;
      }
      const id = d.box(`x${k}-shape`, 'reshape', { shape: [...c.inputs[i].shape] });
      d.wire(piece, { box: id, port: 'x' });
      source.set(i, { box: id, port: 'y' });
    }
  }
  c.inputs.forEach((t, i) => {
    if (t.batch) return;
    const id = d.box(`p${i}`, 'parameter', { shape: [...t.shape], field: t.field, init: { kind: 'zeros' } });
    source.set(i, { box: id, port: 'W' });
  });
  d.box('box', c.gen, c.config);
  for (const [i, port] of ports.inputs.entries()) d.wire(source.get(i) as PortRef, { box: 'box', port: port.name });
  const outs = outTypes.map((t, j) => rowOf(d, { box: 'box', port: ports.outputs[j].name }, t, j));
  d.box('yhat', 'output');
  const width = sum(outTypes.map((t) => Math.max(1, shapeSize(t.shape))));
  if (outs.length === 0) d.wire({ box: 'x', port: 'x' }, { box: 'yhat', port: 'ŷ' });
  else if (outs.length === 1) d.wire(outs[0], { box: 'yhat', port: 'ŷ' });
  else {
    d.box('join', 'concat', { n: outs.length });
    for (const [j, o] of outs.entries()) d.wire(o, { box: 'join', port: `x${j}` });
    d.wire({ box: 'join', port: 'y' }, { box: 'yhat', port: 'ŷ' });
  }
  const labelShape = outs.length === 0 ? featureShape : [width];
  const doc: LensDocument = {
    format: 'lensboard-document',
    version: 1,
    name: `${c.gen} ${JSON.stringify(c.config)}`,
    boxes: d.boxes,
    wires: d.wires,
    groups: [],
    training: {
      loss: z2 ? 'z2-xor' : 'mse',
      optimiser: { kind: 'gd', learningRate: z2 ? 1 : 0.01 },
      batchSize: 32,
      epochs: 1,
      seed: 1,
      testFraction: 0,
    },
  };
  return {
    doc,
    dataset: {
      id: CASE_DATASET_ID,
      options: {},
      featureShape,
      labelShape,
      task: field === 'z2' ? 'boolean' : 'regression',
    },
  };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** An output of the box as a batched, flat value: what one row of the prediction holds of it. */
function rowOf(d: Drawing, from: PortRef, t: WireType, j: number): PortRef {
  let at = from;
  if (!t.batch) {
    d.box(`y${j}-rows`, 'broadcastBatch');
    d.wire(at, { box: `y${j}-rows`, port: 'x' });
    at = { box: `y${j}-rows`, port: 'y' };
  }
  if (isFlat(t)) return at;
  d.box(`y${j}-flat`, 'reshape', { shape: [Math.max(1, shapeSize(t.shape))] });
  d.wire(at, { box: `y${j}-flat`, port: 'x' });
  return { box: `y${j}-flat`, port: 'y' };
}
