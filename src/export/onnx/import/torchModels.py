"""The PyTorch side of torchImport.test.ts (docs/export.md, "Import back"): builds the small
models a course writes, exports each with torch.onnx.export at the opsets asked for, and writes
what torch predicts (in float64, from the same float32 weights) on a seeded input.

  /usr/bin/python3 torchModels.py out_dir 13,17

Writes out_dir/<model>-<opset>.onnx and out_dir/expected.json:
{ "<model>": { "inputShape": [...], "input": [...], "output": [...] } }.
"""
import copy
import json
import sys
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.filterwarnings("ignore")
torch.manual_seed(7)


class LeNet(nn.Module):
    """LeNet-5's shape at 28×28: two convolutions with average pooling, three dense layers."""

    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 6, 5)
        self.c2 = nn.Conv2d(6, 16, 5)
        self.f1 = nn.Linear(16 * 4 * 4, 32)
        self.f2 = nn.Linear(32, 24)
        self.f3 = nn.Linear(24, 10)

    def forward(self, x):
        x = F.avg_pool2d(F.relu(self.c1(x)), 2)
        x = F.avg_pool2d(torch.tanh(self.c2(x)), 2)
        x = x.view(x.size(0), -1)  # Shape, Gather, Unsqueeze, Concat, Reshape in the file
        x = F.gelu(self.f1(x))
        x = F.relu6(self.f2(x) * 3)
        return F.log_softmax(self.f3(x), dim=1)


class Activations(nn.Module):
    """An MLP through every activation and plumbing form the import reads."""

    def __init__(self):
        super().__init__()
        self.l1 = nn.Linear(6, 8)
        self.bn = nn.BatchNorm1d(8)
        self.l2 = nn.Linear(8, 8)
        self.l3 = nn.Linear(8, 5)

    def forward(self, x):
        x = F.elu(self.bn(self.l1(x)), alpha=0.5) / 2
        x = F.hardtanh(self.l2(x) * 1.5, -1.0, 1.0)
        x = F.gelu(x, approximate="tanh") + F.gelu(x)
        x = torch.flatten(x.reshape(-1, 2, 4), 1)
        return F.log_softmax(self.l3(x), dim=-1)


class Rgb(nn.Module):
    """Three input channels, a BatchNorm2d that follows a ReLU (so no exporter folds it), global pooling."""

    def __init__(self):
        super().__init__()
        self.c = nn.Conv2d(3, 4, 3)
        self.bn = nn.BatchNorm2d(4)
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        x = self.bn(F.relu(self.c(x)))
        x = F.adaptive_avg_pool2d(x, 1)
        return F.elu(self.fc(torch.flatten(x, 1)))


def randomise_norms(model):
    for m in model.modules():
        if isinstance(m, (nn.BatchNorm1d, nn.BatchNorm2d)):
            with torch.no_grad():
                m.running_mean.uniform_(-0.5, 0.5)
                m.running_var.uniform_(0.5, 2.0)
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.5, 0.5)


# name: (model, input shape, whether the batch axis is dynamic in the file)
MODELS = {
    "lenet": (LeNet(), [4, 1, 28, 28], True),
    "activations": (Activations(), [5, 6], True),
    "rgb": (Rgb(), [3, 3, 8, 8], True),
}
MODELS["activations-fixed"] = (MODELS["activations"][0], [5, 6], False)


def main(out, opsets):
    expected = {}
    for name, (model, shape, dynamic) in MODELS.items():
        randomise_norms(model)
        model.eval()
        x = torch.rand(shape) * 2 - 1
        for opset in opsets:
            axes = {"input": {0: "N"}, "output": {0: "N"}} if dynamic else None
            torch.onnx.export(model, x, f"{out}/{name}-{opset}.onnx", opset_version=opset,
                              input_names=["input"], output_names=["output"], dynamic_axes=axes)
        with torch.no_grad():
            y = copy.deepcopy(model).double()(x.double())
        expected[name] = {"inputShape": shape, "input": x.reshape(-1).tolist(), "output": y.reshape(-1).tolist()}
    with open(f"{out}/expected.json", "w") as f:
        json.dump(expected, f)


if __name__ == "__main__":
    main(sys.argv[1], [int(v) for v in sys.argv[2].split(",")])
