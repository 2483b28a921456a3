"""The PyTorch side of pytorch.test.ts (docs/export.md): runs exported packages in float64 and
prints what they compute as JSON, for the test to hold against Lensboard's float64 engine.

  /usr/bin/python3 exportCheck.py request.json answer.json

For each one-box model: its outputs on the given inputs. For each case: the predictions of model.py on the given inputs, and the weights after each
step of train.py's own train_step with its optimiser (as lensboard_weights gives them). Then
train.py's main() on each CSV for some steps, in one process and in two spawned DDP processes.
"""
import importlib
import json
import sys

import torch


USED = []


def use_package(folder):
    """Imports the package's model.py and train.py, as train.py imports model."""
    for name in ("model", "train"):
        sys.modules.pop(name, None)
    sys.path.insert(0, folder)
    model, train = importlib.import_module("model"), importlib.import_module("train")
    sys.path.remove(folder)
    # spawned processes import train by name from here, and from no package used before
    for used in USED:
        sys.path.remove(used)
    USED[:] = [folder]
    sys.path.append(folder)
    return model, train


def tensor(values, shape):
    return torch.tensor(values, dtype=torch.float64).reshape(shape)


def flat(t):
    return t.detach().reshape(-1).tolist()


def run_case(case):
    model_py, train_py = use_package(case["dir"])
    weights = case["dir"] + "/weights.safetensors"
    net = model_py.load_model(weights, torch.float64)
    with torch.no_grad():
        predictions = flat(net(tensor(case["x"], case["xShape"])))
    optimizer = train_py.make_optimizer(net.parameters())
    steps = []
    for step in case["steps"]:
        x, y = tensor(step["x"], step["xShape"]), tensor(step["y"], step["yShape"])
        train_py.train_step(net, optimizer, x, y)
        steps.append({name: flat(w) for name, w in train_py.lensboard_weights(net, optimizer).items()})
    return {"id": case["id"], "predictions": predictions, "steps": steps, "resumed": run_resumed(case)}


def run_resumed(case):
    """The later steps again, from the package of the model file written after the first step."""
    model_py, train_py = use_package(case["resumeDir"])
    weights = case["resumeDir"] + "/weights.safetensors"
    net = model_py.load_model(weights, torch.float64)
    optimizer = train_py.make_optimizer(net.parameters())
    state = train_py.resume_optimizer(net, optimizer, model_py.read_safetensors(weights))
    steps = []
    for step in case["steps"][1:]:
        x, y = tensor(step["x"], step["xShape"]), tensor(step["y"], step["yShape"])
        train_py.train_step(net, optimizer, x, y)
        steps.append({name: flat(w) for name, w in train_py.lensboard_weights(net, optimizer).items()})
    return {"state": state, "steps": steps}


def run_forward(case):
    sys.path.insert(0, case["dir"])
    sys.modules.pop("model", None)
    model_py = importlib.import_module("model")
    sys.path.remove(case["dir"])
    with torch.no_grad():
        out = model_py.Model().to(torch.float64)(*[tensor(a["values"], a["shape"]) for a in case["inputs"]])
    return [flat(t) for t in (out if isinstance(out, tuple) else (out,))]


def run_ddp(ddp):
    """train.py's main() on one CSV in one process and in two spawned ones."""
    model_py, train_py = use_package(ddp["dir"])
    out = {}
    for processes in (1, 2):
        trained = f"{ddp['tmp']}/trained-{processes}.safetensors"
        report = f"{ddp['tmp']}/report-{processes}.json"
        train_py.main([
            ddp["csv"], *ddp["options"], "--quiet",
            "--processes", str(processes), "--port", str(ddp["port"]),
            "--out", trained, "--report", report,
        ])
        with open(report) as f:
            result = json.load(f)
        result["weights"] = {k: flat(v) for k, v in model_py.read_safetensors(trained).items()}
        out[str(processes)] = result
    return out


def main():
    with open(sys.argv[1]) as f:
        request = json.load(f)
    answer = {"forwards": [run_forward(c) for c in request["forwards"]]}
    answer["cases"] = [run_case(c) for c in request["cases"]]
    answer["ddp"] = {name: run_ddp(ddp) for name, ddp in request.get("ddp", {}).items()}
    with open(sys.argv[2], "w") as f:
        json.dump(answer, f)


if __name__ == "__main__":
    main()
