/**
 * The text of train.py (docs/export.md) with its placeholders: {{NAME}}, {{CONSTANTS}}, the
 * loss's formula and body, the optimiser's docstring and construction, the Nesterov
 * look-ahead conversion and the optimiser-state resume, filled in by trainPy.ts. Its data
 * readers are trainDataPy.ts.
 */
import { TRAIN_DATA_PY } from './trainDataPy';

export const TRAIN_TEMPLATE = `"""Trains {{NAME}} as Lensboard trains it (see README.md): the same loss, optimiser,
hyper-parameters and batch size, from the exported weights.

  python train.py data.csv                        one process
  python train.py data.csv --processes 2          DistributedDataParallel over 2 processes here
                                                  (torch.multiprocessing.spawn, gloo, tcp://127.0.0.1:PORT)
  torchrun --nproc_per_node=2 train.py data.csv   under a launcher that sets RANK and WORLD_SIZE
                                                  (gloo on CPU, nccl with --device cuda; --nnodes for machines)

data.csv: a header row, then one row per example. Raw rows, as Lensboard's Data panel and
\`npm run data -- export\` write them, are read by their header's names and prepared here as
preparation.json says (MNIST's /255, standardised columns, ℤ₂ thresholds), float32 as Lensboard
prepares them; a column 'split' keeps the rows of --split (train). --prepared takes rows already
prepared instead, by position: the feature values (flattened), then either the label values or
one column holding a class index.
"""
import argparse
import csv
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


${TRAIN_DATA_PY}


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
    reports and saves. Shares may be uneven (33 rows over 2 processes: 17 and 16) or empty
    (a batch of 1): the loss of each share is a sum, so the gradients still add up to the
    whole batch's, and a process with no rows sends zero gradients to the all-reduce."""
    device = torch.device(args.device)
    dtype = getattr(torch, args.dtype)
    torch.manual_seed(args.seed)
    (x, y), rows = read_csv(args.data, dtype, args)
    if rank == 0 and not args.quiet:
        print(f"{len(x)} rows, " + ("raw: prepared as " + args.preparation + " says" if rows == "raw" else "taken as prepared"))
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
            batch = order[start:start + args.batch_size]
            rows = torch.tensor_split(batch, world)[rank]
            if len(rows) > 0:
                total += train_step(net, optimizer, x[rows].to(device), y[rows].to(device), scale=world)
            else:
                # fewer rows than processes: this share is empty, yet DistributedDataParallel's
                # all-reduce waits for every process; a row weighted by zero adds nothing to it
                first = batch[:1]
                train_step(net, optimizer, x[first].to(device), y[first].to(device), scale=0.0)
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
    p.add_argument("--prepared", action="store_true", help="the rows are already prepared: read them by position")
    p.add_argument(
        "--preparation",
        default=os.path.join(HERE, "preparation.json"),
        help="how raw rows become the model's input (the package's, or a data export's <dataset>.preparation.json)",
    )
    p.add_argument("--split", default="train", help="with a 'split' column: the rows to train on (train, test or all)")
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
