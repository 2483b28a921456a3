#!/usr/bin/env python3
"""An independent runtime of Lensboard's model file, written in numpy from the docs alone
(docs/model-format.md, docs/generators.md, conformance/README.md and the JSON Schema).

    python3 conformance/numpy/lensboard_numpy.py --suite conformance --out DIR [--only TEXT]

writes one answer per case, DIR/<id>.json, for `npm run conformance -- --results DIR`;

    python3 conformance/numpy/lensboard_numpy.py --predict MODEL --rows ROWS.json [--prepared]

prints the model's outputs on raw rows (a JSON list of lists), its preparation applied.
It computes in float64 from the file's float32 weights.
"""
import argparse, base64, json, math, os, struct, sys
import numpy as np

MAGIC = b"\x89LBM\r\n\x1a\n"
LEARNER = {"input", "label", "output", "parameter", "loss", "learning-rate", "optimiser"}
PARAM_PORTS = {"linear": ["W"], "bias": ["b"], "correlate2d": ["W"], "embedding": ["W"],
               "linearT": ["W"], "conv2dBackInput": ["W"]}
Z2_GENS = {"and", "xor", "not", "one", "parity", "basis"}


class Refused(Exception):
    pass


# ---------------------------------------------------------------- reading a file
def load_model(path):
    raw = open(path, "rb").read()
    if raw[:8] == MAGIC:
        n = struct.unpack("<I", raw[8:12])[0]
        model = json.loads(raw[16:16 + n].decode("utf-8"))
        if model.get("formatVersion") != 2:
            raise Refused(f"formatVersion: archive of version {model.get('formatVersion')}")
        blob = raw[16 + n:]
        weights = {}
        for e in model["weightsManifest"]:
            dt = {"float32": "<f4", "float64": "<f8"}[e["dtype"]]
            a = np.frombuffer(blob, dtype=dt, count=int(np.prod(e["shape"], dtype=np.int64)),
                              offset=e["offset"]).astype(np.float32)
            weights[(e.get("group", "model"), e["name"])] = a.reshape(e["shape"])
        return model, weights
    model = json.loads(raw.decode("utf-8"))
    if model.get("format") != "lensboard-model":
        raise Refused("format: not a lensboard-model")
    if model.get("formatVersion", 0) > 1:
        raise Refused(f"formatVersion: {model.get('formatVersion')} is newer than 1")
    data = base64.b64decode(model.get("weightData", ""))
    weights, off = {}, 0
    for e in model["weightsManifest"]:
        size = int(np.prod(e["shape"], dtype=np.int64))
        a = np.frombuffer(data, dtype="<f4", count=size, offset=off)
        off += 4 * size
        weights[(e.get("group", "model"), e["name"])] = a.reshape(e["shape"]).copy()
    return model, weights


def prepare(model, rows):
    """Raw rows as the user has them -> the model's input (docs/model-format.md, The preparation)."""
    prep = model["trainingConfig"]["dataset"].get("preparation")
    rows = np.asarray(rows, dtype=np.float32).astype(np.float64)
    if not prep:
        return rows
    enc = prep["encoding"]
    k = enc["kind"]
    if k == "identity":
        out = rows
    elif k == "divide":
        out = rows / enc["by"]
    elif k == "standardise":
        out = (rows - np.array(enc["mean"])) / np.array(enc["std"])
    elif k == "thermometer":
        out = np.concatenate([(rows[:, i:i + 1] > np.array(t)[None, :]).astype(np.float64)
                              for i, t in enumerate(enc["thresholds"])], axis=1)
    else:
        raise Refused(f"trainingConfig.dataset.preparation.encoding.kind: {k}")
    return out.astype(np.float32).astype(np.float64)


# ---------------------------------------------------------------- the diagram, flattened
def natural_key(s):
    import re
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", s)]


class Diagram:
    def __init__(self, doc):
        self.boxes = {b["id"]: b for b in doc["boxes"]}
        self.groups = {g["id"]: g for g in doc.get("groups", [])}
        # a wire ending on a group goes on to the inner ports; resolve both ends
        self.into = {}  # (box, port) -> (box, port) of the source
        for w in doc["wires"]:
            src = self.resolve_out(w["from"]["box"], w["from"]["port"])
            for dst in self.resolve_in(w["to"]["box"], w["to"]["port"]):
                self.into[dst] = src
        self.param_alias = self.tie_aliases()

    def resolve_out(self, box, port, depth=0):
        if box in self.groups:
            if depth > 32:
                raise Refused("groups nest deeper than 32")
            for o in self.groups[box]["outputs"]:
                if o["name"] == port:
                    return self.resolve_out(o["box"], o["port"], depth + 1)
            raise Refused(f"group '{box}' has no output '{port}'")
        return (box, port)

    def resolve_in(self, box, port, depth=0):
        if box in self.groups:
            out = []
            for i in self.groups[box]["inputs"]:
                if i["name"] == port:
                    out += self.resolve_in(i["box"], i["port"], depth + 1)
            return out
        return [(box, port)]

    def members(self, gid):
        bs = [b for b in self.boxes.values() if b.get("parent") == gid]
        gs = [g for g in self.groups.values() if g.get("parent") == gid]
        return bs, gs

    def pair(self, items, is_group):
        keyed = {m["tieKey"]: m for m in items if "tieKey" in m}
        keyless = [m for m in items if "tieKey" not in m]
        keyless.sort(key=lambda m: (("" if is_group else m["generator"]), m["position"]["x"],
                                    m["position"]["y"], natural_key(m["id"])))
        return keyed, keyless

    def tie_aliases(self):
        """member id of a tied group -> member id of the group it is tied to (a chain ends)."""
        alias = {}

        def tie(a, b):  # group a computes with group b's parameters
            ab, ag = self.members(a)
            bb, bg = self.members(b)
            for items_a, items_b, is_group in ((ab, bb, False), (ag, bg, True)):
                ka, la = self.pair(items_a, is_group)
                kb, lb = self.pair(items_b, is_group)
                if set(ka) != set(kb) or len(la) != len(lb):
                    raise Refused(f"group '{a}' is tied to '{b}' but their members differ")
                pairs = [(ka[k], kb[k]) for k in ka] + list(zip(la, lb))
                for m, n in pairs:
                    if not is_group and m["generator"] != n["generator"]:
                        raise Refused(f"group '{a}' is tied to '{b}' but box '{m['id']}' "
                                      f"({m['generator']}) has no partner")
                    alias[m["id"]] = n["id"]
                    if is_group:
                        tie(m["id"], n["id"])

        for g in self.groups.values():
            if g.get("tiedTo"):
                tie(g["id"], g["tiedTo"])

        def last(i, seen=()):
            return last(alias[i], seen + (i,)) if i in alias and i not in seen else i
        return {k: last(k) for k in alias}

    def owner(self, box):
        return self.param_alias.get(box, box)


# ---------------------------------------------------------------- values: (array, batched, field)
class V:
    __slots__ = ("a", "batched", "z2")

    def __init__(self, a, batched, z2=False):
        self.a, self.batched, self.z2 = np.asarray(a, dtype=np.float64), batched, z2


def bcast(u, v):
    """Align an unbatched operand with a batched one: numpy broadcasts from the right."""
    return u.a, v.a, (u.batched or v.batched)


def m2(a, z2):
    return np.mod(a, 2) if z2 else a


def conv_geom(cfg):
    p = cfg.get("pads", [0, 0, 0, 0])
    s = cfg.get("strides", [1, 1])
    d = cfg.get("dilations", [1, 1])
    return p, s, d, cfg.get("groups", 1)


def pad_image(x, p):
    return np.pad(x, ((0, 0), (p[0], p[1]), (p[2], p[3]), (0, 0)))


def correlate2d(x, W, cfg):
    p, s, d, g = conv_geom(cfg)
    xp = pad_image(x, p)
    B, H, Wd, C = xp.shape
    kh, kw, cg, O = W.shape
    oh = (H - d[0] * (kh - 1) - 1) // s[0] + 1
    ow = (Wd - d[1] * (kw - 1) - 1) // s[1] + 1
    y = np.zeros((B, oh, ow, O))
    og = O // g
    for o in range(O):
        G = o // og
        for i in range(kh):
            for j in range(kw):
                patch = xp[:, i * d[0]: i * d[0] + s[0] * (oh - 1) + 1: s[0],
                           j * d[1]: j * d[1] + s[1] * (ow - 1) + 1: s[1], G * cg:(G + 1) * cg]
                y[..., o] += patch @ W[i, j, :, o]
    return y


def conv_back_filter(x, dd, cfg):
    p, s, d, g = conv_geom(cfg)
    xp = pad_image(x, p)
    B, H, Wd, C = xp.shape
    _, oh, ow, O = dd.shape
    k = cfg.get("kernel", [0, 0])
    kh = k[0] or (H - s[0] * (oh - 1) - 1) // d[0] + 1
    kw = k[1] or (Wd - s[1] * (ow - 1) - 1) // d[1] + 1
    cg, og = C // g, O // g
    W = np.zeros((kh, kw, cg, O))
    for o in range(O):
        G = o // og
        for i in range(kh):
            for j in range(kw):
                patch = xp[:, i * d[0]: i * d[0] + s[0] * (oh - 1) + 1: s[0],
                           j * d[1]: j * d[1] + s[1] * (ow - 1) + 1: s[1], G * cg:(G + 1) * cg]
                W[i, j, :, o] = np.einsum("bhwc,bhw->c", patch, dd[..., o])
    return W


def conv_back_input(W, dd, cfg):
    p, s, d, g = conv_geom(cfg)
    kh, kw, cg, O = W.shape
    B, oh, ow, _ = dd.shape
    ins = cfg.get("inSize", [0, 0])
    h = ins[0] or s[0] * (oh - 1) + d[0] * (kh - 1) + 1 - p[0] - p[1]
    w = ins[1] or s[1] * (ow - 1) + d[1] * (kw - 1) + 1 - p[2] - p[3]
    C = g * cg
    Hp = max(h + p[0] + p[1], s[0] * (oh - 1) + d[0] * (kh - 1) + 1)
    Wp = max(w + p[2] + p[3], s[1] * (ow - 1) + d[1] * (kw - 1) + 1)
    xp = np.zeros((B, Hp, Wp, C))
    og = O // g
    for o in range(O):
        G = o // og
        for i in range(kh):
            for j in range(kw):
                xp[:, i * d[0]: i * d[0] + s[0] * (oh - 1) + 1: s[0],
                   j * d[1]: j * d[1] + s[1] * (ow - 1) + 1: s[1], G * cg:(G + 1) * cg] += \
                    dd[..., o][..., None] * W[i, j, :, o]
    return xp[:, p[0]:p[0] + h, p[2]:p[2] + w, :]


def pool_windows(x, cfg):
    """For each window, the flat index (in x's h×w) of its first maximum, per channel."""
    k = cfg.get("k", 2)
    s = cfg.get("stride", 0) or k
    p = cfg.get("pads", [0, 0, 0, 0])
    B, H, W, C = x.shape
    xp = np.full((B, H + p[0] + p[1], W + p[2] + p[3], C), -np.inf)
    xp[:, p[0]:p[0] + H, p[2]:p[2] + W, :] = x
    oh = (H + p[0] + p[1] - k) // s + 1
    ow = (W + p[2] + p[3] - k) // s + 1
    arg = np.zeros((B, oh, ow, C), dtype=np.int64)
    for r in range(oh):
        for c in range(ow):
            win = xp[:, r * s:r * s + k, c * s:c * s + k, :].reshape(B, k * k, C)
            a = np.argmax(win, axis=1)  # the first maximum in row-major window order
            rr, cc = r * s + a // k - p[0], c * s + a % k - p[2]
            arg[:, r, c, :] = rr * W + cc
    return arg, oh, ow


def pool_gather(x, e, cfg):
    arg, oh, ow = pool_windows(x, cfg)
    B, H, W, C = x.shape
    flat = e.reshape(B, H * W, C)
    return np.take_along_axis(flat, arg.reshape(B, oh * ow, C), axis=1).reshape(B, oh, ow, C)


def pool_scatter(x, dd, cfg):
    arg, oh, ow = pool_windows(x, cfg)
    B, H, W, C = x.shape
    out = np.zeros((B, H * W, C))
    a = arg.reshape(B, oh * ow, C)
    dv = dd.reshape(B, oh * ow, C)
    for b in range(B):
        for ch in range(C):
            np.add.at(out[b, :, ch], a[b, :, ch], dv[b, :, ch])
    return out.reshape(B, H, W, C)


_erf = np.vectorize(math.erf, otypes=[np.float64])


def feat_axis(v, axis):
    """A config's feature axis (0 the first feature axis) as a numpy axis of v's array."""
    nd = v.a.ndim - (1 if v.batched else 0)
    if axis < 0:
        axis += nd
    return axis + (1 if v.batched else 0)


def forward(gen, cfg, ins, B):
    """ins: {port: V} -> {port: V}. Conventions from docs/generators.md."""
    def un(a, z2=False, batched=False):
        return V(a, batched, z2)

    if gen in ("add", "subtract", "multiply", "bias", "xor", "and"):
        a, b = (ins["a"], ins["b"]) if gen != "bias" else (ins["b"], ins["x"])
        z2 = gen in ("xor", "and") or a.z2 or b.z2
        x, y, bt = bcast(a, b)
        r = {"add": x + y, "subtract": x - y, "multiply": x * y, "bias": x + y,
             "xor": x + y, "and": x * y}[gen]
        return {"y": V(m2(r, z2), bt, z2)}
    x = ins.get("x")
    if gen == "copy":
        return {f"y{i}": x for i in range(cfg.get("n", 2))}
    if gen == "discard":
        return {}
    if gen == "swap":
        return {"a": ins["a"], "b": ins["b"]}
    if gen in ("zero", "constant", "one"):
        shape = list(cfg.get("shape", []))
        batched = cfg.get("batch", gen == "zero")
        val = {"zero": 0.0, "one": 1.0, "constant": cfg.get("value", 1)}[gen]
        z2 = gen == "one" or (gen == "zero" and cfg.get("field") == "z2")
        return {"y": V(np.full(([B] if batched else []) + shape, float(val)), batched, z2)}
    if gen == "negate":
        return {"y": V(-x.a, x.batched, x.z2)}
    if gen == "scale":
        return {"y": V(cfg.get("c", 1) * x.a, x.batched, x.z2)}
    if gen == "sumBatch":
        return {"y": V(m2(x.a.sum(axis=0), x.z2), False, x.z2)}
    if gen == "broadcastBatch":
        return {"y": V(np.broadcast_to(x.a, (B,) + x.a.shape).copy(), True, x.z2)}
    if gen == "not":
        return {"y": V(np.mod(x.a + 1, 2), x.batched, True)}
    if gen == "parity":
        ax = tuple(range(1 if x.batched else 0, x.a.ndim))
        return {"y": V(np.mod(x.a.sum(axis=ax), 2), x.batched, True)}
    if gen == "basis":
        n = x.a.shape[-1]
        k = (x.a * (2 ** np.arange(n - 1, -1, -1))).sum(axis=-1).astype(np.int64)
        return {"y": V(np.eye(2 ** n)[k], x.batched, True)}
    if gen == "linear":
        return {"y": V(x.a @ ins["W"].a, x.batched)}
    if gen == "linearT":
        d = ins["d"]
        return {"x": V(d.a @ ins["W"].a.T, d.batched)}
    if gen == "outer":
        d = ins["d"]
        xa = x.a if x.batched else x.a[None]
        da = d.a if d.batched else d.a[None]
        # summed over the batch, and over the positions too when x is [T, in]
        return {"W": V(xa.reshape(-1, xa.shape[-1]).T @ da.reshape(-1, da.shape[-1]), False)}
    if gen in ("matmul", "batchMatmul"):
        A, Bm = ins["A"].a, ins["B"].a
        if cfg.get("transA"):
            A = np.swapaxes(A, -1, -2)
        if cfg.get("transB"):
            Bm = np.swapaxes(Bm, -1, -2)
        return {"C": V(A @ Bm, ins["A"].batched or ins["B"].batched)}
    if gen in ("batchNorm", "channelMean"):
        ax = tuple(range(x.a.ndim - 1))
        m = x.a.mean(axis=ax, keepdims=True)
        if gen == "channelMean":
            return {"y": V(np.broadcast_to(m, x.a.shape).copy(), x.batched)}
        var = ((x.a - m) ** 2).mean(axis=ax, keepdims=True)
        return {"y": V((x.a - m) / np.sqrt(var + cfg.get("epsilon", 1e-5)), x.batched)}
    if gen == "embedding":
        ids = ins["ids"]
        idx = np.floor(ids.a + 0.5).astype(np.int64)
        return {"y": V(ins["W"].a[idx], ids.batched)}
    if gen == "embeddingBack":
        ids, d = ins["ids"], ins["d"]
        W = np.zeros((cfg.get("vocab", 2), cfg.get("width", 1)))
        idx = np.floor(ids.a + 0.5).astype(np.int64).reshape(-1)
        np.add.at(W, idx, d.a.reshape(len(idx), -1))
        return {"W": V(W, False)}
    act = {
        "relu": lambda a: np.maximum(a, 0), "sigmoid": lambda a: 1 / (1 + np.exp(-a)),
        "tanh": np.tanh, "exp": np.exp, "log": np.log, "sqrt": np.sqrt,
        "square": lambda a: a * a, "reciprocal": lambda a: 1 / a, "erf": _erf,
        "softplus": lambda a: np.logaddexp(0, a), "step": lambda a: (a > 0).astype(float),
        "elu": lambda a: np.where(a > 0, a, cfg.get("alpha", 1) * (np.exp(np.minimum(a, 0)) - 1)),
        "leakyRelu": lambda a: np.where(a > 0, a, cfg.get("alpha", 0.2) * a),
        "leakyStep": lambda a: np.where(a > 0, 1.0, cfg.get("alpha", 0.2)),
        "clip": lambda a: np.minimum(np.maximum(a, cfg.get("min", 0)), cfg.get("max", 6)),
        "inside": lambda a: ((a > cfg.get("min", 0)) & (a < cfg.get("max", 6))).astype(float),
        "gelu": lambda a: (0.5 * a * (1 + np.tanh(math.sqrt(2 / math.pi) * (a + 0.044715 * a ** 3)))
                           if cfg.get("approximate") == "tanh"
                           else 0.5 * a * (1 + _erf(a / math.sqrt(2)))),
    }
    if gen in act:
        return {"y": V(act[gen](x.a), x.batched)}
    if gen == "layerNorm":
        m = x.a.mean(axis=-1, keepdims=True)
        var = ((x.a - m) ** 2).mean(axis=-1, keepdims=True)
        return {"n": V((x.a - m) / np.sqrt(var + cfg.get("eps", 1e-5)), x.batched)}
    if gen == "softmax":
        a = x.a.copy()
        if cfg.get("causal"):
            T1, T2 = a.shape[-2], a.shape[-1]
            a = np.where(np.triu(np.ones((T1, T2), bool), 1), -np.inf, a)
        ax = feat_axis(x, cfg.get("axis", -1))
        e = np.exp(a - a.max(axis=ax, keepdims=True))
        return {"y": V(e / e.sum(axis=ax, keepdims=True), x.batched)}
    if gen == "flatten":
        return {"y": V(x.a.reshape((B, -1) if x.batched else (-1,)), x.batched, x.z2)}
    if gen == "reshape":
        shape = list(cfg.get("shape", [1]))
        return {"y": V(x.a.reshape(([B] if x.batched else []) + shape), x.batched, x.z2)}
    if gen == "concat":
        parts = [ins[f"x{i}"] for i in range(cfg.get("n", 2))]
        bt = any(p.batched for p in parts)
        arrs = [np.broadcast_to(p.a, (B,) + p.a.shape) if bt and not p.batched else p.a for p in parts]
        return {"y": V(np.concatenate(arrs, axis=-1), bt, parts[0].z2)}
    if gen == "split":
        sizes = cfg.get("sizes", [1, 1])
        cuts = np.cumsum(sizes)[:-1]
        return {f"y{i}": V(p, x.batched, x.z2) for i, p in enumerate(np.split(x.a, cuts, axis=-1))}
    if gen == "sumFeatures":
        axis = cfg.get("axis", -1)
        if axis == -1:
            ax = tuple(range(1 if x.batched else 0, x.a.ndim))
        else:
            ax = feat_axis(x, axis)
        return {"y": V(m2(x.a.sum(axis=ax), x.z2), x.batched, x.z2)}
    if gen == "broadcast":
        shape = list(cfg.get("shape", [1]))
        axis = cfg.get("axis", -1)
        lead = [B] if x.batched else []
        if axis == -1:
            a = np.broadcast_to(x.a.reshape(lead + [1] * len(shape)), lead + shape)
        else:
            a = np.broadcast_to(np.expand_dims(x.a, feat_axis(V(np.zeros(lead + shape), x.batched), axis)),
                                lead + shape)
        return {"y": V(a.copy(), x.batched, x.z2)}
    if gen == "transpose":
        perm = cfg.get("perm", [1, 0])
        p = ([0] + [i + 1 for i in perm]) if x.batched else list(perm)
        return {"y": V(np.transpose(x.a, p), x.batched, x.z2)}
    if gen == "correlate2d":
        return {"y": V(correlate2d(x.a, ins["W"].a, cfg), True)}
    if gen == "conv2dBackFilter":
        return {"W": V(conv_back_filter(x.a, ins["d"].a, cfg), False)}
    if gen == "conv2dBackInput":
        return {"x": V(conv_back_input(ins["W"].a, ins["d"].a, cfg), True)}
    if gen == "maxPool2d":
        return {"y": V(pool_gather(x.a, x.a, cfg), True)}
    if gen == "maxPoolBack":
        return {"dx": V(pool_scatter(x.a, ins["d"].a, cfg), True)}
    if gen == "maxPoolSelect":
        return {"y": V(pool_gather(x.a, ins["e"].a, cfg), True)}
    raise Refused(f"generator '{gen}' is not known to this runtime")


def in_ports(gen, cfg):
    table = {
        "add": ["a", "b"], "subtract": ["a", "b"], "multiply": ["a", "b"], "xor": ["a", "b"],
        "and": ["a", "b"], "swap": ["a", "b"], "bias": ["b", "x"], "linear": ["W", "x"],
        "linearT": ["W", "d"], "outer": ["x", "d"], "matmul": ["A", "B"], "batchMatmul": ["A", "B"],
        "embedding": ["W", "ids"], "embeddingBack": ["ids", "d"], "correlate2d": ["W", "x"],
        "conv2dBackFilter": ["x", "d"], "conv2dBackInput": ["W", "d"], "maxPoolBack": ["x", "d"],
        "maxPoolSelect": ["x", "e"], "zero": [], "one": [], "constant": [],
    }
    if gen == "concat":
        return [f"x{i}" for i in range(cfg.get("n", 2))]
    return table.get(gen, ["x"])


# ---------------------------------------------------------------- the model as a graph
class Model:
    def __init__(self, model, weights):
        self.file = model
        self.weights = weights
        tc = model["trainingConfig"]
        self.feature_shape = list(tc["dataset"]["featureShape"])
        self.label_shape = list(tc["dataset"]["labelShape"])
        # a dataset of task 'boolean' gives ℤ₂ features and labels (docs/model-format.md)
        self.data_z2 = tc["dataset"].get("task") == "boolean"
        doc = model["diagram"]
        self.d = Diagram(doc)
        boxes = self.d.boxes
        # the wires into the output boxes (by id, in code-point order), then the loss's ŷ;
        # a wire read twice is one output, and a runnable model has exactly one
        outs = sorted([b for b in boxes.values() if b["generator"] == "output"], key=lambda b: b["id"])
        self.outputs = []
        for src in [self.source(b["id"], "ŷ") for b in outs]:
            if src not in self.outputs:
                self.outputs.append(src)
        loss = sorted([b for b in boxes.values() if b["generator"] == "loss"], key=lambda b: b["id"])
        self.yhat = self.source(loss[0]["id"], "ŷ") if loss else None
        if self.yhat is not None and self.yhat not in self.outputs:
            self.outputs.append(self.yhat)
        if len(self.outputs) != 1:
            raise Refused(f"diagram: the model gives {len(self.outputs)} outputs, not one")

    def source(self, box, port):
        if (box, port) not in self.d.into:
            raise Refused(f"diagram: port '{port}' of box '{box}' has no wire")
        return self.d.into[(box, port)]

    def param_name(self, box, port):
        return f"{self.d.owner(box)}.{port}"

    def param(self, name, params):
        if name not in params:
            raise Refused(f"weightsManifest: no model weight named '{name}'")
        return params[name]

    def run(self, x, params, y=None):
        """Evaluate every needed port; returns a cache {(box, port): V} and the traced nodes."""
        B = x.shape[0]
        cache, order = {}, []

        def value(box, port):
            key = (box, port)
            if key in cache:
                return cache[key]
            b = self.d.boxes[box]
            gen, cfg = b["generator"], b.get("config", {})
            if gen == "input":
                cache[key] = V(x.reshape([B] + self.feature_shape), True, self.data_z2)
            elif gen == "label":
                if y is None:
                    raise Refused(f"box '{box}': the model reads a label")
                cache[key] = V(y.reshape([B] + self.label_shape), True, self.data_z2)
            elif gen == "parameter":
                name = self.param_name(box, "W")
                cache[key] = V(self.param(name, params), False, cfg.get("field") == "z2")
                order.append(("param", box, name))
            elif gen in LEARNER:
                raise Refused(f"box '{box}' ({gen}) is the learner; the model may not read it")
            else:
                ins = {}
                for p in in_ports(gen, cfg):
                    if (box, p) in self.d.into:
                        ins[p] = value(*self.d.into[(box, p)])
                    elif p in PARAM_PORTS.get(gen, []):
                        name = self.param_name(box, p)
                        ins[p] = V(self.param(name, params), False)
                        order.append(("open", box, p, name))
                    else:
                        raise Refused(f"diagram: input '{p}' of box '{box}' ({gen}) has no wire")
                outs = forward(gen, cfg, ins, B)
                order.append(("box", box, gen, cfg, ins, outs))
                for p, v in outs.items():
                    cache[(box, p)] = v
                if key not in cache:
                    raise Refused(f"box '{box}' ({gen}) has no output '{port}'")
            return cache[key]

        outs = [value(*o) for o in self.outputs]
        return outs, cache, order

    def predict(self, x, params=None):
        params = params or {n: w.astype(np.float64) for (g, n), w in self.weights.items() if g == "model"}
        outs, _, _ = self.run(np.asarray(x, np.float64), params)
        B = x.shape[0]
        flat = [(o.a if o.batched else np.broadcast_to(o.a, (B,) + o.a.shape)).reshape(B, -1) for o in outs]
        return np.concatenate(flat, axis=1) if len(flat) > 1 else outs[0].a


# ---------------------------------------------------------------- reverse derivatives
def sum_to(d, v):
    """A change summed back to its operand's type (over the batch, over broadcast axes)."""
    a = d
    while a.ndim > v.a.ndim:
        a = a.sum(axis=0)
    for i, (n, m) in enumerate(zip(a.shape, v.a.shape)):
        if m == 1 and n != 1:
            a = a.sum(axis=i, keepdims=True)
    return a.reshape(v.a.shape)


def reverse(gen, cfg, ins, outs, douts, B):
    """Changes at the outputs -> changes at the inputs, from the reverse formulas of the reference."""
    x = ins.get("x")
    d = douts.get("y")
    if gen in ("add", "subtract", "multiply", "bias"):
        a, b = (ins["a"], ins["b"]) if gen != "bias" else (ins["b"], ins["x"])
        da, db = {"add": (d, d), "bias": (d, d), "subtract": (d, -d), "multiply": (d * b.a, d * a.a)}[gen]
        ra, rb = sum_to(da, a), sum_to(db, b)
        return {"b": ra, "x": rb} if gen == "bias" else {"a": ra, "b": rb}
    if gen == "copy":
        return {"x": sum(douts.get(f"y{i}", 0) for i in range(cfg.get("n", 2)))}
    if gen == "linear":
        return {"W": x.a.reshape(-1, x.a.shape[-1]).T @ d.reshape(-1, d.shape[-1]), "x": d @ ins["W"].a.T}
    yv = outs["y"].a if "y" in outs else None
    der = {
        "tanh": lambda: d * (1 - yv * yv), "sigmoid": lambda: d * (yv - yv * yv),
        "relu": lambda: d * (x.a > 0), "negate": lambda: -d, "scale": lambda: cfg.get("c", 1) * d,
        "exp": lambda: d * yv, "square": lambda: 2 * d * x.a, "softplus": lambda: d / (1 + np.exp(-x.a)),
        "flatten": lambda: d.reshape(x.a.shape), "reshape": lambda: d.reshape(x.a.shape),
    }
    if gen in der:
        return {"x": der[gen]()}
    if gen == "softmax":
        ax = feat_axis(x, cfg.get("axis", -1))
        return {"x": yv * (d - (d * yv).sum(axis=ax, keepdims=True))}
    raise Refused(f"this runtime has no reverse for '{gen}'")


LOSSES = {
    "mse": (lambda p, y: 0.5 * ((p - y) ** 2).sum(), lambda p, y: p - y),
    "softmax-cross-entropy": (None, lambda p, y: softmax_last(p) * y.sum(-1, keepdims=True) - y),
    "binary-cross-entropy": (None, lambda p, y: 1 / (1 + np.exp(-p)) - y),
    "dot": (None, lambda p, y: y),
    "mse-mean": (None, lambda p, y: (2 / p.shape[-1]) * (p - y)),
}


def softmax_last(p):
    e = np.exp(p - p.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def gradient(model, params, x, y):
    """g = ∂L/∂p, L summed over the batch (docs/model-format.md, What a training step computes)."""
    B = x.shape[0]
    outs, cache, order = model.run(x, params, y)
    loss = model.file["trainingConfig"]["loss"]
    if loss not in LOSSES:
        raise Refused(f"trainingConfig.loss: '{loss}' is not known to this runtime")
    yh = cache[model.yhat]
    dy = LOSSES[loss][1](yh.a, y.reshape(yh.a.shape))
    changes = {model.yhat: dy}
    grads = {}
    for node in reversed(order):
        if node[0] == "param":
            _, box, name = node
            if (box, "W") in changes:
                grads[name] = grads.get(name, 0) + changes[(box, "W")]
            continue
        if node[0] == "open":
            continue
        _, box, gen, cfg, ins, outs_ = node
        douts = {p: changes[(box, p)] for p in outs_ if (box, p) in changes}
        if not douts:
            continue
        for p in outs_:
            if p not in douts:
                douts[p] = np.zeros_like(outs_[p].a)
        dins = reverse(gen, cfg, ins, outs_, douts, B)
        for p, dv in dins.items():
            if (box, p) in model.d.into:
                src = model.d.into[(box, p)]
                changes[src] = changes.get(src, 0) + dv
            elif p in PARAM_PORTS.get(gen, []):
                name = model.param_name(box, p)
                grads[name] = grads.get(name, 0) + dv
    return grads


def train_step(model):
    """One step of trainingConfig's optimiser, as the equations of docs/model-format.md."""
    tc = model.file["trainingConfig"]
    o = tc["optimiser"]
    kind, lr = o["kind"], o["learningRate"]
    mom, b1, b2, eps = o.get("momentum", 0.9), o.get("beta1", 0.9), o.get("beta2", 0.999), o.get("epsilon", 1e-7)
    params = {n: w.astype(np.float64) for (g, n), w in model.weights.items() if g == "model"}
    state = {n: w.astype(np.float64) for (g, n), w in model.weights.items() if g == "optimizer"}

    def st(name, init):
        return state.get(name, np.full(np.shape(init), 0.0) + init)

    def step(x, y):
        if kind == "nesterov":
            ahead = {n: p + mom * st(f"{n}/velocity", np.zeros_like(p)) for n, p in params.items()}
            g = gradient(model, ahead, x, y)
        else:
            g = gradient(model, params, x, y)
        new = {}
        if kind == "adam":
            t = tc.get("optimiserSteps", float(state.get("optimizer/t", 0.0))) + 1
            new["optimizer/t"] = np.array(float(t))
        for n, p in params.items():
            gi = g.get(n, np.zeros_like(p))
            if kind == "gd":
                params[n] = p - lr * gi
            elif kind in ("momentum", "nesterov"):
                v = mom * st(f"{n}/velocity", np.zeros_like(p)) - lr * gi
                new[f"{n}/velocity"] = v
                params[n] = p + v
            elif kind == "adagrad":
                acc = st(f"{n}/accumulator", np.full_like(p, 0.1)) + gi ** 2
                new[f"{n}/accumulator"] = acc
                params[n] = p - lr * gi / (eps + np.sqrt(acc))
            elif kind == "adam":
                m = b1 * st(f"{n}/m", np.zeros_like(p)) - (1 - b1) * gi
                v = b2 * st(f"{n}/v", np.zeros_like(p)) + (1 - b2) * gi ** 2
                new[f"{n}/m"], new[f"{n}/v"] = m, v
                mh, vh = m / (1 - b1 ** t), v / (1 - b2 ** t)
                params[n] = p + lr * mh / (eps + np.sqrt(vh))
            else:
                raise Refused(f"trainingConfig.optimiser.kind: '{kind}' is not known to this runtime")
        state.update(new)
    return params, state, step


# ---------------------------------------------------------------- the suite
def rows_of(a):
    a = np.asarray(a, dtype=np.float64)
    return {"shape": list(a.shape), "rows": a.reshape(a.shape[0], -1).tolist()}


def read_rows(r):
    return np.asarray(r["rows"], dtype=np.float64).reshape(r["shape"])


def answer(suite, case):
    model = Model(*load_model(os.path.join(suite, case["model"])))
    inputs = json.load(open(os.path.join(suite, case["inputs"])))
    x = read_rows(inputs["x"])
    if case["kind"] == "predict":
        return {"y": rows_of(model.predict(x))}
    y = read_rows(inputs["y"])
    params, state, step = train_step(model)
    step(x, y)
    ws = [{"name": n, "group": "model", "shape": list(p.shape), "values": p.reshape(-1).tolist()}
          for n, p in params.items()]
    ws += [{"name": n, "group": "optimizer", "shape": list(np.shape(s)), "values": np.reshape(s, -1).tolist()}
           for n, s in state.items()]
    return {"weights": ws}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--out")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--predict")
    ap.add_argument("--rows")
    ap.add_argument("--prepared", action="store_true")
    args = ap.parse_args(argv)
    if args.predict:
        model = Model(*load_model(args.predict))
        rows = json.load(open(args.rows))
        x = np.asarray(rows, np.float32).astype(np.float64) if args.prepared else prepare(model.file, rows)
        print(json.dumps({"y": model.predict(x).reshape(len(rows), -1).tolist()}))
        return
    if not args.out:
        ap.error("--out DIR (or --predict MODEL --rows ROWS.json) is needed")
    man = json.load(open(os.path.join(args.suite, "manifest.json")))
    os.makedirs(args.out, exist_ok=True)
    counts = {"answered": 0, "refused": 0}
    for case in man["cases"]:
        if args.only and not any(o in case["id"] for o in args.only):
            continue
        try:
            ans = answer(args.suite, case)
            counts["answered"] += 1
        except Refused as e:
            ans = {"refused": str(e)}
            counts["refused"] += 1
        except Exception as e:  # a bug of this runtime: say so, and go on
            ans = {"refused": f"error: {type(e).__name__}: {e}"}
            counts["refused"] += 1
        with open(os.path.join(args.out, case["id"] + ".json"), "w") as f:
            json.dump(ans, f)
    print(f"numpy: {counts['answered']} answered, {counts['refused']} refused")


if __name__ == "__main__":
    main(sys.argv[1:])
