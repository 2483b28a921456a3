/**
 * The exporters held to the committed conformance suite (conformance/README.md): the PyTorch
 * export, run by Debian's torch (/usr/bin/python3, `apt-get install python3-torch`) in float64,
 * and the ONNX export, run by onnxruntime-node, pass every case they write. The cases each
 * refuses are pinned below with the start of its reason: a new refusal fails, and so does a
 * refusal that no longer happens (then take it off the list).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ONNX_TRAINS_NOT, onnxRuntime } from './onnxRuntime';
import { pytorchRuntime } from './pytorchRuntime';
import { type CaseResult, reportLines, runSuite } from './run';
import type { Runtime } from './runtime';
import { suiteInFolder } from './suiteFiles';

const suite = suiteInFolder(join(import.meta.dirname, '..', '..', '..', 'conformance'));

const Z2 = (gen: string, box = 'box') =>
  `${gen} has no PyTorch form (box '${box}'): it runs on ℤ₂ (Boolean) wires, and autograd needs real numbers`;
const ARGMAX = (gen: string, target: string) => `${gen} has no ${target} form (box 'box'):`;

const PYTORCH_REFUSED: Readonly<Record<string, string>> = {
  'gen-maxPoolBack': ARGMAX('maxPoolBack', 'PyTorch'),
  'gen-maxPoolSelect': ARGMAX('maxPoolSelect', 'PyTorch'),
  'gen-embeddingBack': ARGMAX('embeddingBack', 'PyTorch'),
  'gen-xor': Z2('split', 'x-split'),
  'gen-and': Z2('and'),
  'gen-not': Z2('not'),
  'gen-one': Z2('one'),
  'gen-parity': Z2('parity'),
  'gen-basis': Z2('basis'),
  'gen-sumBatch-z2': Z2('sumBatch'),
  'gen-copy-z2': Z2('copy'),
  'example-parity-circuit': Z2('and', 'and1'),
  'example-rda-iris2': Z2('basis', 'basis'),
  'example-rda-iris3': Z2('basis', 'basis'),
};

const ONNX_REFUSED: Readonly<Record<string, string>> = {
  'gen-maxPoolBack': ARGMAX('maxPoolBack', 'ONNX'),
  'gen-maxPoolSelect': ARGMAX('maxPoolSelect', 'ONNX'),
  'gen-embeddingBack': ARGMAX('embeddingBack', 'ONNX'),
  ...Object.fromEntries(
    suite.manifest.cases.filter((c) => c.kind === 'train-step').map((c) => [c.id, ONNX_TRAINS_NOT]),
  ),
};

/** Every case passed or was refused as pinned: the lines that say otherwise, and the refusals not pinned or gone. */
function disagreements(name: string, results: readonly CaseResult[], pinned: Readonly<Record<string, string>>) {
  const refused = Object.fromEntries(results.flatMap((r) => (r.refused === undefined ? [] : [[r.id, r.refused]])));
  const failed = reportLines(name, results).filter((l) => l.startsWith('FAIL'));
  const unpinned = Object.keys(refused).filter((id) => !refused[id].startsWith(pinned[id] ?? '\0'));
  const gone = Object.keys(pinned).filter((id) => !(id in refused));
  return { failed, unpinned: unpinned.map((id) => `${id}: ${refused[id]}`), gone };
}

const check = (runtime: Runtime, pinned: Readonly<Record<string, string>>) => async () => {
  const results = await runSuite(suite, runtime);
  expect(disagreements(runtime.name, results, pinned)).toEqual({ failed: [], unpinned: [], gone: [] });
};

describe('the exporters on the conformance suite', () => {
  it(
    'the PyTorch export, run by torch in float64, passes every case it does not refuse',
    check(pytorchRuntime, PYTORCH_REFUSED),
    120_000,
  );
  it(
    'the ONNX export, run by ONNX Runtime, passes every case it does not refuse',
    check(onnxRuntime, ONNX_REFUSED),
    120_000,
  );
});
