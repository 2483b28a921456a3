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
    body: () => 'F.cross_entropy(yhat, y, reduction="sum")',
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
  return TEMPLATE.replace('{{NAME}}', graph.name.replace(/[\r\n"\\]+/g, ' '))
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

const TEMPLATE = `"""Trains {{NAME}} as Lensboard trains it (see README.md): the same loss, optimiser,
hyper-parameters and batch size, from the exported weights.

  python train.py data.csv                        one process
  python train.py data.csv --processes 2          DistributedDataParallel over 2 processes here
                                                  (torch.multiprocessing.spawn, gloo, tcp://127.0.0.1:PORT)
  torchrun --nproc_per_node=2 train.py data.csv   under a launcher that sets RANK and WORLD_SIZE
                                                  (gloo on CPU, nccl with --device cuda; --nnodes for machines)

data.csv: a header row, then one row per example: the feature values (flattened), then either
the label values or one column holding a class index.
"""
import argparse
import json
import os

import numpy as np
import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel

from model import INPUT_SHAPES, LENSBOARD_NAMES, load_model, read_safetensors

{{CONSTANTS}}
HERE = os.path.dirname(os.path.abspath(__file__))


def loss_fn(yhat, y):
    """{{LOSS_FORMULA}}, summed over the batch: Lensboard steps on the sum of the examples' losses."""
    return {{LOSS_BODY}}


def make_optimizer(params):
    """{{OPTIMISER_DOC}}"""
    return {{OPTIMISER_MAKE}}


def lensboard_weights(model, optimizer):
    """The parameters as Lensboard holds them, by their Lensboard names."""
    weights = {}
    for attr, name in LENSBOARD_NAMES.items():
        param = getattr(model, attr)
        value = param.detach()
{{LOOK_AHEAD}}
        weights[name] = value.clone()
    return weights


def resume_optimizer(model, optimizer, tensors):
    """Goes on from the optimiser's state in the weights file, when it is there (a trained
    Lensboard model keeps it). {{RESUME_DOC}}
    Gives whether it did."""
{{RESUME}}


def train_step(net, optimizer, x, y, scale=1.0):
    """One step on a batch; gives the batch's summed loss. Under DistributedDataParallel, which
    averages the processes' gradients, scale = the number of processes makes that average the
    gradient of the whole batch's sum, so the step is the one a single process would take."""
    optimizer.zero_grad()
    loss = loss_fn(net(x), y)
    (loss * scale).backward()
    optimizer.step()
    return loss.detach()


def read_csv(path, dtype):
    table = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)
    features = int(np.prod(INPUT_SHAPES[0]))
    labels = int(np.prod(LABEL_SHAPE))
    x, rest = table[:, :features], table[:, features:]
    if rest.shape[1] == labels:
        y = rest
    elif rest.shape[1] == 1 and labels > 1 and np.all(np.isin(rest[:, 0], np.arange(labels))):
        y = np.eye(labels)[rest[:, 0].astype(np.int64)]
    else:
        raise SystemExit(
            f"{path}: rows of {table.shape[1]} values; the model reads {features} features, "
            f"then {labels} label values or one class index 0..{labels - 1}"
        )
    return (
        torch.tensor(x, dtype=dtype).reshape(-1, *INPUT_SHAPES[0]),
        torch.tensor(y, dtype=dtype).reshape(-1, *LABEL_SHAPE),
    )


def write_safetensors(path, tensors):
    """Float32 tensors by name, in the safetensors format model.read_safetensors reads."""
    header, blobs, offset = {}, [], 0
    for name, value in tensors.items():
        data = value.detach().cpu().to(torch.float32).contiguous().numpy().astype("<f4").tobytes()
        header[name] = {"dtype": "F32", "shape": list(value.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(len(text).to_bytes(8, "little"))
        f.write(text)
        for data in blobs:
            f.write(data)


def run(rank, world, args):
    """Trains on this process's share of every batch (every process shuffles alike); rank 0
    reports and saves."""
    device = torch.device(args.device)
    dtype = getattr(torch, args.dtype)
    torch.manual_seed(args.seed)
    x, y = read_csv(args.data, dtype)
    model = load_model(args.weights, dtype).to(device)
    optimizer = make_optimizer(model.parameters())
    resumed = not args.fresh_optimiser and resume_optimizer(model, optimizer, read_safetensors(args.weights))
    if rank == 0 and not args.quiet:
        print("optimiser state: " + ("resumed from " + args.weights if resumed else "fresh"))
    net = model
    if world > 1:
        net = DistributedDataParallel(model, device_ids=[device.index] if device.type == "cuda" else None)
    order_seed = torch.Generator().manual_seed(args.seed)
    steps = 0
    for epoch in range(args.epochs):
        order = torch.randperm(len(x), generator=order_seed)
        total = torch.zeros((), dtype=dtype, device=device)
        for start in range(0, len(x), args.batch_size):
            rows = torch.tensor_split(order[start:start + args.batch_size], world)[rank]
            total += train_step(net, optimizer, x[rows].to(device), y[rows].to(device), scale=world)
            steps += 1
            if steps == args.steps:
                break
        if world > 1:
            dist.all_reduce(total)
        if rank == 0 and not args.quiet:
            print(f"epoch {epoch + 1}/{args.epochs}  loss {total.item() / len(x):.6f}  steps {steps}")
        if steps == args.steps:
            break
    weights = lensboard_weights(model, optimizer)
    if rank != 0:
        return
    trained = load_model(args.weights, dtype)
    trained.load_state_dict({attr: weights[name] for attr, name in LENSBOARD_NAMES.items()})
    with torch.no_grad():
        loss = loss_fn(trained(x), y).item() / len(x)
    print(f"trained {steps} steps on {world} process(es): loss {loss:.8f} per example; weights in {args.out}")
    write_safetensors(args.out, weights)
    if args.report:
        with open(args.report, "w") as f:
            json.dump({"steps": steps, "processes": world, "loss": loss}, f)


def spawned(rank, world, args):
    dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{args.port}", rank=rank, world_size=world)
    try:
        run(rank, world, args)
    finally:
        dist.destroy_process_group()


def parse(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("data", help="the training rows, as a CSV with a header row")
    p.add_argument("--weights", default=os.path.join(HERE, "weights.safetensors"), help="weights to start from")
    p.add_argument("--out", default="trained.safetensors", help="where to write the trained weights")
    p.add_argument("--epochs", type=int, default=EPOCHS)
    p.add_argument("--steps", type=int, default=0, help="stop after this many steps (0: run every epoch)")
    p.add_argument("--batch-size", type=int, default=BATCH_SIZE, help="rows per step, over all processes")
    p.add_argument("--seed", type=int, default=SEED, help="seed of the shuffling")
    p.add_argument("--processes", type=int, default=1, help="processes to spawn on this machine (gloo)")
    p.add_argument("--port", type=int, default=29500, help="TCP port of the spawned processes' rendezvous")
    p.add_argument("--device", default="cpu", help="cpu, or cuda under a launcher (nccl)")
    p.add_argument("--dtype", default="float32", choices=["float32", "float64"])
    p.add_argument("--report", help="a JSON file to write the final loss into")
    p.add_argument("--quiet", action="store_true", help="no line per epoch")
    p.add_argument("--fresh-optimiser", action="store_true", help="ignore the optimiser state in --weights")
    return p.parse_args(argv)


def main(argv=None):
    args = parse(argv)
    if "RANK" in os.environ and "WORLD_SIZE" in os.environ:
        cuda = args.device.startswith("cuda")
        if cuda:
            args.device = f"cuda:{os.environ.get('LOCAL_RANK', '0')}"
        dist.init_process_group("nccl" if cuda else "gloo")
        try:
            run(dist.get_rank(), dist.get_world_size(), args)
        finally:
            dist.destroy_process_group()
    elif args.processes > 1:
        mp.spawn(spawned, args=(args.processes, args), nprocs=args.processes, join=True)
    else:
        run(0, 1, args)


if __name__ == "__main__":
    main()
`;
