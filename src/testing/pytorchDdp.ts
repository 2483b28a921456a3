/**
 * The DistributedDataParallel runs of the PyTorch export's check (src/export/pytorch/pytorch.test.ts,
 * docs/export.md): each job is a package, a CSV and train.py's options, run by exportCheck.py in
 * one process and in two spawned ones; the test holds the two to each other.
 *   - XOR's own package on its own data, 100 steps in float64;
 *   - the convolutional example in float32 where a process's share of a batch is uneven or empty;
 *   - CatGPT, tiny, on text windows as the Data panel writes them, read raw by train.py.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Rng } from '../core/init';
import { loadDatasetNode } from '../data/catalogNode';
import { dataFiles, trainerSplit } from '../data/dataCsv';
import { exportGraph } from '../export/graph';
import { pytorchTarget } from '../export/pytorch/index';
import { wholeData } from '../export/targets';
import type { LensDocument } from '../io/document';
import { loadExample } from '../io/examples/index';
import type { ModelFile, NamedArray, TrainingConfig } from '../io/modelSchema';
import { documentForModel } from '../learn/modelDocument';
import { hypersOf } from '../learn/optimisers/index';
import { documentModelFile } from '../model/documentModelFile';
import { plain } from './lensboardSteps';

export const DDP_STEPS = 100;
export const CATGPT_STEPS = 4;

export interface DdpRun {
  steps: number;
  processes: number;
  loss: number;
  weights: Record<string, number[]>;
}

export /** `doc` trained another way: its drawn loss and optimiser boxes changed to agree with `patch`. */
function variant(doc: LensDocument, patch: Partial<TrainingConfig>): LensDocument {
  const config = documentModelFile(doc).file.trainingConfig;
  return documentForModel(doc, { ...config, ...patch });
}

export function writePackage(dir: string, file: ModelFile, weights: readonly NamedArray[]): void {
  mkdirSync(dir, { recursive: true });
  for (const f of pytorchTarget.write(exportGraph(file, weights))) writeFileSync(join(dir, f.path), wholeData(f.data));
}

/**
 * The convolutional example over two processes in float32 (its own dtype), one epoch of batches
 * that split unevenly: at batch 1 one process has no row at all; 35 rows at batch 16 end on a
 * batch of 3, shared 2 and 1.
 */
export const SHARES: Record<string, { rows: number; batch: number; steps: number }> = {
  'mnist-conv at batch 1': { rows: 3, batch: 1, steps: 3 },
  'mnist-conv with an uneven last batch': { rows: 35, batch: 16, steps: 3 },
};

/** Rows of random 28×28 pixels and a class index, as train.py reads them. */
function digitsCsv(rows: number, rng: Rng): string {
  const header = [...Array.from({ length: 784 }, (_, i) => `p${i}`), 'digit'].join(',');
  const lines = Array.from({ length: rows }, () =>
    [...Array.from({ length: 784 }, () => rng().toFixed(3)), Math.floor(rng() * 10)].join(','),
  );
  return `${header}\n${lines.join('\n')}\n`;
}

/** A TCP port nobody listens on now, for the DDP rendezvous. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The DDP jobs, their packages and CSVs written under `tmp`, and the weights the convolutional
 * example and CatGPT start from (to tell that they trained).
 */
export async function ddpJobs(tmp: string, rng: Rng) {
  const xorDoc = loadExample('xor');
  const xor = documentModelFile(xorDoc);
  const ds = await loadDatasetNode('xor', xorDoc.dataset?.options ?? {});
  const rows = Array.from({ length: ds.n }, (_, r) => [
    ...ds.features.subarray(r * 2, r * 2 + 2),
    ...ds.labels.subarray(r * 2, r * 2 + 2),
  ]);
  const csv = join(tmp, 'xor.csv');
  writeFileSync(csv, `x1,x2,class0,class1\n${rows.map((r) => r.join(',')).join('\n')}\n`);
  const ddp: Record<string, object> = {};
  const convStart = new Map<string, Float64Array>();
  const catgptStart = new Map<string, Float64Array>();
  const ddpJob = async (name: string, dir: string, csvFile: string, options: string[]) => {
    const jobTmp = join(tmp, `${dir}-runs`);
    mkdirSync(jobTmp, { recursive: true });
    ddp[name] = { dir: join(tmp, dir), csv: csvFile, tmp: jobTmp, options, port: await freePort() };
  };
  writePackage(join(tmp, 'xor-ddp'), xor.file, xor.weights);
  await ddpJob('xor', 'xor-ddp', csv, ['--steps', String(DDP_STEPS), '--dtype', 'float64']);
  const conv = documentModelFile(loadExample('mnist-conv'));
  for (const w of conv.weights) convStart.set(w.name, plain(w.data));
  writePackage(join(tmp, 'conv-ddp'), conv.file, conv.weights);
  for (const [name, run] of Object.entries(SHARES)) {
    const convCsv = join(tmp, `${name}.csv`);
    writeFileSync(convCsv, digitsCsv(run.rows, rng));
    await ddpJob(name, 'conv-ddp', convCsv, ['--batch-size', String(run.batch), '--epochs', '1']);
  }
  // a transformer's package over two processes: raw text windows, prepared by train.py itself
  // with CatGPT's plain SGD at 0.1 on the mean loss, so the two summation orders of float32
  // differ by rounding only (Adam's g/√v can turn a rounding of a near-zero gradient into a step)
  const catgptDoc = loadExample('catgpt-tiny');
  const mean = 16 * Number(catgptDoc.dataset?.options?.context);
  const catgpt = documentModelFile(
    variant(catgptDoc, { optimiser: { kind: 'gd', ...hypersOf({ learningRate: 0.1 / mean }) } }),
  );
  for (const w of catgpt.weights) catgptStart.set(w.name, plain(w.data));
  writePackage(join(tmp, 'catgpt-ddp'), catgpt.file, catgpt.weights);
  const binding = { id: 'text', options: { ...catgptDoc.dataset?.options, windows: 64 } };
  const text = await loadDatasetNode(binding.id, binding.options);
  const textFiles = dataFiles(trainerSplit(text, 1, 0), binding);
  const [textCsv, preparation] = [join(tmp, textFiles.csv.name), join(tmp, textFiles.json.name)];
  writeFileSync(textCsv, textFiles.csv.text);
  writeFileSync(preparation, textFiles.json.text);
  await ddpJob('catgpt', 'catgpt-ddp', textCsv, [
    ...['--preparation', preparation, '--steps', String(CATGPT_STEPS), '--batch-size', '16'],
  ]);
  return { ddp, convStart, catgptStart };
}
