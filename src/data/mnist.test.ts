import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dataset } from './dataset';
import { classCounts, classIndices } from './labels';
import { fetchMnist, mnistSplit, parseMnistBin } from './mnist';
import { buildMnistBin, loadMnistBufferNode, MNIST_BIN_PATH } from './mnistNode';
import { preparationOf, prepare } from './preparation';

const digitsDir = join(dirname(createRequire(import.meta.url).resolve('mnist/package.json')), 'src', 'digits');
const PACKAGE_COUNTS = [1001, 1127, 991, 1032, 980, 863, 1014, 1070, 944, 978];

let bytes: ArrayBuffer;
let mnist: Dataset;

beforeAll(async () => {
  const started = performance.now();
  const result = await buildMnistBin();
  console.log(
    `mnist.bin ${result.built ? 'built' : 'up to date'}: ${result.bytes} bytes, ${Math.round(performance.now() - started)} ms`,
  );
  bytes = await loadMnistBufferNode();
  mnist = parseMnistBin(bytes);
});

afterEach(() => vi.unstubAllGlobals());

describe('mnist.bin', () => {
  it('holds 10,000 digits of 28×28 in [0, 1], one-hot over 10 classes', () => {
    expect(bytes.byteLength).toBe(16 + 10000 * 785);
    expect(mnist.n).toBe(10000);
    expect(mnist.featureShape).toEqual([784]);
    expect(mnist.labelShape).toEqual([10]);
    // One expect over the whole array: 7.8 million expect() calls would take a minute.
    let [min, max] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (const v of mnist.features) [min, max] = [Math.min(min, v), Math.max(max, v)];
    expect([min, max]).toEqual([0, 1]);
    const rowSums = new Set(
      Array.from({ length: mnist.n }, (_, r) => mnist.labels.subarray(10 * r, 10 * r + 10).reduce((s, v) => s + v, 0)),
    );
    expect([...rowSums]).toEqual([1]);
  });

  it('keeps the package order and its label distribution', () => {
    expect(classCounts(mnist)).toEqual(PACKAGE_COUNTS);
    const labels = classIndices(mnist);
    expect([labels[0], labels[1000], labels[1001], labels[9999]]).toEqual([0, 0, 1, 9]);
  });

  it('round-trips the package pixels to within their 3-decimal rounding', () => {
    const seven: number[] = JSON.parse(readFileSync(join(digitsDir, '7.json'), 'utf8')).data;
    const first7 = PACKAGE_COUNTS.slice(0, 7).reduce((s, c) => s + c, 0);
    for (const image of [0, 1, 500, 1069]) {
      for (let p = 0; p < 784; p++) {
        expect(Math.abs(mnist.features[(first7 + image) * 784 + p] - seven[image * 784 + p])).toBeLessThan(0.0021);
      }
    }
  });

  it('records its preparation: the grey levels 0…255 of the file, divided by 255, give its features', () => {
    const p = preparationOf(mnist);
    expect([p.features[0], p.features[783], p.features.length]).toEqual(['pixel0', 'pixel783', 784]);
    expect(p.encoding).toEqual({ kind: 'divide', by: 255 });
    expect(p.classes?.names).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const n = 1000;
    const grey = new Uint8Array(bytes, 16, n * 784);
    // One comparison of the whole slice: an expect per value would take a minute.
    const prepared = prepare(p, Float32Array.from(grey));
    expect(prepared.every((v, i) => v === mnist.features[i])).toBe(true);
  });

  it('is not rebuilt while it is newer than its inputs', async () => {
    const before = statSync(MNIST_BIN_PATH).mtimeMs;
    expect((await buildMnistBin()).built).toBe(false);
    expect(statSync(MNIST_BIN_PATH).mtimeMs).toBe(before);
  });

  it('is built by the Node loader when missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lensboard-mnist-'));
    try {
      const fresh = await loadMnistBufferNode(join(dir, 'mnist.bin'));
      expect(Buffer.from(fresh).equals(Buffer.from(bytes))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('offers image-shaped features', () => {
    expect(parseMnistBin(bytes, { shape: 'image' }).featureShape).toEqual([28, 28, 1]);
  });

  it('splits 8,000 / 2,000 after a fixed shuffle, every digit in both parts', () => {
    const { train, test } = mnistSplit(mnist);
    expect([train.n, test.n]).toEqual([8000, 2000]);
    expect(Buffer.from(mnistSplit(mnist).test.features.buffer).equals(Buffer.from(test.features.buffer))).toBe(true);
    for (const count of classCounts(test)) expect(count).toBeGreaterThan(120);
  });
});

describe('parseMnistBin refuses', () => {
  /** A copy of the good file with one byte set to a bad value, or cut short. */
  const corrupt = (at: number, value: number) => {
    const copy = new Uint8Array(bytes).slice();
    copy[at < 0 ? copy.length + at : at] = value;
    return copy.buffer;
  };
  it.each([
    ['a short header', () => new ArrayBuffer(8), /shorter than its header/],
    ['a wrong magic', () => corrupt(0, 0x58), /magic is "XBMN"/],
    ['another version', () => corrupt(4, 2), /version 2/],
    ['a truncated body', () => bytes.slice(0, 1000), /1000 bytes, but 10000 images/],
    ['a label beyond 9', () => corrupt(-1, 12), /label 12 of image 9999/],
  ])('%s', (_, make, message) => {
    expect(() => parseMnistBin(make())).toThrow(message);
  });
});

describe('fetchMnist', () => {
  it('fetches from its own origin only', async () => {
    vi.stubGlobal('location', new URL('http://127.0.0.1:5173/editor'));
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: URL) => {
      fetched.push(url.href);
      return new Response(bytes.slice(0));
    });
    expect((await fetchMnist()).n).toBe(10000);
    expect(fetched).toEqual(['http://127.0.0.1:5173/data/mnist.bin']);
    await expect(fetchMnist('https://example.com/mnist.bin')).rejects.toThrow(/not on this origin/);
    expect(fetched).toHaveLength(1);
  });
});
