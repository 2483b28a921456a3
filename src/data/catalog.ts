/**
 * The named datasets the editor and the CLI offer, by id. Shapes listed here are those of the
 * default options; `shapes` follows the options (e.g. `parity` with 6 bits has 6 inputs), and
 * the loaded Dataset is the authority. Loading is async because MNIST is fetched; the rest
 * resolve at once. Options are checked against the entry's `options` before anything loads.
 */
import { MAX_BOOLEAN_BITS, majority, multiplexer, parity } from './boolean';
import { irisZ2Options, irisZ2Shapes, mnistShape, truthTable } from './catalogOptions';
import { CSV_DATASET_ID } from './csvBinding';
import { SINE_DESCRIPTION, sineDataset } from './curve';
import type { Dataset, Task } from './dataset';
import { bitsSpec, checkOptions, type OptionSpec, type Shapes, syntheticSpecs } from './datasetOptions';

export type { Shapes };

import { loadIris, loadIrisTwoClass } from './iris';
import { type IrisZ2Options, loadIrisZ2 } from './irisZ2';
import { fetchMnist, type MnistOptions, parseMnistBin } from './mnist';
import {
  ADDITION_DESCRIPTION,
  additionContext,
  additionDataset,
  additionSpecs,
  REVERSE_DESCRIPTION,
  reverseContext,
  reverseDataset,
  reverseSpecs,
  type SequenceTaskOptions,
} from './sequenceTasks';
import { type SyntheticId, type SyntheticOptions, syntheticDataset, syntheticRecipes } from './synthetic';
import { fetchText, TEXT_DESCRIPTION, type TextOptions, textDataset, textSpecs } from './text';

export interface DatasetOptions
  extends SyntheticOptions,
    IrisZ2Options,
    MnistOptions,
    TextOptions,
    SequenceTaskOptions {
  /** Boolean functions: input bits (parity, majority) or address bits (multiplexer). */
  bits?: number;
  /** MNIST: where its bytes come from. Default: fetch /data/mnist.bin; in Node pass loadMnistBufferNode. */
  mnistBytes?: () => Promise<ArrayBuffer>;
}

export interface CatalogEntry extends Shapes {
  id: string;
  name: string;
  description: string;
  task: Task;
  /** The options it takes, with their bounds (datasetOptions.ts). */
  options: readonly OptionSpec[];
  /** The shapes under these (checked) options; absent: always the entry's own. */
  shapes?(options: Readonly<Record<string, unknown>>): Shapes;
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
    options: syntheticSpecs(recipe.n, classification),
    shapes: (o) => ({ featureShape: [2], labelShape: [classification && o.labelKind !== 'scalar' ? 2 : 1] }),
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
    id: 'sine',
    name: 'Sine curve (1-D regression)',
    description: SINE_DESCRIPTION,
    task: 'regression',
    featureShape: [1],
    labelShape: [1],
    options: syntheticSpecs(200, false),
    load: async (options) => sineDataset(options),
  },
  {
    id: 'iris',
    name: 'Iris',
    description: 'Fisher’s Iris: 4 measurements, 3 species, 150 rows.',
    task: 'classification',
    featureShape: [4],
    labelShape: [3],
    options: [],
    load: async () => loadIris(),
  },
  {
    id: 'iris-2class',
    name: 'Iris, two classes',
    description: 'Setosa vs versicolor, 100 rows (as in Reverse Derivative Ascent).',
    task: 'classification',
    featureShape: [4],
    labelShape: [2],
    options: [],
    load: async () => loadIrisTwoClass(),
  },
  {
    id: 'iris-z2',
    name: 'Iris over ℤ₂',
    description: 'Iris with each feature binarised, for Boolean circuits.',
    task: 'boolean',
    featureShape: [4],
    labelShape: [3],
    options: irisZ2Options,
    shapes: irisZ2Shapes,
    load: async (o) => loadIrisZ2(o),
  },
  {
    id: 'parity',
    name: 'Parity',
    description: 'Parity of n bits, all 2ⁿ rows.',
    task: 'boolean',
    featureShape: [4],
    labelShape: [1],
    ...truthTable(bitsSpec('Input bits', MAX_BOOLEAN_BITS, 4), (b) => b),
    load: async (o) => parity(o?.bits),
  },
  {
    id: 'majority',
    name: 'Majority',
    description: 'Majority of n bits, all 2ⁿ rows.',
    task: 'boolean',
    featureShape: [5],
    labelShape: [1],
    ...truthTable(bitsSpec('Input bits', MAX_BOOLEAN_BITS, 5), (b) => b),
    load: async (o) => majority(o?.bits),
  },
  {
    id: 'multiplexer',
    name: 'Multiplexer',
    description: 'k address bits select one of 2ᵏ data bits.',
    task: 'boolean',
    featureShape: [6],
    labelShape: [1],
    ...truthTable(bitsSpec('Address bits', 3, 2), (k) => k + 2 ** k),
    load: async (o) => multiplexer(o?.bits),
  },
  {
    id: 'mnist',
    name: 'MNIST digits',
    description: '10,000 handwritten digits, 28×28 grey levels, 10 classes (fetched on demand, 7.9 MB).',
    task: 'classification',
    featureShape: [784],
    labelShape: [10],
    options: [mnistShape],
    shapes: (o) => ({ featureShape: o.shape === 'image' ? [28, 28, 1] : [784], labelShape: [10] }),
    load: async (o) => (o?.mnistBytes ? parseMnistBin(await o.mnistBytes(), o) : fetchMnist(undefined, o)),
  },
  {
    id: 'text',
    name: 'Text: State of the Union (characters)',
    description: TEXT_DESCRIPTION,
    task: 'classification',
    featureShape: [32],
    labelShape: [32, 76],
    options: textSpecs,
    shapes: (o) => {
      const T = (o.context as number | undefined) ?? 32;
      return { featureShape: [T], labelShape: [T, 76] };
    },
    load: async (o) => textDataset(o?.textSource ? await o.textSource() : await fetchText(), o),
  },
  {
    id: 'reverse',
    name: 'Reverse a string',
    description: REVERSE_DESCRIPTION,
    task: 'classification',
    featureShape: [reverseContext(6)],
    labelShape: [reverseContext(6), 5],
    options: reverseSpecs,
    shapes: (o) => {
      const T = reverseContext((o.length as number | undefined) ?? 6);
      return { featureShape: [T], labelShape: [T, 5] };
    },
    load: async (o) => reverseDataset(o),
  },
  {
    id: 'addition',
    name: 'Add two numbers',
    description: ADDITION_DESCRIPTION,
    task: 'classification',
    featureShape: [additionContext(3)],
    labelShape: [additionContext(3), 12],
    options: additionSpecs,
    shapes: (o) => {
      const T = additionContext((o.digits as number | undefined) ?? 3);
      return { featureShape: [T], labelShape: [T, 12] };
    },
    load: async (o) => additionDataset(o),
  },
];

export const catalog: ReadonlyMap<string, CatalogEntry> = new Map(entries.map((e) => [e.id, e]));
export const datasetIds: readonly string[] = entries.map((e) => e.id);

export function catalogEntry(id: string): CatalogEntry {
  if (id === CSV_DATASET_ID) {
    throw new Error(
      'dataset "csv" is an imported file: its rows are kept by the browser that imported it, not in the document; train it in the app, or bind a dataset of the catalog',
    );
  }
  const entry = catalog.get(id);
  if (!entry) throw new Error(`unknown dataset ${JSON.stringify(id)}; known: ${datasetIds.join(', ')}`);
  return entry;
}

/** The shapes a binding's dataset will have, its options checked first (errors name their path). */
export function entryShapes(entry: CatalogEntry, options: Readonly<Record<string, unknown>> = {}): Shapes {
  checkOptions(entry.id, entry.options, options);
  return entry.shapes ? entry.shapes(options) : entry;
}

/** Refuses an option that is unknown or out of bounds (naming `dataset.options.<key>`) before loading. */
export function loadDataset(id: string, options?: DatasetOptions): Promise<Dataset> {
  const entry = catalogEntry(id);
  try {
    checkOptions(id, entry.options, options as Readonly<Record<string, unknown>> | undefined);
  } catch (e) {
    return Promise.reject(e);
  }
  return entry.load(options);
}
