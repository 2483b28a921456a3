/**
 * The full CatGPT configuration through ONNX and back, too long for `npm test` (~45 s and a
 * 43 MB file on two cores): its document with random weights exported by Lensboard's ONNX
 * writer, run by ONNX Runtime (float32, CPU) and imported back by Lensboard's importer; the
 * imported diagram's predictions (float64 typed engine) are compared with Lensboard's own
 * predictions of the document and with ONNX Runtime's (docs/transformer.md).
 *
 *   npx tsx bench/profile/onnx/catgptRoundTrip.ts [--config tiny|full] [--batch N]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lower } from '../../../src/core/program';
import { createTypedEngine } from '../../../src/engines/index';
import { compileModelFile, exportGraph } from '../../../src/export/graph';
import { importOnnx } from '../../../src/export/onnx/import/importOnnx';
import { onnxTarget } from '../../../src/export/onnx/write';
import { oracleCase, relativeError } from '../../../src/testing/exportOracle';
import { asFileOutputs } from '../../../src/testing/onnxLogits';
import { runOnnx } from '../../../src/testing/onnxRuntime';

const USAGE = 'usage: npx tsx bench/profile/onnx/catgptRoundTrip.ts [--config tiny|full] [--batch N (1–64, default 2)]';
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const value = (name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};
const config = value('--config') ?? 'full';
const batch = Number(value('--batch') ?? 2);
const known = new Set(['--config', '--batch']);
const unknown = args.filter((a, i) => a.startsWith('--') && !known.has(a) && !known.has(args[i - 1] ?? ''));
if (
  (config !== 'tiny' && config !== 'full') ||
  !Number.isInteger(batch) ||
  batch < 1 ||
  batch > 64 ||
  unknown.length > 0
) {
  console.error(unknown.length > 0 ? `unknown option ${unknown[0]}` : `bad --config or --batch`);
  console.error(USAGE);
  process.exit(2);
}

const file = join(import.meta.dirname, '..', '..', '..', 'src', 'io', 'examples', `catgpt-${config}.json`);
const doc = JSON.parse(readFileSync(file, 'utf8'));
const timed = <T>(what: string, f: () => T): T => {
  const t = performance.now();
  const out = f();
  console.log(`${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return out;
};

const c = timed(`Lensboard's float64 predictions of ${batch} windows`, () => oracleCase(doc, 7, batch));
const bytes = timed('ONNX export', () => onnxTarget.write(c.graph)[0].data as Uint8Array);
console.log(`the file: ${bytes.length} bytes`);
const theirs = await runOnnx(bytes, c.inputs);
const r = timed('ONNX import', () => importOnnx(bytes, `catgpt-${config}.onnx`));
if (!r.ok) {
  for (const e of r.errors) console.error(`${e.path}: ${e.message}`);
  process.exit(1);
}
console.log(`imported: ${r.file.diagram.boxes.length} boxes`);
const graph = exportGraph(r.file, r.weights);
const engine = createTypedEngine(lower(compileModelFile(r.file).model.diagram), { dtype: 'float64' });
const [y] = engine.run([
  ...graph.weights.map((w) => ({ shape: w.shape, data: Float64Array.from(w.data) })),
  { shape: [batch, ...graph.inputs[0].type.shape], data: Float64Array.from(c.inputs[0].data) },
]);
const imported = asFileOutputs(bytes, Float64Array.from(y.data), batch);
const ort = Float64Array.from(Object.values(theirs)[0]);
const back = relativeError(imported, c.expected[0].data);
const runtime = relativeError(imported, ort);
console.log(`imported ÷ Lensboard's own: relative error ${back.toExponential(2)} (bound 1e-9)`);
console.log(`imported ÷ ONNX Runtime float32: relative error ${runtime.toExponential(2)} (bound 1e-4)`);
process.exit(back <= 1e-9 && runtime <= 1e-4 ? 0 : 1);
