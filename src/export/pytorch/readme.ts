/** README.md of a PyTorch package: what each file is, how to run it, and what carries over exactly. */
import { dataFileNames } from '../../data/dataCsv';
import type { ExportGraph } from '../graph';
import { describeEncoding, packageDescription } from './preparationJson';

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

${dataSection(graph)}

**Training.** \`python train.py data.csv\` trains on a CSV with a header row and one row per
example. Raw rows, whose header names the raw columns (as the data export writes them), are
prepared by train.py itself as \`preparation.json\` says, in float32 as Lensboard prepares them,
and a \`split\` column keeps the \`--split\` rows (\`train\` by default; \`test\`, \`all\`).
\`--prepared\` takes rows already prepared instead, by position: the feature values, then the
label values (or one column holding a class index); so does a package without
\`preparation.json\`, or a header that does not name the raw columns. It
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
state in the weights file is where \`train.py\` goes on from (\`--fresh-optimiser\` ignores it). Lensboard's
test split carries over through the data export's \`split\` column; its shuffling order does not.
`;
}

/** What the model was trained on: the dataset, the split (sizes when the rows were at hand, seed) and the preparation. */
function dataSection(graph: ExportGraph): string {
  const t = graph.training;
  const d = t.dataset;
  const options = Object.keys(d.options).length > 0 ? ` with options \`${JSON.stringify(d.options)}\`` : '';
  const f = t.testFraction;
  const n = graph.datasetRows;
  const sizes =
    n === undefined
      ? f > 0
        ? `round((1 − ${f}) · n) of its n rows train, the others are held out for testing`
        : 'every row trains, none is held out'
      : f > 0
        ? `${Math.round((1 - f) * n)} of its ${n} rows train, ${n - Math.round((1 - f) * n)} are held out for testing`
        : `all ${n} rows train, none is held out`;
  const described = packageDescription(t);
  const preparation = described
    ? `Raw rows are prepared so: ${describeEncoding(described.preparation)}; \`preparation.json\` says it exactly (the same JSON the data export writes beside its CSV).`
    : 'The model file records no preparation: give train.py rows as the model takes them (`--prepared`).';
  const fraction = f > 0 ? ` --test-fraction ${f}` : '';
  const files = dataFileNames(d.id);
  return `**Data.** Trained on Lensboard's dataset \`${d.id}\`${options} (${d.task}; features of shape [${d.featureShape.join(', ')}], labels [${d.labelShape.join(', ')}]).
Split: the trainer's, seed ${t.seed}, test fraction ${f}: ${sizes} (a permutation seeded by ${t.seed}; the first rows train).
${preparation}
The rows as they were, before their preparation, with their split: the Data panel's *Download data (CSV)*, or
\`npm run data -- export ${d.id} --seed ${t.seed}${fraction}${options ? ` --options '${JSON.stringify(d.options)}'` : ''} --out data/\` in Lensboard, then
\`python train.py data/${files.csv} --preparation data/${files.json}\` (or with the package's own \`preparation.json\`, the default).`;
}
