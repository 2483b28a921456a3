/**
 * The functions of train.py (docs/export.md) that read its data file: rows already prepared,
 * by position, or raw rows by their header's names, prepared as preparation.json says. Plain
 * Python with no placeholders; trainTemplate.ts places it.
 */
export const TRAIN_DATA_PY = `def read_prepared(path, dtype):
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
    return read_prepared(path, dtype), "prepared"`;
