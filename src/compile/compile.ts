/**
 * compileDocument: the editor's document → the model as a core Diagram, with its parameters,
 * data inputs, outputs and the learner's settings. The passes: index the boxes and wires
 * (groups flattened), order them, infer types along the wires, then build. Every pass keeps
 * going past an error, so the editor sees all of them at once and can still label the wires
 * inference reached. The same document always gives the same result, whatever the order of
 * its arrays.
 */
import { printTerm } from '../core/term';
import type { WireType } from '../core/wire';
import type { LensDocument } from '../io/document';
import { buildModel } from './build';
import { dataShapesOf } from './dataShapes';
import { byId, ErrorList, portKey } from './errors';
import { buildGraph, type Graph } from './graph';
import { inferAll } from './infer';
import { learnerSettings } from './learnerSettings';
import { topoOrder } from './order';
import { type LearnerBoxes, modelSources } from './sources';
import { type DataShapes, InferState } from './state';
import type { CompiledOutput, CompileResult } from './types';

export interface CompileOptions {
  /** The loaded dataset's shapes, when they differ from the catalog's defaults. */
  readonly datasetShapes?: DataShapes;
  /** Training needs a loss (drawn or in the settings) and a data input; live editing does not. */
  readonly requireLoss?: boolean;
}

const MODEL_SOURCES = new Set(['core', 'input', 'label', 'parameter']);

/** What the model outputs: the wires into output boxes (by box id), then the one into the loss's ŷ. */
function modelOutputs(s: InferState): CompiledOutput[] {
  const readers = s.graph.ids.filter((id) => s.graph.nodes.get(id)?.role === 'output');
  readers.push(...s.graph.ids.filter((id) => s.graph.nodes.get(id)?.role === 'loss'));
  const seen = new Set<string>();
  const out: CompiledOutput[] = [];
  for (const id of readers) {
    const feed = s.graph.feeds.get(portKey(id, 'ŷ'));
    const type = feed && s.typeOf(feed.from.box, feed.from.port);
    if (!feed || !type || seen.has(portKey(feed.from.box, feed.from.port))) continue;
    seen.add(portKey(feed.from.box, feed.from.port));
    out.push({ box: feed.from.box, port: feed.from.port, type });
  }
  return out;
}

/** The loss and the learning rate sit outside the model: nothing in it may read them. */
function checkModelFeeds(g: Graph, errors: ErrorList): void {
  for (const feed of [...g.feeds.values()].sort((a, b) => byId(a.wire, b.wire))) {
    const to = g.nodes.get(feed.to.box)?.role;
    const from = g.nodes.get(feed.from.box)?.role;
    if (to === 'core' && from && !MODEL_SOURCES.has(from)) {
      errors.add(
        'unknown-port',
        `the ${from} box '${feed.from.box}' is part of the learner, not the model; it cannot feed '${feed.to.box}'`,
        { ...feed.to, wire: feed.wire },
      );
    }
  }
}

/** The drawn loss (when its kind was read), learning-rate and optimiser boxes: the first of each role. */
function learnerBoxes(g: Graph, loss: string | undefined): LearnerBoxes {
  const first = (role: string) => g.ids.find((id) => g.nodes.get(id)?.role === role);
  const [learningRate, optimiser] = [first('learning-rate'), first('optimiser')];
  return {
    ...(loss === undefined ? {} : { loss }),
    ...(learningRate === undefined ? {} : { learningRate }),
    ...(optimiser === undefined ? {} : { optimiser }),
  };
}

export function compileDocument(doc: LensDocument, options: CompileOptions = {}): CompileResult {
  const errors = new ErrorList();
  const graph = buildGraph(doc, errors);
  checkModelFeeds(graph, errors);
  const order = topoOrder(graph, errors);
  const s = new InferState(graph, errors, options.datasetShapes ?? dataShapesOf(doc.dataset, errors));
  inferAll(s, order);
  const settings = learnerSettings(graph, doc.training, errors);
  const outputs = modelOutputs(s);
  const marksOutput = graph.ids.some((id) => ['output', 'loss'].includes(graph.nodes.get(id)?.role ?? ''));
  if (graph.ids.length > 0 && !marksOutput) {
    errors.add('no-output', 'the model has no output: wire an output box or a loss to the last box');
  }
  if (options.requireLoss && !settings.loss) {
    const at = graph.ids.find((id) => graph.nodes.get(id)?.role === 'output');
    errors.add(
      'no-loss',
      'the learner has no loss: draw a loss box or choose a loss in the training settings',
      at ? { box: at } : {},
    );
  }
  if (options.requireLoss && !graph.ids.some((id) => graph.nodes.get(id)?.role === 'input')) {
    errors.add('no-input', 'the learner has no data input: draw an input box');
  }

  const portTypes = new Map(s.portTypes);
  for (const [key, ref] of graph.groupPorts) {
    const t = s.typeOf(ref.box, ref.port);
    if (t) portTypes.set(key, t);
  }
  const wireTypes = new Map<string, WireType>();
  for (const [wire, ref] of graph.wireSources) {
    const t = s.typeOf(ref.box, ref.port);
    if (t) wireTypes.set(wire, t);
  }
  if (errors.items.length > 0) return { model: null, errors: errors.items, wireTypes, portTypes };

  const { diagram, params, inputs, log } = buildModel(s, order, outputs);
  const sources = modelSources(doc, graph, log, learnerBoxes(graph, settings.loss?.box));
  const model = { diagram, params, inputs, outputs, ...settings, term: printTerm(diagram), sources };
  return { model, errors: [], wireTypes, portTypes };
}
