/**
 * Shape inference along the wires, box by box in topological order. Data and label inputs
 * take the dataset's shapes (or their configured shape when no dataset is bound), parameter
 * boxes their configured shape, core boxes their generator's type rule; the learner's sinks
 * (output, loss, learning rate) check what reaches them. Errors are collected, never thrown.
 */
import { param, printType, real, type WireType } from '../core/wire';
import { lossKind } from '../kinds/losses';
import {
  firstIssue,
  InputConfigSchema,
  LearningRateConfigSchema,
  LossConfigSchema,
  OptimiserConfigSchema,
  ParameterConfigSchema,
} from './configs';
import { mismatch } from './errors';
import type { Node } from './graph';
import { inferCore } from './inferCore';
import type { InferState } from './state';

export function inferAll(s: InferState, order: readonly string[]): void {
  for (const id of order) {
    const node = s.graph.nodes.get(id);
    if (node) inferBox(s, node);
  }
}

function inferBox(s: InferState, node: Node): void {
  const id = node.box.id;
  const config = node.box.config;
  switch (node.role) {
    case 'core':
      inferCore(s, node);
      break;
    case 'input':
    case 'label': {
      const t = dataType(s, node);
      if (t) s.setType(id, node.role === 'input' ? 'x' : 'y', t);
      break;
    }
    case 'parameter':
      inferParameter(s, id);
      break;
    case 'output':
      need(s, id, 'ŷ');
      break;
    case 'loss':
      inferLoss(s, id, node);
      break;
    case 'learning-rate':
      need(s, id, 'l');
      check(s, id, LearningRateConfigSchema.safeParse(config));
      break;
    case 'optimiser':
      check(s, id, OptimiserConfigSchema.safeParse(config));
      break;
    case 'unknown':
      break;
  }
}

/** A shared parameter; a tied copy takes the initialiser of the box it is tied to. */
function inferParameter(s: InferState, id: string): void {
  const c = ParameterConfigSchema.safeParse(s.graph.nodes.get(id)?.box.config);
  if (!c.success) {
    s.errors.add('bad-config', firstIssue(c.error), { box: id });
    return;
  }
  const t = param(c.data.shape, c.data.field);
  const init = (owner: string) =>
    ParameterConfigSchema.safeParse(s.graph.nodes.get(owner)?.box.config).data?.init ?? c.data.init;
  if (s.learn(id, 'W', t, init)) s.setType(id, 'W', t);
}

function inferLoss(s: InferState, id: string, node: Node): void {
  const yHat = need(s, id, 'ŷ');
  const y = need(s, id, 'y');
  const config = LossConfigSchema.safeParse(node.box.config);
  check(s, id, config);
  if (
    yHat &&
    y &&
    (yHat.field !== y.field || printType({ ...yHat, batch: true }) !== printType({ ...y, batch: true }))
  ) {
    s.errors.add('shape-mismatch', `the label ${mismatch(y, `the prediction ${printType(yHat)}`)}`, {
      box: id,
      port: 'y',
    });
  }
  // A ℤ₂ loss is ŷ ⊕ y itself, a bit per output that the identity learning rate passes on
  // (Reverse Derivative Ascent), not a number: its wire carries the prediction's type.
  const z2 = config.success && lossKind(config.data.kind).field === 'z2';
  s.setType(id, 'l', z2 && yHat ? yHat : real([]));
}

/** The type at an input the learner needs wired; reports it when no wire comes in. */
function need(s: InferState, box: string, port: string): WireType | undefined {
  const t = s.arriving(box, port);
  if (t === 'missing')
    s.errors.add(
      'unconnected-input',
      `input '${port}' of ${s.graph.nodes.get(box)?.box.generator} '${box}' is not connected`,
      { box, port },
    );
  return typeof t === 'string' ? undefined : t;
}

function check(s: InferState, box: string, r: { success: boolean; error?: Parameters<typeof firstIssue>[0] }): void {
  if (!r.success && r.error) s.errors.add('bad-config', firstIssue(r.error), { box });
}

/** The dataset decides the shape of its columns; a configured shape serves when none is bound. */
function dataType(s: InferState, node: Node): WireType | undefined {
  const c = InputConfigSchema.safeParse(node.box.config);
  if (!c.success) {
    s.errors.add('bad-config', firstIssue(c.error), { box: node.box.id });
    return undefined;
  }
  if (s.data) {
    const shape = node.role === 'input' ? s.data.featureShape : s.data.labelShape;
    return { field: s.data.field, shape: [...shape], batch: true };
  }
  if (c.data.shape) return { field: c.data.field ?? 'real', shape: c.data.shape, batch: true };
  s.errors.add('no-input', `no dataset is bound and '${node.box.id}' has no shape; bind a dataset or set its shape`, {
    box: node.box.id,
  });
  return undefined;
}
