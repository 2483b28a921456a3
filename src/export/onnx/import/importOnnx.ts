/**
 * An ONNX file as a Lensboard model (docs/export.md, "Import back"): its one data input as the
 * input box, each node through the import table (ops.ts) as generators, its initialisers as
 * parameter boxes holding their values, its one output as the output box. The file is untrusted:
 * every refusal names the node and its op, every node Lensboard cannot draw is listed (not just
 * the first), nothing throws out of here, and nothing is made unless the whole file is drawn.
 * The diagram is named and bound as the file carries it (carried.ts), else bound to the catalog
 * dataset whose shapes fit, else to a CSV of those shapes that the user imports before training.
 */
import { compileDocument } from '../../../compile/compile';
import { catalog, entryShapes } from '../../../data/catalog';
import { CSV_DATASET_ID } from '../../../data/csvBinding';
import type { Task } from '../../../data/dataset';
import type { DatasetBinding, LensDocument } from '../../../io/document';
import type { ModelFile, NamedArray } from '../../../io/modelSchema';
import { buildModelFile } from '../../../io/modelWrite';
import { hypersOf } from '../../../learn/optimisers/index';
import { decodeOnnx, type ExternalFiles } from '../decode';
import type { OnnxModel, OnnxNode, OnnxTensor } from '../model';
import { carriedBinding, importedName } from './carried';
import { Drawing, type Value } from './drawing';
import { FOLDED_OPS, foldNode } from './fold';
import { groupLargeImport } from './grouping';
import { CLASS_OPS, learnerChoice } from './learnerChoice';
import { ImportRefusal, refuse } from './nodeReading';
import { IMPORT_OPS } from './ops';
import { fusePatterns } from './patterns';

export interface ImportIssue {
  readonly path: string;
  readonly message: string;
}

/** The stages of an import, in order, as the status bar names them. */
export const IMPORT_STAGES = ['reading', 'drawing', 'grouping', 'checking', 'writing'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number];
/** Where an import is: its stage and how far the whole import has come, in [0, 1]. */
export interface ImportProgress {
  readonly stage: ImportStage;
  readonly fraction: number;
}
export type OnProgress = (p: ImportProgress) => void;
/** The share of the whole import done when each stage starts (measured on a 10,000-node file). */
const STAGE_START: Readonly<Record<ImportStage, number>> = {
  reading: 0,
  drawing: 0.15,
  grouping: 0.32,
  checking: 0.34,
  writing: 0.9,
};
const at = (stage: ImportStage, within = 0): ImportProgress => {
  const k = IMPORT_STAGES.indexOf(stage);
  const end = k + 1 < IMPORT_STAGES.length ? STAGE_START[IMPORT_STAGES[k + 1]] : 1;
  return { stage, fraction: STAGE_START[stage] + within * (end - STAGE_START[stage]) };
};

export type OnnxImport =
  /** `note`: the loss and optimiser chosen for it, and why (./learnerChoice.ts), for the opening notice. */
  | { readonly ok: true; readonly file: ModelFile; readonly weights: NamedArray[]; readonly note: string }
  | { readonly ok: false; readonly errors: readonly ImportIssue[] };

/** The ONNX ops Lensboard draws, for docs and messages. */
export const IMPORTED_OPS = [...new Set([...Object.keys(IMPORT_OPS), ...FOLDED_OPS, 'Constant'])].sort();
const known = (op: string) => op === 'Constant' || Object.hasOwn(IMPORT_OPS, op) || FOLDED_OPS.includes(op);

const nodeWhere = (n: OnnxNode) => `node “${n.name}” (${n.opType})`;
const issue = (path: string, message: string): ImportIssue => ({ path, message });
const fail = (errors: ImportIssue[]): OnnxImport => ({ ok: false, errors });

/** Constants: initialisers, and Constant nodes' tensors (exporters write shapes that way). */
function constants(m: OnnxModel): Map<string, OnnxTensor> {
  const out = new Map(m.graph.initializers.map((t) => [t.name, t]));
  for (const n of m.graph.nodes) {
    const value = n.attributes.find((a) => a.name === 'value' || a.name === 'value_ints');
    if (n.opType !== 'Constant' || !value || !n.outputs[0]) continue;
    if (value.kind === 'tensor') out.set(n.outputs[0], { ...value.value, name: n.outputs[0] });
    if (value.kind === 'ints')
      out.set(n.outputs[0], { name: n.outputs[0], dims: [value.value.length], dataType: 7, values: value.value });
  }
  return out;
}

/** The data input as drawn: its box, and an image input [N, 1, H, W] reshaped to NHWC. */
function drawInput(
  m: OnnxModel,
  tensors: Map<string, OnnxTensor>,
  d: Drawing,
): { value: Value; features: number[] } | ImportIssue {
  const inputs = m.graph.inputs.filter((i) => !tensors.has(i.name));
  if (inputs.length !== 1)
    return issue('inputs', `the graph has ${inputs.length} data inputs; a Lensboard diagram reads one`);
  const input = inputs[0];
  const where = `input “${input.name}”`;
  // int64 and int32 inputs are token ids (an embedding's Gather reads them); Lensboard holds them as reals
  if (input.elemType !== 1 && input.elemType !== 6 && input.elemType !== 7)
    return issue('inputs', `${where} is neither float32 nor integer ids (int32, int64)`);
  const dims = input.shape.slice(1);
  if (input.shape.length < 2 || !dims.every((v) => typeof v === 'number' && v > 0 && v <= 1 << 20)) {
    return issue(
      'inputs',
      `${where} has the shape [${input.shape.join(', ')}]; Lensboard reads [batch, features…] with known sizes`,
    );
  }
  const shape = dims as number[];
  const box = d.role('input', input.name, input.name);
  const x: Value = { box, port: 'x', shape, layout: 'plain' };
  if (shape.length !== 3) {
    if (shape.length > 2)
      return issue(
        'inputs',
        `${where} has ${shape.length} feature axes; Lensboard imports vectors, sequences of vectors and images`,
      );
    return { value: x, features: shape };
  }
  const [ch, h, w] = shape;
  const flat: Value = { ...x, shape: [ch * h * w] };
  if (ch === 1) {
    const image = d.box('reshape', { shape: [h, w, 1] }, `${input.name}.image`, [flat]).out(0, [h, w, 1], 'nhwc');
    return { value: image, features: [ch * h * w] };
  }
  // NCHW features to an NHWC image: each channel's plane cut out, made [h, w, 1], and joined along the last axis
  const planes = d.box('split', { sizes: Array(ch).fill(h * w) }, `${input.name}.channels`, [flat]);
  const layers = Array.from({ length: ch }, (_, k) =>
    d.box('reshape', { shape: [h, w, 1] }, `${input.name}.channel${k}`, [planes.out(k, [h * w])]).out(0, [h, w, 1]),
  );
  const image = d.box('concat', { n: ch }, `${input.name}.image`, layers).out(0, [h, w, ch], 'nhwc');
  return { value: image, features: [ch * h * w] };
}

/** The catalog dataset whose shapes fit, else a CSV of those shapes for the user to import. */
function binding(features: number[], labels: number[], name: string): { binding: DatasetBinding; task: Task } {
  for (const [id, entry] of catalog) {
    const s = entryShapes(entry, {});
    if (
      entry.task !== 'boolean' &&
      s.featureShape.join() === features.join() &&
      s.labelShape.join() === labels.join()
    ) {
      return { binding: { id, options: {} }, task: entry.task };
    }
  }
  const m = labels[0];
  const options = {
    name: `data for ${name}`.slice(0, 200),
    key: 'onnx-import',
    rows: 1,
    features: Array.from({ length: features[0] }, (_, i) => `x${i + 1}`),
    label: 'y',
    ...(m > 1
      ? { labelKind: 'classes', classes: Array.from({ length: m }, (_, i) => `class ${i + 1}`) }
      : { labelKind: 'numeric' }),
  };
  return { binding: { id: CSV_DATASET_ID, options }, task: m > 1 ? 'classification' : 'regression' };
}

/**
 * The graph's last node when it turns logits into classes (Softmax or LogSoftmax over the classes
 * of a [batch, classes] output): it is not drawn, and softmax cross-entropy takes its input.
 */
function classesNode(m: OnnxModel): OnnxNode | undefined {
  const out = m.graph.outputs[0];
  if (m.graph.outputs.length !== 1 || out.shape.length !== 2) return undefined;
  const last = m.graph.nodes.find((n) => n.outputs.includes(out.name));
  if (!last || !CLASS_OPS.has(last.opType)) return undefined;
  const axis = last.attributes.find((a) => a.name === 'axis');
  return axis === undefined || (axis.kind === 'int' && (axis.value === 1 || axis.value === -1)) ? last : undefined;
}

function drawNodes(
  m: OnnxModel,
  tensors: Map<string, OnnxTensor>,
  d: Drawing,
  values: Map<string, Value>,
  folded: OnnxNode | undefined,
  onProgress: OnProgress,
): ImportIssue[] {
  const errors: ImportIssue[] = [];
  const nodes = fusePatterns(
    m.graph.nodes,
    m.graph.outputs.map((o) => o.name),
    (k) => tensors.get(k),
  );
  const unknown = nodes.filter((n) => n !== folded && !known(n.opType));
  for (const n of unknown) errors.push(issue(n.name, `${nodeWhere(n)}: ONNX's ${n.opType} has no Lensboard generator`));
  if (errors.length > 0) return errors;
  const broken = new Set<string>();
  const batch = m.graph.inputs.find((i) => !tensors.has(i.name))?.shape[0];
  const every = Math.max(1, Math.ceil(nodes.length / 50));
  for (const [k, n] of nodes.entries()) {
    if (k % every === 0) onProgress(at('drawing', k / nodes.length));
    if (n.opType === 'Constant' || n === folded) continue;
    if (n.inputs.some((i) => broken.has(i))) {
      for (const o of n.outputs) broken.add(o);
      continue;
    }
    try {
      const folded = foldNode(
        n,
        (k) => tensors.get(k),
        (k) => values.get(k),
        m.opset,
      );
      if (folded) {
        tensors.set(n.outputs[0], folded);
        continue;
      }
      if (!Object.hasOwn(IMPORT_OPS, n.opType))
        refuse(`Lensboard computes ${n.opType} only on constants (sizes), and this one reads a data wire`);
      const outs = IMPORT_OPS[n.opType]({
        d,
        node: n,
        opset: m.opset,
        batch: typeof batch === 'number' ? batch : undefined,
        value: (k) => values.get(k),
        tensor: (k) => tensors.get(k),
        folded: (k, t) => tensors.set(k, t),
      });
      n.outputs.forEach((o, k) => {
        if (outs[k]) values.set(o, outs[k]);
      });
    } catch (e) {
      const why = e instanceof ImportRefusal ? e.message : `Lensboard could not draw it: ${(e as Error).message}`;
      errors.push(issue(n.name, `${nodeWhere(n)}: ${why}`));
      for (const o of n.outputs) broken.add(o);
    }
  }
  return errors;
}

function drawOutput(
  m: OnnxModel,
  d: Drawing,
  values: Map<string, Value>,
  folded: OnnxNode | undefined,
): Value | ImportIssue {
  if (m.graph.outputs.length !== 1) {
    return issue('outputs', `the graph has ${m.graph.outputs.length} outputs; a Lensboard diagram predicts one`);
  }
  const out = m.graph.outputs[0];
  const v = values.get(folded ? folded.inputs[0] : out.name);
  if (!v) return issue('outputs', `output “${out.name}” is made by no node`);
  const ordered = v.layout === 'plain' || (typeof v.layout === 'object' && v.layout.perm.every((p, i) => p === i));
  // a sequence's outputs ([positions, features], a transformer's logits) are plain: only a vector may carry an image's order
  if (!ordered || (v.shape.length !== 1 && v.layout !== 'plain')) {
    return issue(
      'outputs',
      `output “${out.name}” is not a vector or a sequence in ONNX's order; Lensboard predicts those`,
    );
  }
  d.wire(v, d.role('output', out.name, out.name), 'ŷ');
  return v;
}

function translate(m: OnnxModel, fileName: string, onProgress: OnProgress): OnnxImport {
  const d = new Drawing();
  const tensors = constants(m);
  const input = drawInput(m, tensors, d);
  if ('message' in input) return fail([input]);
  const values = new Map<string, Value>([[m.graph.inputs.find((i) => !tensors.has(i.name))!.name, input.value]]);
  const folded = classesNode(m);
  const errors = drawNodes(m, tensors, d, values, folded, onProgress);
  if (errors.length > 0) return fail(errors);
  const out = drawOutput(m, d, values, folded);
  if ('message' in out) return fail([out]);
  const bad = d.weights.find((w) => w.data.some((v) => !Number.isFinite(v)));
  if (bad) return fail([issue(bad.name, `weight “${bad.name}” holds a value that is not a finite number`)]);
  const name = importedName(m, fileName);
  const { binding: dataset, task } =
    carriedBinding(m, input.features, out.shape) ?? binding(input.features, [...out.shape], name);
  const chosen = learnerChoice(folded?.opType, task, out.shape[0] ?? 1);
  const { loss, optimiser } = chosen;
  onProgress(at('grouping'));
  const doc: LensDocument = groupLargeImport({
    format: 'lensboard-document',
    version: 1,
    name,
    boxes: d.boxes,
    wires: d.wires,
    groups: [],
    dataset,
    training: { loss, optimiser: { ...optimiser }, batchSize: 32, epochs: 100, seed: 1, testFraction: 0 },
  });
  onProgress(at('checking'));
  const compiled = compileDocument(doc, {
    datasetShapes: { featureShape: input.features, labelShape: [...out.shape], field: 'real' },
  });
  if (!compiled.model) return fail(compiled.errors.map((e) => issue(e.box ?? '', e.message)));
  onProgress(at('writing'));
  const file = buildModelFile({
    diagram: doc,
    trainingConfig: {
      dataset: { ...dataset, featureShape: input.features, labelShape: [...out.shape], task },
      loss,
      optimiser: { kind: optimiser.kind, ...hypersOf(optimiser) },
      seed: 1,
      batchSize: 32,
      testFraction: 0,
      epochsDone: 0,
      stepsDone: 0,
    },
    metrics: { train: null, test: null },
    weights: d.weights,
  });
  return { ok: true, file, weights: d.weights, note: chosen.why };
}

/**
 * The bytes of a `.onnx` file as a Lensboard model file and its weights, or every reason it
 * cannot be drawn; `onProgress` hears each stage start and the drawing advance.
 */
export function importOnnx(
  bytes: Uint8Array,
  fileName: string,
  onProgress: OnProgress = () => {},
  external?: ExternalFiles,
): OnnxImport {
  onProgress(at('reading'));
  const decoded = decodeOnnx(bytes, external);
  if (!decoded.ok) return fail([issue('', decoded.error)]);
  try {
    return translate(decoded.model, fileName, onProgress);
  } catch (e) {
    return fail([issue('', `Lensboard could not draw this ONNX file: ${(e as Error).message}`)]);
  }
}
