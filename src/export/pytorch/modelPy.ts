/**
 * model.py: the export graph as an nn.Module whose forward is the diagram, one line per box in
 * the order Lensboard runs them, each named after its box and commented with the user's label
 * (as torch.fx prints a graph). The parameters keep Lensboard's names in the weights file;
 * `LENSBOARD_NAMES` maps each attribute to its name there.
 */
import { shapeSize } from '../../core/shape';
import type { WireType } from '../../core/wire';
import type { ExportGraph } from '../graph';
import { mapNodes, refusalOf, UnsupportedOpError } from '../opTable';
import { PyNames, paramNames } from './pyNames';
import { PYTORCH_OPS } from './table';

const showType = (t: WireType) => `[${[...(t.batch ? ['n'] : []), ...t.shape].join(', ')}]`;
const pyTuple = (xs: readonly number[]) => (xs.length === 1 ? `(${xs[0]},)` : `(${xs.join(', ')})`);
const comment = (text: string) => text.replace(/[\r\n]+/g, ' ');
/** Text inside a docstring: one line, backslashes and quotes escaped. */
const docText = (text: string) => comment(text).replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** ℤ₂ wires are refused whatever the generator (the table maps the real ones only). */
function booleanWires(graph: ExportGraph): UnsupportedOpError | undefined {
  const refusals = graph.nodes
    .filter((n) => [...n.inputTypes, ...n.outputTypes].some((t) => t.field === 'z2'))
    .map((n) => ({
      gen: n.gen,
      ...(n.box === undefined ? {} : { box: n.box }),
      reason: 'it runs on ℤ₂ (Boolean) wires, and autograd needs real numbers',
    }));
  return refusals.length > 0 ? new UnsupportedOpError('PyTorch', refusals) : undefined;
}

/** What PyTorch refuses in `graph` (its ℤ₂ wires, then the op table's refusals), or undefined when it maps. */
export const pytorchRefusal = (graph: ExportGraph): UnsupportedOpError | undefined =>
  booleanWires(graph) ?? refusalOf('PyTorch', PYTORCH_OPS, graph);

export interface ModelPy {
  readonly text: string;
  /** The attribute of each parameter, in `graph.params` order. */
  readonly attributes: readonly string[];
}

export function modelPy(graph: ExportGraph): ModelPy {
  const refused = booleanWires(graph);
  if (refused) throw refused;
  const mapped = mapNodes('PyTorch', PYTORCH_OPS, graph);
  const pool = new PyNames();
  const attributes = paramNames(
    graph.params.map((p) => p.name),
    pool,
  );
  const local = new Map<string, string>();
  graph.params.forEach((p, i) => {
    local.set(p.name, `self.${attributes[i]}`);
  });
  const args = graph.inputs.map((input) => {
    const name = pool.claim(input.value);
    local.set(input.value, name);
    return name;
  });
  const batched = graph.inputs.findIndex((input) => input.type.batch);
  const like = args[Math.max(batched, 0)] ?? `self.${attributes[0]}`;
  let needsBatch = false;
  const ctx = {
    batch: () => {
      needsBatch = true;
      return 'n';
    },
    like,
  };

  const body: string[] = [];
  for (const { node, op } of mapped) {
    const result = op(
      node.inputs.map((v) => local.get(v) as string),
      node,
      ctx,
    );
    const what = node.label ?? node.gen;
    const note = `  # ${comment(what === node.gen ? what : `${what} (${node.gen})`)}`;
    if (Array.isArray(result)) {
      // copies, swaps and discards only rename values: no line of their own
      node.outputs.forEach((v, k) => {
        local.set(v, result[k]);
      });
      continue;
    }
    const names = node.outputs.map((v) => {
      const name = pool.claim(v);
      local.set(v, name);
      return name;
    });
    const expr = typeof result === 'string' ? result : result.tuple;
    body.push(`        ${names.join(', ')} = ${expr}${note}`);
  }
  const returned = graph.outputs.map((o) => local.get(o.value) as string);
  const signature = graph.inputs
    .map((input, i) => `${args[i]}: ${docText(input.label)} ${showType(input.type)}`)
    .join('; ');
  const gives = graph.outputs.map((o) => `${docText(o.label)} ${showType(o.type)}`).join(', ');

  const lines = [
    `"""${docText(graph.name)}: a model drawn in Lensboard, exported as PyTorch (see README.md).`,
    '',
    'forward() is the diagram, one line per box in the order Lensboard runs them. Tensors are',
    "batch-first; images are NHWC and filters [kh, kw, in, out], as on Lensboard's wires, so",
    'every parameter keeps its Lensboard shape (a linear weight is [inputs, units]).',
    '"""',
    'import json',
    '',
    'import numpy as np',
    'import torch',
    'import torch.nn.functional as F',
    'from torch import nn',
    '',
    `INPUT_SHAPES = [${graph.inputs.map((i) => pyTuple(i.type.shape)).join(', ')}]  # per example, without the batch axis`,
    `OUTPUT_SHAPES = [${graph.outputs.map((o) => pyTuple(o.type.shape)).join(', ')}]`,
    '# attribute -> the name of the parameter in weights.safetensors and in the Lensboard model file',
    `LENSBOARD_NAMES = {${graph.params.map((p, i) => `"${attributes[i]}": ${JSON.stringify(p.name)}`).join(', ')}}`,
    '',
    '',
    'class Model(nn.Module):',
    '    def __init__(self):',
    '        super().__init__()',
    ...graph.params.map(
      (p, i) =>
        `        self.${attributes[i]} = nn.Parameter(torch.zeros(${p.type.shape.length === 0 ? '()' : p.type.shape.join(', ')}))  # ${comment(p.label)}, ${shapeSize(p.type.shape)} values`,
    ),
    '',
    `    def forward(self, ${args.join(', ')}):`,
    `        """${signature} -> ${gives}"""`,
    ...(needsBatch ? [`        n = ${like}.shape[0]`] : []),
    ...body,
    `        return ${returned.length === 1 ? returned[0] : returned.join(', ')}`,
    '',
    '',
    READ_SAFETENSORS,
    '',
    '',
    LOAD_MODEL,
    '',
  ];
  return { text: lines.join('\n'), attributes };
}

const READ_SAFETENSORS = `def read_safetensors(path):
    """The tensors of a safetensors file by name. Without the safetensors package (Debian's
    python3-torch has none), the format is read directly: 8 bytes of little-endian header
    length, a JSON header, then little-endian float32 data."""
    try:
        from safetensors.torch import load_file
    except ImportError:
        load_file = None
    if load_file is not None:
        return load_file(path)
    with open(path, "rb") as f:
        raw = f.read()
    size = int.from_bytes(raw[:8], "little")
    header = json.loads(raw[8:8 + size])
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        if info["dtype"] != "F32":
            raise ValueError(f"{name}: only F32 tensors are read here, not {info['dtype']}")
        start, end = info["data_offsets"]
        data = np.frombuffer(raw, dtype="<f4", count=(end - start) // 4, offset=8 + size + start)
        tensors[name] = torch.from_numpy(data.astype(np.float32)).reshape(info["shape"])
    return tensors`;

const LOAD_MODEL = `def load_model(path="weights.safetensors", dtype=torch.float32):
    """The model with its trained weights (float32 as Lensboard trains; float64 for checks)."""
    model = Model()
    tensors = read_safetensors(path)
    model.load_state_dict({attr: tensors[name] for attr, name in LENSBOARD_NAMES.items()})
    return model.to(dtype)`;
