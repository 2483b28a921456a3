/**
 * The text of train.py (docs/export.md) with its placeholders: {{NAME}}, {{CONSTANTS}}, the
 * loss's formula and body, the optimiser's docstring and construction, the Nesterov
 * look-ahead conversion and the optimiser-state resume, filled in by trainPy.ts.
 */
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


def read_prepared(path, dtype):
    """Rows already prepared, by position: the features, then the labels or a class index."""
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


def read_preparation(path):
    """preparation.json: the dataset, its split and its preparation (Lensboard's data export
    writes the same JSON beside its CSV); None when there is no such file."""
    if not path or not os.path.exists(path):
        return None
    with open(path) as f:
        found = json.load(f)
    return found if "preparation" in found else {"preparation": found}


def prepare(preparation, raw):
    """Raw rows (float64, as read) to the model's input, float32 as Lensboard computes it: a value
    rounded to float32, the step done in float64, the result rounded to float32; ℤ₂ thresholds
    compare the value as written (docs/model-format.md in Lensboard, "The preparation")."""
    encoding = preparation["encoding"]
    kind = encoding["kind"]
    if kind == "thermometer":
        bits = [raw[:, [c]] > np.array(t, dtype=np.float64) for c, t in enumerate(encoding["thresholds"])]
        return np.concatenate(bits, axis=1).astype(np.float32)
    x = raw.astype(np.float32).astype(np.float64)
    if kind == "divide":
        x = x / float(encoding["by"])
    elif kind == "standardise":
        x = (x - np.array(encoding["mean"], dtype=np.float64)) / np.array(encoding["std"], dtype=np.float64)
    elif kind != "identity":
        raise SystemExit(f"preparation.json: unknown encoding {kind!r}")
    return x.astype(np.float32)


def encode_classes(classes, index):
    """Class indices as the label rows the model was trained on (onehot, signed or bits)."""
    width = int(np.prod(LABEL_SHAPE))
    if classes["encoding"] == "onehot":
        return np.eye(width)[index]
    if classes["encoding"] == "signed":
        return np.where(index == 1, 1.0, -1.0).reshape(-1, 1)
    return ((index[:, None] >> np.arange(width - 1, -1, -1)) & 1).astype(np.float64)


def number(path, row, column, cell):
    try:
        value = float(cell)
    except ValueError:
        value = float("nan")
    if not np.isfinite(value):
        raise SystemExit(f"{path}: row {row}, column {column!r}: {cell!r} is not a finite number")
    return value


def read_raw(path, dtype, described, header, body, split):
    """Raw rows by their header's names, prepared as the description says; a 'split' column
    keeps the rows of the split asked for ('all' keeps every row)."""
    preparation = described["preparation"]
    features = preparation["features"]
    at = {name: i for i, name in enumerate(header)}
    split_column = described.get("split", {}).get("column", "split")
    if split_column in at and split != "all":
        body = [(n, r) for n, r in body if r[at[split_column]].strip() == split]
        if not body:
            raise SystemExit(f"{path}: no row has {split_column} = {split}")
    rest = [h for h in header if h not in features and h != split_column]
    raw = np.array([[number(path, n, f, r[at[f]]) for f in features] for n, r in body], dtype=np.float64).reshape(
        len(body), len(features)
    )
    x = prepare(preparation, raw)
    classes = preparation.get("classes")
    label = described.get("label", {"kind": "class", "columns": ["class"]})
    if label["kind"] == "tokens" and rest == list(label["columns"]):
        # a sequence set: each position's column holds the id of the token it learns, one-hot
        # over the vocabulary, or label["untrained"] (a zero row: the position is not trained)
        width = len(preparation["tokens"]["symbols"])
        ids = np.array([[number(path, n, h, r[at[h]]) for h in rest] for n, r in body], dtype=np.int64)
        bad = (ids != label["untrained"]) & ((ids < 0) | (ids >= width))
        if bad.any():
            n, h = np.argwhere(bad)[0]
            raise SystemExit(f"{path}: row {body[n][0]}, column {rest[h]!r}: {ids[n, h]} is no token id of 0..{width - 1}")
        y = (ids[:, :, None] == np.arange(width)).astype(np.float64)
    elif classes and label["kind"] == "class" and rest == list(label["columns"]):
        names = {name: i for i, name in enumerate(classes["names"])}
        unknown = next((r[at[rest[0]]] for _, r in body if r[at[rest[0]]].strip() not in names), None)
        if unknown is not None:
            raise SystemExit(f"{path}: class {unknown!r} is not one of {classes['names']}")
        y = encode_classes(classes, np.array([names[r[at[rest[0]]].strip()] for _, r in body], dtype=np.int64))
    else:
        labels = int(np.prod(LABEL_SHAPE))
        if len(rest) != labels:
            raise SystemExit(f"{path}: label columns {rest}; the model reads {labels} label values")
        # targets are float32, as Lensboard's datasets hold them
        y = np.array([[number(path, n, h, r[at[h]]) for h in rest] for n, r in body], dtype=np.float64).astype(np.float32)
    return (
        torch.tensor(x, dtype=dtype).reshape(-1, *INPUT_SHAPES[0]),
        torch.tensor(y, dtype=dtype).reshape(-1, *LABEL_SHAPE),
    )


def unguard(cell):
    """A cell as it was before Lensboard guarded it against spreadsheet formulas: one leading
    apostrophe dropped before = + - @ tab CR or another apostrophe (docs/data-export.md, Formulas)."""
    return cell[1:] if cell[:1] == "'" and cell[1:2] in ("=", "+", "-", "@", "\\t", "\\r", "'") else cell


def read_csv(path, dtype, args):
    """Raw rows when the header names the preparation's features (and --prepared is not given),
    else rows already prepared, by position."""
    described = None if args.prepared else read_preparation(args.preparation)
    if described is not None:
        with open(path, newline="") as f:
            rows = [[unguard(c) for c in r] for r in csv.reader(f)]
        header = [h.strip() for h in rows[0]] if rows else []
        if set(described["preparation"]["features"]) <= set(header):
            body = [(n, r) for n, r in enumerate(rows[1:], start=1) if any(c.strip() for c in r)]
            bad = next(((n, r) for n, r in body if len(r) != len(header)), None)
            if bad is not None:
                raise SystemExit(f"{path}: row {bad[0]} has {len(bad[1])} cells, the header {len(header)}")
            return read_raw(path, dtype, described, header, body, args.split), "raw"
    return read_prepared(path, dtype), "prepared"


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
