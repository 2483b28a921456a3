/**
 * The named datasets the editor and the CLI offer, by id. Shapes listed here are those of the
 * default options; the loaded Dataset is the authority (e.g. `parity` with n = 6 has 6 inputs).
 * Loading is async because MNIST is fetched; the rest resolve at once.
 */
import { majority, multiplexer, parity } from './boolean';
import type { Dataset, Task } from './dataset';
import { loadIris, loadIrisTwoClass } from './iris';
import { type IrisZ2Options, loadIrisZ2 } from './irisZ2';
import { fetchMnist, type MnistOptions, parseMnistBin } from './mnist';
import { type SyntheticId, type SyntheticOptions, syntheticDataset, syntheticRecipes } from './synthetic';

export interface DatasetOptions extends SyntheticOptions, IrisZ2Options, MnistOptions {
  /** Boolean functions: input bits (parity, majority) or address bits (multiplexer). */
  bits?: number;
  /** MNIST: where its bytes come from. Default: fetch /data/mnist.bin; in Node pass loadMnistBufferNode. */
  mnistBytes?: () => Promise<ArrayBuffer>;
}

export interface CatalogEntry {
  id: string;
  name: string;
  description: string;
  task: Task;
  featureShape: readonly number[];
  labelShape: readonly number[];
  load(options?: DatasetOptions): Promise<Dataset>;
}

const synthetic = (id: SyntheticId, name: string): CatalogEntry => {
  const recipe = syntheticRecipes[id];
  const classification = recipe.task === 'classification';
  return {
    id,
    name,
    description: recipe.description,
    task: recipe.task,
    featureShape: [2],
    labelShape: [classification ? 2 : 1],
    load: async (options) => syntheticDataset(id, options),
  };
};

const entries: CatalogEntry[] = [
  synthetic('xor', 'XOR'),
  synthetic('circles', 'Circles'),
  synthetic('gaussians', 'Two Gaussians'),
  synthetic('spirals', 'Spirals'),
  synthetic('moons', 'Moons'),
  synthetic('plane', 'Plane (regression)'),
  synthetic('bump', 'Bumps (regression)'),
  {
    id: 'iris',
    name: 'Iris',
    description: 'Fisher’s Iris: 4 measurements, 3 species, 150 rows.',
    task: 'classification',
    featureShape: [4],
    labelShape: [3],
    load: async () => loadIris(),
  },
  {
    id: 'iris-2class',
    name: 'Iris, two classes',
    description: 'Setosa vs versicolor, 100 rows (as in Reverse Derivative Ascent).',
    task: 'classification',
    featureShape: [4],
    labelShape: [2],
    load: async () => loadIrisTwoClass(),
  },
  {
    id: 'iris-z2',
    name: 'Iris over ℤ₂',
    description: 'Iris with each feature binarised, for Boolean circuits.',
    task: 'boolean',
    featureShape: [4],
    labelShape: [3],
    load: async (o) => loadIrisZ2(o),
  },
  {
    id: 'parity',
    name: 'Parity',
    description: 'Parity of n bits, all 2ⁿ rows.',
    task: 'boolean',
    featureShape: [4],
    labelShape: [1],
    load: async (o) => parity(o?.bits),
  },
  {
    id: 'majority',
    name: 'Majority',
    description: 'Majority of n bits, all 2ⁿ rows.',
    task: 'boolean',
    featureShape: [5],
    labelShape: [1],
    load: async (o) => majority(o?.bits),
  },
  {
    id: 'multiplexer',
    name: 'Multiplexer',
    description: 'k address bits select one of 2ᵏ data bits.',
    task: 'boolean',
    featureShape: [6],
    labelShape: [1],
    load: async (o) => multiplexer(o?.bits),
  },
  {
    id: 'mnist',
    name: 'MNIST digits',
    description: '10,000 handwritten digits, 28×28 grey levels, 10 classes (fetched on demand, 7.9 MB).',
    task: 'classification',
    featureShape: [784],
    labelShape: [10],
    load: async (o) => (o?.mnistBytes ? parseMnistBin(await o.mnistBytes(), o) : fetchMnist(undefined, o)),
  },
];

export const catalog: ReadonlyMap<string, CatalogEntry> = new Map(entries.map((e) => [e.id, e]));
export const datasetIds: readonly string[] = entries.map((e) => e.id);

export function catalogEntry(id: string): CatalogEntry {
  const entry = catalog.get(id);
  if (!entry) throw new Error(`unknown dataset ${JSON.stringify(id)}; known: ${datasetIds.join(', ')}`);
  return entry;
}

export function loadDataset(id: string, options?: DatasetOptions): Promise<Dataset> {
  return catalogEntry(id).load(options);
}
