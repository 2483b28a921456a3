"""The PyTorch side of CatGPT's check (docs/transformer.md): Lensboard's PyTorch export of the
model, trained by its own train.py (train_step, make_optimizer) on the batches Lensboard trained
on, from the same initial weights, in float32 and in float64. Prints nothing; writes the summed
loss of each step as JSON.

  /usr/bin/python3 catgptTorch.py request.json answer.json
"""
import importlib
import json
import sys

import torch


def main():
    with open(sys.argv[1]) as f:
        request = json.load(f)
    folder = request["dir"]
    sys.path.insert(0, folder)
    model_py, train_py = importlib.import_module("model"), importlib.import_module("train")
    torch.manual_seed(0)
    answer = {}
    for name, dtype in (("float32", torch.float32), ("float64", torch.float64)):
        net = model_py.load_model(folder + "/weights.safetensors", dtype)
        optimizer = train_py.make_optimizer(net.parameters())
        losses = []
        for batch in request["batches"]:
            x = torch.tensor(batch["x"], dtype=dtype).reshape(request["xShape"])
            y = torch.tensor(batch["y"], dtype=dtype).reshape(request["yShape"])
            losses.append(float(train_py.train_step(net, optimizer, x, y)))
        answer[name] = losses
    with open(sys.argv[2], "w") as f:
        json.dump(answer, f)


if __name__ == "__main__":
    main()
