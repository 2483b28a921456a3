/**
 * train.py: trains the exported model as Lensboard trains it (docs/export.md): its loss summed
 * over the batch, its optimiser as the torch.optim twin with the same hyper-parameters, its batch
 * size, on a CSV; in one process, across processes on one machine (torch.multiprocessing.spawn,
 * gloo over tcp://127.0.0.1:PORT), or under a launcher such as torchrun (RANK and WORLD_SIZE set;
 * gloo on CPU, nccl on GPU) with DistributedDataParallel.
 */
import { shapeSize } from '../../core/shape';
import type { LossKind } from '../../learn/losses/index';
import type { OptimiserKind } from '../../learn/optimisers/index';
import { ADAGRAD_INITIAL_ACCUMULATOR, getOptimiser, ownState, sharedState } from '../../learn/optimisers/index';
import type { ExportGraph } from '../graph';
import { UnsupportedOpError } from '../opTable';
import { TRAIN_TEMPLATE } from './trainTemplate';

interface LossPy {
  readonly formula: string;
  readonly body: (labelSize: number) => string;
}

/** Each loss summed over the batch: Lensboard's step is on the sum of the examples' losses. */
const LOSSES: Readonly<Record<LossKind, LossPy | { refused: string }>> = {
  mse: { formula: '½ Σ (ŷ − y)²', body: () => '0.5 * F.mse_loss(yhat, y, reduction="sum")' },
  'mse-mean': {
    formula: '(1/k) Σ (ŷ − y)² over the k values of one example',
    body: (k) => `F.mse_loss(yhat, y, reduction="sum") / ${k}`,
  },
  'softmax-cross-entropy': {
    formula: '−Σ y log softmax(ŷ), on logits ŷ and class probabilities y',
    // along the last axis, as Lensboard's loss reads a sequence [T, V]: F.cross_entropy would take axis 1 as the classes
    body: () => '-(y * F.log_softmax(yhat, dim=-1)).sum()',
  },
  'binary-cross-entropy': {
    formula: 'Σ softplus(ŷ) − y·ŷ, binary cross-entropy on logits ŷ',
    body: () => 'F.binary_cross_entropy_with_logits(yhat, y, reduction="sum")',
  },
  dot: { formula: 'Σ y·ŷ', body: () => '(y * yhat).sum()' },
  'z2-xor': { refused: 'the ℤ₂ loss ŷ ⊕ y trains by Reverse Derivative Ascent, which is not autograd' },
};

interface OptimiserPy {
  readonly constants: readonly string[];
  readonly doc: string;
  readonly make: string;
  /** The body of `resume_optimizer`'s loop: `param`, `state` and `mine(<state name>)` in scope. */
  readonly resume: readonly string[];
}

const momentumResume = ['state["momentum_buffer"] = -mine("velocity") / LEARNING_RATE'];

const OPTIMISERS: Readonly<Record<OptimiserKind, OptimiserPy>> = {
  gd: {
    constants: [],
    doc: 'Gradient descent: p ← p − ε∇.',
    make: 'torch.optim.SGD(params, lr=LEARNING_RATE)',
    resume: [],
  },
  momentum: {
    constants: ['MOMENTUM'],
    doc: `Momentum. Lensboard's s⁺ = γs − ε∇, p⁺ = p + s⁺ is torch's buf⁺ = γ·buf + ∇,
    p⁺ = p − ε·buf⁺ (dampening 0) with s = −ε·buf.`,
    make: 'torch.optim.SGD(params, lr=LEARNING_RATE, momentum=MOMENTUM)',
    resume: momentumResume,
  },
  nesterov: {
    constants: ['MOMENTUM'],
    doc: `Nesterov. Lensboard keeps Sutskever's form: it reads ∇ at p + γs and stores p. torch's
    SGD(nesterov=True) takes the same steps but stores the look-ahead point q = p + γs (with
    s = −ε·buf); lensboard_weights() gives back p = q + γ·ε·buf.`,
    make: 'torch.optim.SGD(params, lr=LEARNING_RATE, momentum=MOMENTUM, nesterov=True)',
    resume: [...momentumResume, 'param.add_(MOMENTUM * mine("velocity"))  # torch holds the look-ahead point'],
  },
  adagrad: {
    constants: ['EPSILON'],
    doc: `AdaGrad: g⁺ = g + ∇², p⁺ = p − ε∇ / (δ + √g⁺), with g starting at ${ADAGRAD_INITIAL_ACCUMULATOR} as in Lensboard
    (and tfjs), and δ outside the root as torch puts it.`,
    make: `torch.optim.Adagrad(params, lr=LEARNING_RATE, initial_accumulator_value=${ADAGRAD_INITIAL_ACCUMULATOR}, eps=EPSILON)`,
    resume: ['state["sum"].copy_(mine("accumulator"))'],
  },
  adam: {
    constants: ['BETA1', 'BETA2', 'EPSILON'],
    doc: 'Adam with bias correction and δ outside the root, as Lensboard, tfjs and torch all write it.',
    make: 'torch.optim.Adam(params, lr=LEARNING_RATE, betas=(BETA1, BETA2), eps=EPSILON)',
    resume: [
      'state["step"] = tensors["optimizer/t"].to(torch.float32).reshape(()).clone()  # one counter per parameter',
      'state["exp_avg"] = -mine("m")  # Lensboard\'s moments are of p\' = −∇',
      'state["exp_avg_sq"] = mine("v")',
    ],
  },
};

const CONSTANT_KEYS = { MOMENTUM: 'momentum', BETA1: 'beta1', BETA2: 'beta2', EPSILON: 'epsilon' } as const;

const pyNumber = (x: number) => (Number.isInteger(x) ? `${x}.0` : String(x));
const pyTuple = (xs: readonly number[]) => (xs.length === 1 ? `(${xs[0]},)` : `(${xs.join(', ')})`);

export function trainPy(graph: ExportGraph): string {
  const t = graph.training;
  const loss = LOSSES[t.loss];
  if ('refused' in loss) throw new UnsupportedOpError('PyTorch', [{ gen: `the ${t.loss} loss`, reason: loss.refused }]);
  if (graph.inputs.length !== 1 || graph.outputs.length !== 1)
    throw new UnsupportedOpError('PyTorch', [
      { gen: 'train.py', reason: 'training needs one data input and one prediction output, as a Lensboard learner' },
    ]);
  const o = t.optimiser;
  const opt = OPTIMISERS[o.kind];
  const labelShape = t.dataset.labelShape;
  const constants = [
    `LOSS = "${t.loss}"`,
    `OPTIMISER = "${o.kind}"`,
    `LEARNING_RATE = ${pyNumber(o.learningRate)}`,
    ...opt.constants.map((c) => `${c} = ${pyNumber(o[CONSTANT_KEYS[c as keyof typeof CONSTANT_KEYS]])}`),
    `BATCH_SIZE = ${t.batchSize}`,
    `EPOCHS = ${graph.epochs}`,
    `SEED = ${t.seed}`,
    `LABEL_SHAPE = ${pyTuple(labelShape)}`,
    `# the optimiser's state in the weights file: <parameter>/<part> for each parameter, and shared`,
    `STATE = [${ownState(getOptimiser(o.kind))
      .map((x) => `"${x.name}"`)
      .join(', ')}]`,
    `SHARED_STATE = [${sharedState(getOptimiser(o.kind))
      .map((x) => `"optimizer/${x.name}"`)
      .join(', ')}]`,
  ];
  const lookAhead =
    o.kind === 'nesterov'
      ? [
          '        buf = optimizer.state[param].get("momentum_buffer")',
          '        if buf is not None:',
          '            value = value + MOMENTUM * LEARNING_RATE * buf',
        ]
      : [];
  return TRAIN_TEMPLATE.replace('{{NAME}}', graph.name.replace(/[\r\n"\\]+/g, ' '))
    .replace('{{CONSTANTS}}', constants.join('\n'))
    .replace('{{LOSS_FORMULA}}', loss.formula)
    .replace('{{LOSS_BODY}}', loss.body(shapeSize(labelShape)))
    .replace('{{OPTIMISER_DOC}}', opt.doc)
    .replace('{{OPTIMISER_MAKE}}', opt.make)
    .replace('{{LOOK_AHEAD}}\n', lookAhead.map((l) => `${l}\n`).join(''))
    .replace('{{RESUME_DOC}}', RESUME_DOCS[o.kind])
    .replace('{{RESUME}}\n', resumeBody(opt.resume));
}

const RESUME_DOCS: Readonly<Record<OptimiserKind, string>> = {
  gd: 'Gradient descent keeps no state.',
  momentum: "Lensboard's velocity s is −ε times torch's momentum buffer.",
  nesterov: "Lensboard's velocity s is −ε times torch's momentum buffer; torch holds p + γs.",
  adagrad: "Lensboard's accumulator is torch's sum of squares.",
  adam: "Lensboard's moments are those of p' = −∇: m is minus torch's exp_avg; t is its step.",
};

function resumeBody(lines: readonly string[]): string {
  if (lines.length === 0) return '    return False\n';
  return [
    '    names = [f"{name}/{part}" for name in LENSBOARD_NAMES.values() for part in STATE]',
    '    if not all(name in tensors for name in names + SHARED_STATE):',
    '        return False',
    '    with torch.no_grad():',
    '        for attr, name in LENSBOARD_NAMES.items():',
    '            param = getattr(model, attr)',
    '            state = optimizer.state[param]',
    '            def mine(part, name=name, param=param):',
    '                return tensors[f"{name}/{part}"].to(param)',
    ...lines.map((l) => `            ${l}`),
    '    return True',
    '',
  ].join('\n');
}
