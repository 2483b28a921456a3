/**
 * The PyTorch export as a conformance runtime: each case's model file exported as a package
 * (model.py, weights.safetensors, train.py) into a temporary folder, and every package run by
 * one process of Debian's torch (/usr/bin/python3, `apt-get install python3-torch`) in float64
 * (torchRun.py): a predict case through model.py, a train-step case through train.py's own
 * optimiser resumed from the file's state and one `train_step`. Cases the exporter refuses
 * (ℤ₂ wires, a reverse-pass generator, several outputs) are refused with its message.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pytorchTarget } from '../../export/pytorch/index';
import { wholeData } from '../../export/targets';
import { exportCase } from './exported';
import { type Answer, flatOf, type ManifestCase, rowsOf, type StepInputs } from './format';
import type { Outcome, Runtime } from './runtime';
import type { SuiteReader } from './suiteFiles';

export const PYTHON = '/usr/bin/python3';

type TorchAnswer = { shape: number[]; values: number[] } | { weights: Record<string, number[]> } | { error: string };

interface Prepared {
  readonly request: Record<string, unknown>;
  /** The weights' groups and shapes by name, as the model file's manifest gives them. */
  readonly manifest: ReadonlyMap<string, { group: 'model' | 'optimizer'; shape: number[] }>;
}

function prepare(suite: SuiteReader, c: ManifestCase, dir: string): Prepared | { refused: string } {
  const exported = exportCase(suite.modelText(c), pytorchTarget);
  if ('refused' in exported) return exported;
  mkdirSync(dir, { recursive: true });
  for (const f of exported.files) writeFileSync(join(dir, f.path), wholeData(f.data));
  const inputs = suite.inputs(c);
  const request: Record<string, unknown> = { id: c.id, kind: c.kind, dir, x: flatOf(inputs.x), xShape: inputs.x.shape };
  if (c.kind === 'train-step') {
    const { y } = inputs as StepInputs;
    Object.assign(request, { y: flatOf(y), yShape: y.shape, optimiser: exported.file.trainingConfig.optimiser.kind });
  }
  const manifest = new Map(exported.file.weightsManifest.map((w) => [w.name, { group: w.group, shape: w.shape }]));
  return { request, manifest };
}

function answerOf(got: TorchAnswer, prepared: Prepared): Outcome {
  if ('error' in got) return { error: got.error };
  if ('values' in got) return { answer: { y: rowsOf(got.shape, got.values) } };
  const weights = Object.entries(got.weights).map(([name, values]) => {
    const known = prepared.manifest.get(name);
    return { name, group: known?.group ?? 'model', shape: known?.shape ?? [values.length], values };
  });
  const answer: Answer = { weights };
  return { answer };
}

export const pytorchRuntime: Runtime = {
  name: 'pytorch',
  async run(suite, cases) {
    const tmp = mkdtempSync(join(tmpdir(), 'lensboard-conformance-'));
    try {
      const outcomes = new Map<string, Outcome>();
      const prepared = new Map<string, Prepared>();
      for (const [i, c] of cases.entries()) {
        try {
          const p = prepare(suite, c, join(tmp, `case-${i}`));
          if ('refused' in p) outcomes.set(c.id, p);
          else prepared.set(c.id, p);
        } catch (e) {
          outcomes.set(c.id, { error: (e as Error).message });
        }
      }
      const requestFile = join(tmp, 'request.json');
      const answerFile = join(tmp, 'answer.json');
      writeFileSync(requestFile, JSON.stringify({ cases: [...prepared.values()].map((p) => p.request) }));
      const run = spawnSync(PYTHON, [join(import.meta.dirname, 'torchRun.py'), requestFile, answerFile], {
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`${PYTHON} torchRun.py failed (${run.status}): ${run.stderr || run.error}`);
      const answers = JSON.parse(readFileSync(answerFile, 'utf8')) as Record<string, TorchAnswer>;
      for (const [id, p] of prepared) {
        const got = answers[id];
        outcomes.set(id, got ? answerOf(got, p) : { error: 'torchRun.py gave no answer' });
      }
      return outcomes;
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  },
};
