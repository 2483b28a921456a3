/** README.md of a PyTorch package: what each file is, how to run it, and what carries over exactly. */
import type { ExportGraph } from '../graph';

export function readmeMd(graph: ExportGraph): string {
  const t = graph.training;
  const o = t.optimiser;
  return `# ${graph.name.replace(/[\r\n]+/g, ' ')} — exported from Lensboard as PyTorch

| file | what it is |
|---|---|
| \`model.py\` | \`Model\`, an \`nn.Module\` whose \`forward\` is the diagram, one line per box, commented with the box labels; \`load_model()\` |
| \`weights.safetensors\` | the trained parameters, float32, named as in the Lensboard model file (\`LENSBOARD_NAMES\` in model.py maps the attributes to them), and the optimiser's state when the model was trained (\`W1.W/m\`, \`optimizer/t\`) |
| \`train.py\` | trains the model as Lensboard does: loss \`${t.loss}\` summed over each batch, optimiser \`${o.kind}\` (ε = ${o.learningRate}), batches of ${t.batchSize} |

Needs Python 3 with PyTorch (1.13 or later) and numpy.

\`\`\`python
import torch
from model import load_model
model = load_model("weights.safetensors")          # float32; dtype=torch.float64 for checks
print(model(torch.zeros(1, ${graph.inputs[0]?.type.shape.join(', ') ?? ''})))
\`\`\`

**Weights.** \`weights.safetensors\` is the [safetensors](https://github.com/huggingface/safetensors)
format: 8 bytes of little-endian header length, a JSON header (each tensor's dtype, shape and
byte range), then little-endian float32 data. \`model.read_safetensors\` uses the \`safetensors\`
package when it is installed and otherwise reads the file with json and numpy in a few lines
(Debian's \`python3-torch\` comes without \`safetensors\`).

**Training.** \`python train.py data.csv\` trains on a CSV with a header row and one row per
example: the feature values, then the label values (or one column holding a class index). It
writes \`trained.safetensors\` in the same format and names. Across processes it runs
DistributedDataParallel: \`python train.py data.csv --processes 2\` spawns them on this machine
(gloo, rendezvous on \`tcp://127.0.0.1:PORT\`), and under a launcher that sets \`RANK\` and
\`WORLD_SIZE\` (\`torchrun --nproc_per_node=2 train.py data.csv\`, \`--device cuda\` for nccl) each
process joins by itself. \`--batch-size\` counts the rows of a step over all processes; each
process takes its share, and its loss is scaled so that DistributedDataParallel's average of
the gradients is the gradient of the whole batch: the steps are those of one process, even
when a batch has fewer rows than processes (a process with no rows sends zero gradients).

**What carries over exactly.** Lensboard steps on the *sum* of the examples' losses over a batch
(\`reduction="sum"\`); its AdaGrad accumulator starts at 0.1; its Nesterov keeps Sutskever's form
(\`lensboard_weights()\` in train.py converts torch's look-ahead point back). The optimiser's
state in the weights file is where \`train.py\` goes on from (\`--fresh-optimiser\` ignores it). Lensboard's own
test split and shuffling order are not carried over: give train.py the rows to train on.
`;
}
