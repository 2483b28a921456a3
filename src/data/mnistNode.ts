/**
 * MNIST for Node (CLI, tests): reads public/data/mnist.bin from disk, building it first with
 * src/data/buildMnist.mjs when it is missing. Not imported by the app: it uses `node:fs`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Dataset } from './dataset';
import { type MnistOptions, parseMnistBin } from './mnist';

interface BuildResult {
  built: boolean;
  outFile: string;
  bytes: number;
  ms: number;
}
interface BuildScript {
  buildMnist(options?: { outFile?: string; force?: boolean }): BuildResult;
}

const SCRIPT_URL = new URL('./buildMnist.mjs', import.meta.url);
export const MNIST_BIN_PATH = fileURLToPath(new URL('../../public/data/mnist.bin', import.meta.url));

/** Runs the build script (a no-op when mnist.bin is newer than its inputs). */
export async function buildMnistBin(options: { outFile?: string; force?: boolean } = {}): Promise<BuildResult> {
  // A runtime URL keeps bundlers and the type checker out of the plain-JS script.
  const script = (await import(/* @vite-ignore */ SCRIPT_URL.href)) as BuildScript;
  return script.buildMnist(options);
}

export async function loadMnistBufferNode(path = MNIST_BIN_PATH): Promise<ArrayBuffer> {
  if (!existsSync(path)) await buildMnistBin({ outFile: path });
  const file = await readFile(path);
  // A Node Buffer may be a view into a shared pool: copy out exactly its bytes.
  return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
}

export async function loadMnistNode(path = MNIST_BIN_PATH, options: MnistOptions = {}): Promise<Dataset> {
  return parseMnistBin(await loadMnistBufferNode(path), options);
}
