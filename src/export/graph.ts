/**
 * The one graph every exporter reads (docs/export.md): a model file's diagram compiled as the app
 * compiles it, lowered to its forward Program, and read step by step in schedule order. Each
 * node is one generator applied to named values; the graph's inputs and outputs are named after
 * the drawn data input and output boxes, its weights after the compiler's parameters. Nothing
 * here describes the model a second time: a target maps these nodes through its op table.
 */
import { compileDocument } from '../compile/compile';
import type { CompiledModel } from '../compile/types';
import type { Config } from '../core/diagram';
import { getGenerator } from '../core/generators/index';
import { lower, type Program } from '../core/program';
import type { WireType } from '../core/wire';
import type { BoxDoc, LensDocument } from '../io/document';
import type { ModelFile, NamedArray, TrainingConfig } from '../io/modelSchema';
import { documentForModel } from '../learn/modelDocument';

/** A weight with its values: a parameter (group model) or the optimiser's state (group optimizer). */
export interface ExportWeight {
  readonly name: string;
  readonly shape: readonly number[];
  readonly data: Float32Array;
}

export interface ExportParam {
  /** The compiler's name, `box.port` (`W1.W`): the weight's name in the model file. */
  readonly name: string;
  readonly type: WireType;
  /** The drawn box that owns it, and the label the user gave that box (else its id). */
  readonly box: string;
  readonly label: string;
}

/** A value at the graph's boundary: a data input, or an output. */
export interface ExportPort {
  /** The drawn box's id (`x`, `yhat`): the name targets give the input or output. */
  readonly name: string;
  /** The user's label of that box, else its id. */
  readonly label: string;
  /** The value inside the graph: equal to `name` unless one value is read out twice. */
  readonly value: string;
  readonly type: WireType;
}

export interface ExportNode {
  readonly gen: string;
  readonly config: Config;
  /** Value names, in the generator's port order (parameters are values too). */
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly inputTypes: readonly WireType[];
  readonly outputTypes: readonly WireType[];
  /** The generator's port names, in the same order. */
  readonly inputPorts: readonly string[];
  readonly outputPorts: readonly string[];
  /** The inputs that are learnt parameters: port, weight name and shape. */
  readonly params: readonly { readonly port: string; readonly name: string; readonly shape: readonly number[] }[];
  /** The drawn box this step came from, and the user's label for it (else its id). */
  readonly box?: string;
  readonly label?: string;
}

export interface ExportGraph {
  /** The document's name. */
  readonly name: string;
  readonly inputs: readonly ExportPort[];
  readonly outputs: readonly ExportPort[];
  readonly params: readonly ExportParam[];
  /** In schedule order: every value a node reads was made by an earlier node or is an input. */
  readonly nodes: readonly ExportNode[];
  /** Every value's type, by name. */
  readonly values: ReadonlyMap<string, WireType>;
  /** The trained parameters, in `params` order. */
  readonly weights: readonly ExportWeight[];
  /** The optimiser's state as the model file keeps it (`W1.W/m`, `optimizer/t`). */
  readonly optimiserState: readonly ExportWeight[];
  /** How the model was trained: loss, optimiser with every hyper-parameter, batch size, data shapes. */
  readonly training: TrainingConfig;
  /** Epochs the document asks for (its training settings), for a training script's default. */
  readonly epochs: number;
  /** How many rows the dataset has, where the caller loaded it: the README then gives the split's sizes. */
  readonly datasetRows?: number;
}

/** A model file that cannot be exported, with every reason (each naming its box or weight). */
export class ExportError extends Error {
  constructor(readonly reasons: readonly string[]) {
    super(reasons.join('\n'));
    this.name = 'ExportError';
  }
}

/** The model file's diagram, compiled for the data shapes the file records. */
export function compileModelFile(file: ModelFile): { doc: LensDocument; model: CompiledModel } {
  const doc = documentForModel(file.diagram, file.trainingConfig);
  const d = file.trainingConfig.dataset;
  const field = d.task === 'boolean' ? 'z2' : 'real';
  const r = compileDocument(doc, { datasetShapes: { featureShape: d.featureShape, labelShape: d.labelShape, field } });
  if (!r.model) throw new ExportError(r.errors.map((e) => (e.box ? `box '${e.box}': ${e.message}` : e.message)));
  if (r.model.diagram.outputs.length === 0) throw new ExportError(['the model has no output to export']);
  return { doc, model: r.model };
}

/** Names handed out once each: a wanted name, or it with `_2`, `_3`… when taken. */
class Names {
  private readonly taken = new Set<string>();
  claim(wanted: string): string {
    let name = wanted;
    for (let k = 2; this.taken.has(name); k++) name = `${wanted}_${k}`;
    this.taken.add(name);
    return name;
  }
}

const labelOf = (boxes: ReadonlyMap<string, BoxDoc>, id: string): string => boxes.get(id)?.label ?? id;

/** The drawn output box each model output feeds (by the wire into its ŷ port), else the loss's ŷ. */
function outputBox(doc: LensDocument, from: { box: string; port: string }, roles: readonly string[]): string | null {
  for (const role of roles) {
    const reader = doc.wires.find((w) => {
      const to = doc.boxes.find((b) => b.id === w.to.box);
      return to?.generator === role && w.from.box === from.box && w.from.port === from.port;
    });
    if (reader) return reader.to.box;
  }
  return null;
}

function pick(weights: readonly NamedArray[], group: NamedArray['group'], name: string, shape: readonly number[]) {
  const w = weights.find((x) => x.group === group && x.name === name);
  if (!w) throw new ExportError([`the model file has no ${group} weight named '${name}'`]);
  if (w.shape.join() !== shape.join())
    throw new ExportError([
      `weight '${name}' has shape [${w.shape.join(', ')}]; the diagram needs [${shape.join(', ')}]`,
    ]);
  return { name, shape: [...shape], data: w.data };
}

/** The forward model of a model file, as a graph of named values (see the header). */
export function exportGraph(file: ModelFile, weights: readonly NamedArray[]): ExportGraph {
  const { doc, model } = compileModelFile(file);
  const program: Program = lower(model.diagram);
  const boxes = new Map(doc.boxes.map((b) => [b.id, b]));
  const names = new Names();
  const bufferName = new Map<number, string>();
  const values = new Map<string, WireType>();
  const nameBuffer = (buffer: number, wanted: string): string => {
    const name = names.claim(wanted);
    bufferName.set(buffer, name);
    values.set(name, program.bufferTypes[buffer]);
    return name;
  };

  const params: ExportParam[] = model.params.map((p, i) => {
    nameBuffer(program.inputs[i], p.name);
    return { name: p.name, type: p.type, box: p.source, label: labelOf(boxes, p.source) };
  });
  const inputs: ExportPort[] = model.inputs.map((input, i) => {
    const name = nameBuffer(program.inputs[model.params.length + i], input.box);
    return { name, label: labelOf(boxes, input.box), value: name, type: input.type };
  });
  const outputs: ExportPort[] = model.outputs.map((o, i) => {
    const buffer = program.outputs[i];
    const box = outputBox(doc, o, ['output', 'loss']) ?? 'prediction';
    const already = bufferName.get(buffer);
    const name = already === undefined ? nameBuffer(buffer, box) : names.claim(box);
    return { name, label: labelOf(boxes, box), value: bufferName.get(buffer) as string, type: o.type };
  });

  const paramNames = new Set(model.params.map((p) => p.name));
  const nodes: ExportNode[] = program.steps.map((step) => {
    const ports = getGenerator(step.gen).ports(step.config);
    const source = step.source;
    const outputNames = step.outputs.map((buffer, j) => {
      const known = bufferName.get(buffer);
      if (known !== undefined) return known;
      const base = source ?? step.gen;
      return nameBuffer(buffer, step.outputs.length === 1 ? base : `${base}.${ports.outputs[j].name}`);
    });
    const inputNames = step.inputs.map((buffer) => bufferName.get(buffer) as string);
    return {
      gen: step.gen,
      config: step.config,
      inputs: inputNames,
      outputs: outputNames,
      inputTypes: step.types,
      outputTypes: step.outputs.map((buffer) => program.bufferTypes[buffer]),
      inputPorts: ports.inputs.map((p) => p.name),
      outputPorts: ports.outputs.map((p) => p.name),
      params: inputNames.flatMap((name, j) =>
        paramNames.has(name) ? [{ port: ports.inputs[j].name, name, shape: step.types[j].shape }] : [],
      ),
      ...(source === undefined ? {} : { box: source, label: labelOf(boxes, source) }),
    };
  });

  const state = weights.filter((w) => w.group === 'optimizer');
  return {
    name: doc.name,
    inputs,
    outputs,
    params,
    nodes,
    values,
    weights: model.params.map((p) => pick(weights, 'model', p.name, p.type.shape)),
    optimiserState: state.map((w) => ({ name: w.name, shape: [...w.shape], data: w.data })),
    training: file.trainingConfig,
    epochs: doc.training?.epochs ?? 100,
  };
}
