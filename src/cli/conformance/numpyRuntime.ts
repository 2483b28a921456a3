/**
 * The suite's second, independent implementation as a conformance runtime: conformance/numpy/,
 * a runtime of the model file written in numpy from the docs alone (conformance/README.md),
 * run by /usr/bin/python3 over the cases written into a temporary folder, its answers read back
 * as any outside runtime's (`--results`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PYTHON } from './pytorchRuntime';
import { resultsRuntime } from './resultsRuntime';
import type { Runtime } from './runtime';

export const NUMPY_RUNTIME = join(import.meta.dirname, '..', '..', '..', 'conformance', 'numpy', 'lensboard_numpy.py');

export const numpyRuntime: Runtime = {
  name: 'numpy',
  async run(suite, cases) {
    const tmp = mkdtempSync(join(tmpdir(), 'lensboard-numpy-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(tmp, path)), { recursive: true });
        writeFileSync(join(tmp, path), text);
      };
      write('manifest.json', JSON.stringify({ ...suite.manifest, cases }));
      for (const c of cases) {
        write(c.model, suite.modelText(c));
        write(c.inputs, JSON.stringify(suite.inputs(c)));
      }
      const out = join(tmp, 'answers');
      const run = spawnSync(PYTHON, [NUMPY_RUNTIME, '--suite', tmp, '--out', out], { encoding: 'utf8' });
      if (run.status !== 0)
        throw new Error(`${PYTHON} lensboard_numpy.py failed (${run.status}): ${run.stderr || run.error}`);
      return await resultsRuntime(out).run(suite, cases);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  },
};
