"""The PyTorch side of torchTransformer.test.ts (docs/export.md, "Import back"): one causal
transformer block as a course writes it in PyTorch 1.13 (token and position embeddings, pre-norm
multi-head attention with a causal mask from a `tril` buffer, a GELU MLP, residual adds, a last
LayerNorm and a linear head), exported with torch.onnx.export at opset 13 (LayerNorm decomposed
into ReduceMean, Sub, Pow, Sqrt, Div, Mul, Add) and at opset 17 (LayerNormalization). The
committed fixtures were written by

  /usr/bin/python3 torchTransformer.py src/export/onnx/import/fixtures

and are small (vocabulary 11, context 6, width 8, 2 heads); the test runs them in
onnxruntime-node, so it does not run python.
"""
import math
import sys
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.filterwarnings("ignore")
torch.manual_seed(30)

VOCAB, CONTEXT, WIDTH, HEADS = 11, 6, 8, 2


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(VOCAB, WIDTH)
        self.positions = nn.Parameter(torch.randn(CONTEXT, WIDTH) * 0.5)
        self.ln1 = nn.LayerNorm(WIDTH)
        self.qkv = nn.Linear(WIDTH, 3 * WIDTH)
        self.proj = nn.Linear(WIDTH, WIDTH)
        self.ln2 = nn.LayerNorm(WIDTH)
        self.up = nn.Linear(WIDTH, 4 * WIDTH)
        self.down = nn.Linear(4 * WIDTH, WIDTH)
        self.lnf = nn.LayerNorm(WIDTH)
        self.head = nn.Linear(WIDTH, VOCAB)
        self.register_buffer("mask", torch.tril(torch.ones(CONTEXT, CONTEXT)).view(1, 1, CONTEXT, CONTEXT))
        for ln in (self.ln1, self.ln2, self.lnf):
            nn.init.normal_(ln.weight, 1.0, 0.2)
            nn.init.normal_(ln.bias, 0.0, 0.2)

    def attention(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).split(WIDTH, dim=2)
        q = q.view(b, t, HEADS, c // HEADS).transpose(1, 2)
        k = k.view(b, t, HEADS, c // HEADS).transpose(1, 2)
        v = v.view(b, t, HEADS, c // HEADS).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(c // HEADS))
        att = att.masked_fill(self.mask[:, :, :t, :t] == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(b, t, c)
        return self.proj(y)

    def forward(self, ids):
        x = self.tokens(ids) + self.positions
        x = x + self.attention(self.ln1(x))
        x = x + self.down(F.gelu(self.up(self.ln2(x))))
        return self.head(self.lnf(x))


def main(out):
    model = Block().eval()
    ids = torch.randint(0, VOCAB, (3, CONTEXT))
    for opset in (13, 17):
        torch.onnx.export(model, ids, f"{out}/transformer-{opset}.onnx", opset_version=opset,
                          input_names=["ids"], output_names=["logits"],
                          dynamic_axes={"ids": {0: "N"}, "logits": {0: "N"}})


if __name__ == "__main__":
    main(sys.argv[1])
