"""The PyTorch side of torchConvNets.test.ts (docs/export.md, "Import back"): LeNet-5, a small
ResNet with BatchNorm (eval mode) and a MobileNet-style block, exported at the opsets asked for,
with torch's float64 predictions and one SGD step.

  /usr/bin/python3 torchConvNets.py out_dir 13,17

The exporter folds a BatchNorm that follows a convolution into it, and the import draws any
other as a per-channel scale and shift: the parameters a Lensboard diagram trains are those of
the file, not γ and β. So the step is taken on the same model rewritten into that form first
(each folded BatchNorm made the identity, each other one made y = s·x + t with running mean 0
and variance 1 − ε), which predicts exactly what it predicted; the stepped model is exported
again at the last opset, and the test reads the stepped parameters from that file.

Writes out_dir/<model>-<opset>.onnx, out_dir/<model>-stepped.onnx and out_dir/expected.json:
{ "<model>": { "inputShape", "input", "output", "labels", "lr" } }.
"""
import copy
import json
import sys
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.filterwarnings("ignore")
torch.manual_seed(11)


class LeNet5(nn.Module):
    """LeNet-5 at 28×28: a padded 5×5 convolution, max pooling, torch.flatten, three dense layers."""

    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 6, 5, padding=2)
        self.c2 = nn.Conv2d(6, 16, 5)
        self.f1 = nn.Linear(16 * 5 * 5, 120)
        self.f2 = nn.Linear(120, 84)
        self.f3 = nn.Linear(84, 10)
        self.folded = []

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.c1(x)), 2)
        x = F.max_pool2d(F.relu(self.c2(x)), 2)
        x = torch.flatten(x, 1)
        return self.f3(F.relu(self.f2(F.relu(self.f1(x)))))


class Block(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.a = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.an = nn.BatchNorm2d(cout)
        self.b = nn.Conv2d(cout, cout, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        self.short = None
        if stride != 1 or cin != cout:
            self.short = nn.Conv2d(cin, cout, 1, stride=stride, bias=False)
            self.sn = nn.BatchNorm2d(cout)

    def pairs(self):
        return [(self.a, self.an), (self.b, self.bn)] + ([(self.short, self.sn)] if self.short else [])

    def forward(self, x):
        y = self.bn(self.b(F.relu(self.an(self.a(x)))))
        s = self.sn(self.short(x)) if self.short else x
        return F.relu(y + s)


class ResNet(nn.Module):
    """A padded stem and torch's MaxPool2d(3, 2, 1), an identity block and a downsampling block
    (1×1 strided shortcut), a BatchNorm after the last ReLU (which no exporter folds), global
    pooling, x.reshape(N, -1)."""

    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1, bias=False)
        self.sn = nn.BatchNorm2d(8)
        self.b1 = Block(8, 8, 1)
        self.b2 = Block(8, 16, 2)
        self.out_norm = nn.BatchNorm2d(16)
        self.fc = nn.Linear(16, 5)
        self.folded = [(self.stem, self.sn)] + self.b1.pairs() + self.b2.pairs()

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.sn(self.stem(x))), 3, stride=2, padding=1)
        x = self.out_norm(self.b2(self.b1(x)))
        x = F.adaptive_avg_pool2d(x, 1)
        return self.fc(x.reshape(x.size(0), -1))


class MobileNetBlock(nn.Module):
    """Strided stem, depthwise 3×3 + pointwise 1×1 with ReLU6, a depthwise convolution with two
    outputs per channel (stride 2, dilation 2), average pooling with counted padding, view(-1, n)."""

    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, stride=2, padding=1, bias=False)
        self.n0 = nn.BatchNorm2d(8)
        self.dw = nn.Conv2d(8, 8, 3, padding=1, groups=8, bias=False)
        self.n1 = nn.BatchNorm2d(8)
        self.pw = nn.Conv2d(8, 16, 1, bias=False)
        self.n2 = nn.BatchNorm2d(16)
        self.dw2 = nn.Conv2d(16, 32, 3, stride=2, padding=(2, 1), dilation=(2, 1), groups=16)
        self.pool = nn.AvgPool2d(3, stride=1, padding=1)
        self.fc = nn.Linear(32 * 4 * 4, 4)
        self.folded = [(self.stem, self.n0), (self.dw, self.n1), (self.pw, self.n2)]

    def forward(self, x):
        x = F.relu6(self.n0(self.stem(x)))
        x = F.relu6(self.n1(self.dw(x)))
        x = F.relu6(self.n2(self.pw(x)))
        x = self.pool(F.relu6(self.dw2(x)))
        return self.fc(x.view(-1, 32 * 4 * 4))


class EdgeNet(nn.Module):
    """ceil_mode=True pools whose last windows hang past the edge: max, average (dividing by
    the cells inside), and average with padding not counted. (torch 1.13 exports no
    padding='same': its exporter refuses aten::_convolution_mode; importOnnx.test.ts checks
    auto_pad against ONNX Runtime instead.)"""

    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 6, 3, padding=1)
        self.dilated = nn.Conv2d(6, 6, 3, padding=2, dilation=2, groups=3)
        self.max = nn.MaxPool2d(3, stride=2, ceil_mode=True)
        self.avg = nn.AvgPool2d(3, stride=2, ceil_mode=True)
        self.avg_pad = nn.AvgPool2d(2, stride=2, padding=1, ceil_mode=True, count_include_pad=False)
        self.fc = nn.Linear(6 * 3 * 3, 4)
        self.folded = []

    def forward(self, x):
        x = self.max(torch.tanh(self.dilated(torch.tanh(self.stem(x)))))
        x = self.avg_pad(self.avg(x))
        return self.fc(torch.flatten(x, 1))


def randomise_norms(model):
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            with torch.no_grad():
                m.running_mean.uniform_(-0.5, 0.5)
                m.running_var.uniform_(0.5, 2.0)
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.5, 0.5)


def norm_scale(bn):
    return bn.weight / torch.sqrt(bn.running_var + bn.eps)


def set_identity_like(bn, scale, shift, trainable):
    """bn computes scale·x + shift: running mean 0, variance 1 − ε."""
    bn.weight.copy_(scale)
    bn.bias.copy_(shift)
    bn.running_mean.zero_()
    bn.running_var.fill_(1 - bn.eps)
    bn.weight.requires_grad_(trainable)
    bn.bias.requires_grad_(trainable)


@torch.no_grad()
def to_file_form(model):
    """The model rewritten into the parameters its ONNX file holds (see the module's header)."""
    seen = set()
    for conv, bn in model.folded:
        s = norm_scale(bn)
        b = conv.bias if conv.bias is not None else torch.zeros_like(bn.running_mean)
        conv.weight.mul_(s.reshape(-1, 1, 1, 1))
        if conv.bias is None:
            conv.bias = nn.Parameter(torch.zeros_like(b))
        conv.bias.copy_((b - bn.running_mean) * s + bn.bias)
        set_identity_like(bn, torch.ones_like(s), torch.zeros_like(s), False)
        seen.add(bn)
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d) and m not in seen:
            s = norm_scale(m)
            set_identity_like(m, s.clone(), m.bias - m.running_mean * s, True)


# name: (model, input shape to export with, input shape to predict on: another batch size)
MODELS = {
    "lenet5": (LeNet5(), [2, 1, 28, 28], [3, 1, 28, 28]),
    "resnet": (ResNet(), [2, 3, 16, 16], [3, 3, 16, 16]),
    "mobilenet": (MobileNetBlock(), [2, 3, 16, 16], [3, 3, 16, 16]),
    "edges": (EdgeNet(), [2, 3, 16, 16], [3, 3, 16, 16]),
}
LR = 0.01


def export(model, x, path, opset):
    axes = {"input": {0: "N"}, "output": {0: "N"}}
    torch.onnx.export(model, x, path, opset_version=opset, input_names=["input"], output_names=["output"],
                      dynamic_axes=axes)


def main(out, opsets):
    expected = {}
    for name, (model, traced, shape) in MODELS.items():
        randomise_norms(model)
        model.eval()
        for opset in opsets:
            export(model, torch.rand(traced), f"{out}/{name}-{opset}.onnx", opset)
        x = torch.rand(shape) * 2 - 1
        with torch.no_grad():
            y = copy.deepcopy(model).double()(x.double())
        to_file_form(model)
        m64 = copy.deepcopy(model).double()
        with torch.no_grad():
            assert torch.allclose(m64(x.double()), y, atol=1e-9), name
        labels = torch.rand(y.shape, dtype=torch.float64)
        loss = 0.5 * ((m64(x.double()) - labels) ** 2).sum()
        loss.backward()
        with torch.no_grad():
            for p32, p64 in zip(model.parameters(), m64.parameters()):
                if p64.requires_grad:
                    p32.copy_(p64 - LR * p64.grad)
        export(model, torch.rand(traced), f"{out}/{name}-stepped.onnx", opsets[-1])
        expected[name] = {
            "inputShape": shape,
            "input": x.reshape(-1).tolist(),
            "output": y.reshape(-1).tolist(),
            "labels": labels.reshape(-1).tolist(),
            "lr": LR,
        }
    with open(f"{out}/expected.json", "w") as f:
        json.dump(expected, f)


if __name__ == "__main__":
    main(sys.argv[1], [int(v) for v in sys.argv[2].split(",")])
