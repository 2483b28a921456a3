"""The PyTorch peer of the `catgpt` bench suite (bench/README.md): CatGPT as Lensboard's builder
draws it (src/io/examples/transformer.ts) — token and position embeddings, pre-norm blocks of
causal multi-head attention (Q, K, V and O maps without bias, heads of width C/H) and a GELU MLP
of 4C, layer norms whose γ and β follow the normalisation, a last layer norm and a map to the
vocabulary — trained by plain SGD on softmax cross-entropy at every position, float32 on the CPU.

  /usr/bin/python3 catgptTorch.py THREADS STEPS VOCAB CONTEXT WIDTH HEADS BLOCKS BATCH

Prints one JSON line: the wall and CPU milliseconds of each step after the first (which warms up),
and the last loss.
"""
import json
import math
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, width, heads, context):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(width)
        self.q = nn.Linear(width, width, bias=False)
        self.k = nn.Linear(width, width, bias=False)
        self.v = nn.Linear(width, width, bias=False)
        self.o = nn.Linear(width, width, bias=False)
        self.ln2 = nn.LayerNorm(width)
        self.fc = nn.Linear(width, 4 * width, bias=False)
        self.proj = nn.Linear(4 * width, width, bias=False)
        self.register_buffer("mask", torch.triu(torch.ones(context, context, dtype=torch.bool), 1))

    def forward(self, x):
        b, t, c = x.shape
        h = self.ln1(x)
        split = lambda y: y.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        q, k, v = split(self.q(h)), split(self.k(h)), split(self.v(h))
        att = (q @ k.transpose(-2, -1)) / math.sqrt(c // self.heads)
        att = F.softmax(att.masked_fill(self.mask, float("-inf")), dim=-1)
        x = x + self.o((att @ v).transpose(1, 2).reshape(b, t, c))
        return x + self.proj(F.gelu(self.fc(self.ln2(x))))


class CatGPT(nn.Module):
    def __init__(self, vocab, context, width, heads, blocks):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.position = nn.Parameter(torch.randn(context, width) * 0.02)
        self.blocks = nn.Sequential(*[Block(width, heads, context) for _ in range(blocks)])
        self.lnf = nn.LayerNorm(width)
        self.head = nn.Linear(width, vocab, bias=False)

    def forward(self, ids):
        return self.head(self.lnf(self.blocks(self.embed(ids) + self.position)))


def main(threads, steps, vocab, context, width, heads, blocks, batch):
    torch.set_num_threads(threads)
    torch.manual_seed(1)
    model = CatGPT(vocab, context, width, heads, blocks)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    ids = torch.randint(0, vocab, (batch, context))
    targets = torch.randint(0, vocab, (batch, context))
    times, cpu = [], []
    loss = float("nan")
    for _ in range(steps + 1):
        t0, c0 = time.perf_counter(), time.process_time()
        opt.zero_grad(set_to_none=True)
        logits = model(ids)
        out = F.cross_entropy(logits.view(-1, vocab), targets.view(-1), reduction="sum") / batch
        out.backward()
        opt.step()
        loss = out.item()
        times.append(1000 * (time.perf_counter() - t0))
        cpu.append(1000 * (time.process_time() - c0))
    print(json.dumps({"stepMs": times[1:], "cpuMs": cpu[1:], "loss": loss, "threads": torch.get_num_threads(),
                      "torch": torch.__version__}))


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:9]])
