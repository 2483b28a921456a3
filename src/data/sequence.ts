/**
 * Windows of token ids as a dataset, the representation every sequence set shares
 * (docs/datasets.md, *Sequences*): a row's features are the ids of T tokens as float32
 * integers, featureShape [T]; its labels are, for each position t, the token at t + 1 one-hot
 * over the vocabulary, labelShape [T, V]. A position whose next token cannot be known from
 * the ones before (the random letters of a reverse prompt) has a zero label row: cross-entropy
 * −Σ y·log p is 0 there, so only what can be learned is trained.
 */
import { type Dataset, makeDataset } from './dataset';
import type { Preparation } from './preparation';
import { decodeIds, symbolName, type Vocabulary } from './vocabulary';

export interface Windows {
  readonly name: string;
  readonly description: string;
  readonly vocabulary: Vocabulary;
  /** The context: tokens per window. */
  readonly context: number;
  /** Each window as T + 1 ids: the T inputs, then the token after the last. */
  readonly rows: readonly ArrayLike<number>[];
  /** Positions t < this have a zero label row (0: every position is trained). */
  readonly firstTrained?: number;
  /** The last `heldOut` rows are the set's own test rows (dataset.ts, `heldOut`). */
  readonly heldOut?: number;
}

/** How text becomes a row: T characters, each its id in the vocabulary, taken as they are. */
export function tokenPreparation(v: Vocabulary, context: number): Preparation {
  return {
    features: Array.from({ length: context }, (_, t) => `char${t}`),
    encoding: { kind: 'identity' },
    classes: { names: v.symbols.map(symbolName), encoding: 'onehot' },
    tokens: { symbols: [...v.symbols], ...(v.unknown === undefined ? {} : { unknown: v.unknown }) },
  };
}

export function windowsDataset(w: Windows): Dataset {
  const T = w.context;
  const V = w.vocabulary.symbols.length;
  const n = w.rows.length;
  const features = new Float32Array(n * T);
  const labels = new Float32Array(n * T * V);
  const first = w.firstTrained ?? 0;
  w.rows.forEach((ids, r) => {
    if (ids.length !== T + 1) throw new Error(`${w.name}: window ${r} has ${ids.length} tokens, not ${T + 1}`);
    for (let t = 0; t < T; t++) {
      features[r * T + t] = ids[t];
      if (t >= first) labels[(r * T + t) * V + ids[t + 1]] = 1;
    }
  });
  const classes = w.vocabulary.symbols.map(symbolName);
  return makeDataset({
    name: w.name,
    description: w.description,
    task: 'classification',
    featureShape: [T],
    labelShape: [T, V],
    labelEncoding: 'onehot',
    classes,
    preparation: tokenPreparation(w.vocabulary, T),
    features,
    labels,
    ...(w.heldOut ? { heldOut: w.heldOut } : {}),
  });
}

/** Where a label row is all zero: the position is not trained (see the header). */
export const UNTRAINED = '·';

/**
 * Row `r` of a sequence set as text: its T input tokens, and the token each position's label
 * names (UNTRAINED where the row is zero), for previews and for reading samples.
 */
export function windowText(ds: Dataset, r: number): { input: string; next: string } {
  const e = ds.preparation?.tokens;
  if (!e || ds.labelShape.length !== 2) throw new Error(`${ds.name} is not a set of token windows`);
  const [T, V] = ds.labelShape;
  const input = decodeIds(e, ds.features.subarray(r * T, (r + 1) * T));
  let next = '';
  for (let t = 0; t < T; t++) {
    const at = (r * T + t) * V;
    const id = ds.labels.subarray(at, at + V).indexOf(1);
    next += id < 0 ? UNTRAINED : e.symbols[id];
  }
  return { input, next };
}
