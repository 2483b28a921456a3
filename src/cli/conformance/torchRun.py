"""The PyTorch side of `npm run conformance -- --runtime pytorch` (conformance/README.md): runs
the exported packages of the suite's cases in float64 and writes what they compute as JSON.

  /usr/bin/python3 torchRun.py request.json answer.json

A predict case: model.py's prediction on the case's rows. A train-step case: train.py's own
optimiser resumed from the weights file (resume_optimizer), one train_step on the case's batch,
then the parameters as lensboard_weights gives them and the optimiser's state in Lensboard's
names and signs (the inverse of resume_optimizer, docs/export.md).
"""
import importlib
import json
import sys

import torch


def use_package(folder):
    for name in ("model", "train"):
        sys.modules.pop(name, None)
    sys.path.insert(0, folder)
    try:
        return importlib.import_module("model"), importlib.import_module("train")
    finally:
        sys.path.remove(folder)


def tensor(values, shape):
    return torch.tensor(values, dtype=torch.float64).reshape(shape)


def flat(t):
    return t.detach().reshape(-1).tolist()


def lensboard_state(train_py, net, optimizer, kind):
    """The optimiser's state as a Lensboard model file names and signs it."""
    state = {}
    for attr, name in train_py.LENSBOARD_NAMES.items():
        s = optimizer.state[getattr(net, attr)]
        if kind in ("momentum", "nesterov"):
            state[name + "/velocity"] = flat(-train_py.LEARNING_RATE * s["momentum_buffer"])
        elif kind == "adagrad":
            state[name + "/accumulator"] = flat(s["sum"])
        elif kind == "adam":
            state[name + "/m"] = flat(-s["exp_avg"])
            state[name + "/v"] = flat(s["exp_avg_sq"])
            state["optimizer/t"] = [float(s["step"])]
    return state


def run_case(case):
    model_py, train_py = use_package(case["dir"])
    weights = case["dir"] + "/weights.safetensors"
    net = model_py.load_model(weights, torch.float64)
    if case["kind"] == "predict":
        with torch.no_grad():
            y = net(tensor(case["x"], case["xShape"]))
        return {"shape": list(y.shape), "values": flat(y)}
    optimizer = train_py.make_optimizer(net.parameters())
    train_py.resume_optimizer(net, optimizer, model_py.read_safetensors(weights))
    x, y = tensor(case["x"], case["xShape"]), tensor(case["y"], case["yShape"])
    train_py.train_step(net, optimizer, x, y)
    out = {name: flat(w) for name, w in train_py.lensboard_weights(net, optimizer).items()}
    out.update(lensboard_state(train_py, net, optimizer, case["optimiser"]))
    return {"weights": out}


def main():
    with open(sys.argv[1]) as f:
        request = json.load(f)
    answer = {}
    for case in request["cases"]:
        try:
            answer[case["id"]] = run_case(case)
        except Exception as e:  # the case fails with the reason; the others still run
            answer[case["id"]] = {"error": f"{type(e).__name__}: {e}"}
    with open(sys.argv[2], "w") as f:
        json.dump(answer, f)


if __name__ == "__main__":
    main()
