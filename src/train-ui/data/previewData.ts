/**
 * What the data panel shows of a dataset, as plain data a worker can post: the points of a
 * 2-D set (coloured by class or by target), images of an image set, or rows of a table (both
 * spread through the data); with the class counts. Bounded in size whatever the dataset's, so drawing it and
 * posting it stay cheap.
 */
import { type Dataset, featureSize, labelSize } from '../../data/dataset';
import { classIndices } from '../../data/labels';
import { windowText } from '../../data/sequence';

export const MAX_POINTS_SHOWN = 10_000;
export const IMAGES_SHOWN = 24;
export const TABLE_ROWS = 8;
export const TABLE_FEATURES = 6;

export type PreviewView =
  | {
      readonly kind: 'points';
      /** x, y of each point shown. */
      readonly xy: Float32Array;
      /** Per point: the class index, or the regression target. */
      readonly value: Float32Array;
      readonly axes: readonly [string, string];
    }
  | {
      readonly kind: 'images';
      /** Spread through the dataset (spreadRows). */
      readonly width: number;
      readonly height: number;
      /** Grey levels 0…255, image after image. */
      readonly pixels: Uint8ClampedArray;
      readonly captions: readonly string[];
    }
  | {
      readonly kind: 'table';
      /** Rows spread through the dataset (spreadRows), with the class or target last. */
      readonly columns: readonly string[];
      readonly rows: readonly (readonly string[])[];
      /** Feature columns left out of the table, to say so. */
      readonly hiddenFeatures: number;
    };

export interface DatasetPreview {
  readonly name: string;
  readonly rows: number;
  readonly task: Dataset['task'];
  readonly featureShape: readonly number[];
  readonly labelShape: readonly number[];
  readonly classes?: readonly string[];
  /** Rows per class, in the order of `classes`. */
  readonly classCounts?: readonly number[];
  readonly view: PreviewView;
}

/**
 * Which rows a preview shows: spread evenly through the dataset rather than the first ones, as
 * files are often sorted by class (Iris, the MNIST file) and the first rows would all be alike.
 */
export function spreadRows(n: number, k: number): number[] {
  const m = Math.min(n, k);
  return Array.from({ length: m }, (_, i) => Math.floor((i * n) / m));
}

const cell = (v: number): string => (Number.isInteger(v) ? String(v) : v.toPrecision(3).replace(/\.?0+$/, ''));

function imageSize(ds: Dataset): { width: number; height: number } | null {
  const [h, w, c] = ds.featureShape;
  if (ds.featureShape.length >= 2 && (c ?? 1) === 1) return { width: w, height: h };
  const side = Math.sqrt(featureSize(ds));
  return ds.name === 'mnist' && Number.isInteger(side) ? { width: side, height: side } : null;
}

function labelText(ds: Dataset, row: number, classes: Int32Array | null): string {
  if (classes && ds.classes) return ds.classes[classes[row]] ?? String(classes[row]);
  const lw = labelSize(ds);
  return Array.from(ds.labels.subarray(row * lw, (row + 1) * lw), cell).join(' ');
}

function pointsView(ds: Dataset, classes: Int32Array | null): PreviewView {
  const n = Math.min(ds.n, MAX_POINTS_SHOWN);
  const value = new Float32Array(n);
  for (let i = 0; i < n; i++) value[i] = classes ? classes[i] : ds.labels[i * labelSize(ds)];
  const [a = 'x', b = 'y'] = ds.featureNames ?? [];
  return { kind: 'points', xy: ds.features.slice(0, 2 * n), value, axes: [a, b] };
}

function imagesView(ds: Dataset, size: { width: number; height: number }, classes: Int32Array | null): PreviewView {
  const rows = spreadRows(ds.n, IMAGES_SHOWN);
  const fw = featureSize(ds);
  const area = size.width * size.height;
  const pixels = new Uint8ClampedArray(rows.length * area);
  rows.forEach((row, i) => {
    for (let p = 0; p < area; p++) pixels[i * area + p] = ds.features[row * fw + p] * 255;
  });
  const captions = rows.map((row) => labelText(ds, row, classes));
  return { kind: 'images', ...size, pixels, captions };
}

function tableView(ds: Dataset, classes: Int32Array | null): PreviewView {
  const fw = featureSize(ds);
  const shown = Math.min(fw, TABLE_FEATURES);
  const names = Array.from({ length: shown }, (_, j) => ds.featureNames?.[j] ?? `x${j + 1}`);
  const rows = spreadRows(ds.n, TABLE_ROWS).map((r) => [
    ...Array.from(ds.features.subarray(r * fw, r * fw + shown), cell),
    labelText(ds, r, classes),
  ]);
  return { kind: 'table', columns: [...names, ds.classes ? 'class' : 'target'], rows, hiddenFeatures: fw - shown };
}

/** Token windows as text: what a row reads, and the next token each position learns. */
function windowsView(ds: Dataset): PreviewView {
  const shown = (s: string) => s.replaceAll('\n', '⏎');
  const rows = spreadRows(ds.n, TABLE_ROWS).map((r) => {
    const { input, next } = windowText(ds, r);
    return [shown(input), shown(next)];
  });
  return { kind: 'table', columns: ['window', 'next'], rows, hiddenFeatures: 0 };
}

export function previewOf(ds: Dataset): DatasetPreview {
  if (ds.preparation?.tokens) {
    const { name, n: rows, task, featureShape, labelShape, classes } = ds;
    return { name, rows, task, featureShape, labelShape, classes, view: windowsView(ds) };
  }
  const classes = ds.classes && ds.labelEncoding !== 'real' ? classIndices(ds) : null;
  const counts = classes && ds.classes ? new Array<number>(ds.classes.length).fill(0) : undefined;
  if (classes && counts) for (const c of classes) counts[c] = (counts[c] ?? 0) + 1;
  const size = imageSize(ds);
  const view =
    featureSize(ds) === 2 && ds.featureShape.length === 1
      ? pointsView(ds, classes)
      : size
        ? imagesView(ds, size, classes)
        : tableView(ds, classes);
  return {
    name: ds.name,
    rows: ds.n,
    task: ds.task,
    featureShape: ds.featureShape,
    labelShape: ds.labelShape,
    classes: ds.classes,
    classCounts: counts,
    view,
  };
}

/** The buffers a preview can hand over without copying. */
export function previewTransfer(p: DatasetPreview): ArrayBuffer[] {
  const v = p.view;
  if (v.kind === 'points') return [v.xy.buffer, v.value.buffer] as ArrayBuffer[];
  if (v.kind === 'images') return [v.pixels.buffer as ArrayBuffer];
  return [];
}
