"""The fixtures of bnTraining.test.ts (docs/export.md, "Import back"): a small network whose two
BatchNorms (BatchNorm2d after a padded convolution, BatchNorm1d after a linear layer) are exported
by torch.onnx.export in training mode, which normalises by the batch's own mean and variance. At
opset 13 torch writes each BatchNormalization with five outputs (the running and saved statistics
after Y); from opset 14 with the attribute training_mode = 1 and three outputs.

  /usr/bin/python3 bnTraining.py src/export/onnx/import/fixtures

Writes bn-train-13.onnx, bn-train-15.onnx, bn-train-stepped.onnx (after one SGD step of
½Σ(ŷ − y)² in torch, float64, learning rate LR) and bn-train.json:
{ "inputShape", "input", "output", "labels", "lr" }, the input NCHW, the output torch's training
mode prediction on that batch in float64.
"""
import copy
import json
import sys
import warnings

import torch
import torch.nn as nn

warnings.filterwarnings("ignore")
torch.manual_seed(5)
LR = 0.05


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 3, padding=1)
        self.bn2 = nn.BatchNorm2d(3)
        self.fc = nn.Linear(3 * 4 * 4, 5)
        self.bn1 = nn.BatchNorm1d(5, eps=1e-3)
        self.out = nn.Linear(5, 2)

    def forward(self, x):
        h = torch.relu(self.bn2(self.conv(x))).flatten(1)
        return self.out(torch.relu(self.bn1(self.fc(h))))


def export(model, path, opset):
    torch.onnx.export(copy.deepcopy(model), torch.rand(4, 2, 4, 4), path, opset_version=opset,
                      training=torch.onnx.TrainingMode.TRAINING, do_constant_folding=False,
                      input_names=["input"], output_names=["output"],
                      dynamic_axes={"input": {0: "N"}, "output": {0: "N"}})


def main(out):
    model = Net().train()
    with torch.no_grad():
        for bn in (model.bn1, model.bn2):
            bn.weight.uniform_(0.5, 1.5)
            bn.bias.uniform_(-0.5, 0.5)
    for opset in (13, 15):
        export(model, f"{out}/bn-train-{opset}.onnx", opset)
    x = torch.rand(6, 2, 4, 4) * 2 - 1
    m64 = copy.deepcopy(model).double()
    y = m64(x.double())
    labels = torch.rand(y.shape, dtype=torch.float64)
    (0.5 * ((y - labels) ** 2).sum()).backward()
    with torch.no_grad():
        for p32, p64 in zip(model.parameters(), m64.parameters()):
            p32.copy_(p64 - LR * p64.grad)
    export(model, f"{out}/bn-train-stepped.onnx", 15)
    with open(f"{out}/bn-train.json", "w") as f:
        json.dump({"inputShape": list(x.shape), "input": x.reshape(-1).tolist(),
                   "output": y.detach().reshape(-1).tolist(), "labels": labels.reshape(-1).tolist(), "lr": LR}, f)


if __name__ == "__main__":
    main(sys.argv[1])
