/**
 * A model file as a function, with no editor, no React and no tfjs unless asked: `loadModel`
 * reads the file through the checked path, compiles its diagram for the dataset shapes the
 * file records, checks its weights against the parameters the diagram makes, and gives back
 * `predict`. By default it runs on the typed-array engine in float32, the trainer's own
 * arithmetic, so predictions are the trainer's bit for bit; `modelRuntimeTfjs.ts` gives a
 * runner on the live tfjs backend.
 */
import { compileDocument } from '../compile/compile';
import type { CompiledModel } from '../compile/types';
import { fuseProgram } from '../core/fuse';
import { lower, type Program } from '../core/program';
import { shapeSize } from '../core/shape';
import { classOf, type Preparation, prepare, preparedWidth, type RawRows, rawWidth } from '../data/preparation';
import { createTypedEngine } from '../engines/typed';
import type { LensDocument } from '../io/document';
import { matchWeights } from '../io/modelMatch';
import type { GivenWeight, ModelFile, NamedArray } from '../io/modelSchema';
import type { WeightIssue } from '../io/modelWeights';
import { parseModel, parseModelText } from './modelParse';

export interface PlainArray {
  readonly shape: readonly number[];
  readonly data: Float32Array;
}

/** Runs a Program on inputs, giving its outputs; the arrays it returns are the caller's. */
export type ProgramRunner = (program: Program) => (inputs: readonly PlainArray[]) => PlainArray[];

export const typedRunner: ProgramRunner = (program) => {
  const engine = createTypedEngine(program, { dtype: 'float32' });
  return (inputs) =>
    engine
      .run(inputs.map((x) => ({ shape: [...x.shape], data: x.data })))
      .map((o) => ({ shape: [...o.shape], data: Float32Array.from(o.data) }));
};

export interface LoadedModel {
  readonly diagram: LensDocument;
  readonly file: ModelFile;
  /** The parameters by name (group "model"), in the diagram's order. */
  readonly parameters: readonly NamedArray[];
  readonly inputShape: readonly number[];
  readonly outputShape: readonly number[];
  /**
   * How raw rows become the model's input, as the file records it (docs/model-format.md,
   * *The preparation*); null for a file that records none, whose rows are given prepared.
   */
  readonly preparation: Preparation | null;
  /**
   * Predictions for rows as the user has them (one array per row, or n rows in one flat array),
   * the file's preparation applied first; with `{ prepared: true }`, rows already prepared, each
   * flattened to inputShape's size.
   */
  predict(inputs: RawRows, options?: { readonly prepared?: boolean }): Float32Array[];
  /** The class name a prediction names, when the model is a classifier whose file names its classes. */
  className(prediction: ArrayLike<number>): string | null;
  /**
   * What each drawn box puts out on n rows (flat, as `predict` takes them): the unfused forward
   * pass with every box's last output kept, keyed by the box's id (a box inside a group by its own).
   */
  probe(inputs: Float32Array): ReadonlyMap<string, PlainArray>;
}

/** The forward Program with the last output of each drawn box as an output, and those boxes' ids. */
function everyBoxOutput(p: Program): { program: Program; boxes: string[] } {
  const last = new Map<string, number>();
  for (const s of p.steps) if (s.source !== undefined && s.outputs.length > 0) last.set(s.source, s.outputs[0]);
  const program: Program = {
    nBuffers: p.nBuffers,
    bufferTypes: p.bufferTypes,
    inputs: p.inputs,
    outputs: [...last.values()],
    steps: p.steps,
    wireBuffer: p.wireBuffer,
  };
  return { program, boxes: [...last.keys()] };
}

/** Thrown with every problem, each naming its JSON path (or the diagram's box). */
export class ModelFileError extends Error {
  constructor(readonly errors: readonly WeightIssue[]) {
    super(errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('\n'));
    this.name = 'ModelFileError';
  }
}

function compiled(file: ModelFile): CompiledModel {
  const d = file.trainingConfig.dataset;
  const datasetShapes = {
    featureShape: d.featureShape,
    labelShape: d.labelShape,
    field: d.task === 'boolean' ? 'z2' : 'real',
  } as const;
  const r = compileDocument(file.diagram, { datasetShapes });
  if (!r.model) {
    throw new ModelFileError(
      r.errors.map((e) => ({ path: e.box ? `diagram (box '${e.box}')` : 'diagram', message: e.message })),
    );
  }
  if (r.model.diagram.outputs.length !== 1) {
    throw new ModelFileError([{ path: 'diagram', message: 'the diagram must give one prediction output' }]);
  }
  return r.model;
}

/** A diagram compiled, lowered and made runnable, with its probing program once asked for. */
interface Built {
  readonly model: CompiledModel;
  readonly lowered: Program;
  readonly forward: ReturnType<ProgramRunner>;
  probing: { run: ReturnType<ProgramRunner>; boxes: string[] } | null;
}

/**
 * The last diagram built, by runner and by the diagram and dataset it was built for: a training
 * page loads the run's model file every half second, the same diagram with new weights, and
 * compiling it each time was most of what the page did while a large diagram trained. The
 * runners give back arrays of their own, so one built runner serves every model that shares it.
 */
let last: { run: ProgramRunner; key: string; built: Built } | null = null;

function built(file: ModelFile, run: ProgramRunner): Built {
  const key = JSON.stringify([file.diagram, file.trainingConfig.dataset]);
  if (last && last.run === run && last.key === key) return last.built;
  const model = compiled(file);
  const lowered = lower(model.diagram);
  const b: Built = { model, lowered, forward: run(fuseProgram(lowered)), probing: null };
  last = { run, key, built: b };
  return b;
}

/** The file's preparation, checked against the input size the diagram compiled to. */
function checkedPreparation(file: ModelFile, inputSize: number): Preparation | null {
  const p = file.trainingConfig.dataset.preparation;
  if (!p) return null;
  const at = 'trainingConfig.dataset.preparation';
  if (preparedWidth(p) !== inputSize)
    throw new ModelFileError([
      { path: `${at}.encoding`, message: `gives ${preparedWidth(p)} values a row; the model takes ${inputSize}` },
    ]);
  return p;
}

export type { GivenWeight } from '../io/modelSchema';

/** `json`: the file's text, or its JSON already parsed. */
export function loadModel(json: unknown, run: ProgramRunner = typedRunner): LoadedModel {
  const parsed = typeof json === 'string' ? parseModelText(json) : parseModel(json);
  if (!parsed.ok) throw new ModelFileError(parsed.errors);
  const file = parsed.model;
  const b = built(file, run);
  return withWeights(file, b, run, parsed.weights);
}

/**
 * A file already read through the door (openFile.ts) with its weights: an archive's weights are
 * given beside its manifest, never put back into `weightData`.
 */
export function loadOpened(
  file: ModelFile,
  weights: readonly NamedArray[],
  run: ProgramRunner = typedRunner,
): LoadedModel {
  return withWeights(file, built(file, run), run, weights);
}

/**
 * The file's model with `weights` as its parameters, checked by name, shape and length: a
 * training page reads a run's file once and its weights many times (docs/training-panel.md).
 */
export function withParameters(loaded: LoadedModel, weights: readonly GivenWeight[], run = typedRunner): LoadedModel {
  const bad = weights.find((w) => w.data.length !== shapeSize(w.shape));
  if (bad) {
    throw new ModelFileError([
      { path: '', message: `weight '${bad.name}' has ${bad.data.length} values for its shape ${bad.shape.join('×')}` },
    ]);
  }
  const named = weights.map((w) => ({ ...w, group: 'model' as const }));
  const kept = builtFor.get(loaded);
  const b = kept && kept.run === run ? kept.built : built(loaded.file, run);
  return withWeights(loaded.file, b, run, named);
}

/** What each loaded model was built with: its next weights need not key the diagram again. */
const builtFor = new WeakMap<LoadedModel, { run: ProgramRunner; built: Built }>();

function withWeights(file: ModelFile, b: Built, run: ProgramRunner, weights: readonly NamedArray[]): LoadedModel {
  const { model, lowered, forward } = b;
  const wanted = model.params.map((p) => ({ name: p.name, shape: [...p.type.shape], group: 'model' as const }));
  const ours = weights.filter((w) => w.group === 'model');
  const matched = matchWeights(ours, wanted);
  if (!matched.ok) throw new ModelFileError(matched.errors);
  const params = matched.arrays;
  const inputShape = file.trainingConfig.dataset.featureShape;
  const width = shapeSize(inputShape);
  const output = model.diagram.wires[model.diagram.outputs[0]];
  const preparation = checkedPreparation(file, width);
  const labels = preparation?.classes;
  const outputSize = shapeSize(output.shape);
  // Class names the outputs can name: one a class (onehot), one output (signed), or enough bits.
  const named =
    labels &&
    ((labels.encoding === 'onehot' && labels.names.length === outputSize) ||
      (labels.encoding === 'signed' && outputSize === 1) ||
      (labels.encoding === 'bits' && labels.names.length <= 2 ** outputSize))
      ? labels
      : null;
  const rows = (flat: Float32Array) => {
    const n = flat.length / width;
    if (!Number.isInteger(n)) throw new Error(`${flat.length} input values are not rows of ${width}`);
    return [
      ...model.params.map((p, i) => ({ shape: p.type.shape, data: params[i] })),
      ...model.inputs.map(() => ({ shape: [n, ...inputShape], data: flat })),
    ];
  };
  const loaded: LoadedModel = {
    diagram: file.diagram,
    file,
    parameters: wanted.map((w, i) => ({ ...w, data: params[i] })),
    inputShape,
    outputShape: output.shape,
    preparation,
    className(prediction) {
      return named ? (named.names[classOf(named, prediction)] ?? null) : null;
    },
    predict(inputs, options = {}) {
      const raw = preparation !== null && options.prepared !== true;
      const columns = raw ? rawWidth(preparation) : width;
      if (Array.isArray(inputs)) {
        const list = inputs as readonly (readonly number[])[];
        const bad = list.findIndex((row) => row.length !== columns);
        if (bad >= 0)
          throw new Error(
            `row ${bad + 1} has ${list[bad].length} values; the model takes ${columns}${raw ? ' raw columns' : ''}`,
          );
      }
      const flat = raw
        ? prepare(preparation, inputs)
        : inputs instanceof Float32Array
          ? inputs
          : Float32Array.from(
              Array.isArray(inputs) ? (inputs as readonly (readonly number[])[]).flat() : (inputs as Float64Array),
            );
      const [y] = forward(rows(flat));
      const n = flat.length / width;
      const w = shapeSize(output.shape);
      return Array.from({ length: n }, (_, r) => y.data.slice(r * w, (r + 1) * w));
    },
    probe(inputs) {
      if (!b.probing) {
        const { program, boxes } = everyBoxOutput(lowered);
        b.probing = { run: run(program), boxes };
      }
      const probing = b.probing;
      const outs = probing.run(rows(inputs));
      const boxes = probing.boxes;
      return new Map(outs.map((o, i) => [boxes[i], o]));
    },
  };
  builtFor.set(loaded, { run, built: b });
  return loaded;
}
