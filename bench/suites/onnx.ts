/**
 * Suite `onnx`: opening a big ONNX file (a residual MLP of 10,000 nodes, `bigOnnx` of
 * src/testing/onnxFiles.ts).
 * - In Node, in one run: a bare protobuf decode of the file (`decodeOnnx`), ONNX Runtime's
 *   session creation on the same bytes (onnxruntime-node, CPU) and Lensboard's whole import
 *   (decode, drawing, grouping, the compile check, the model file), each the median of a few
 *   runs, with the import's ratios to both and its goal (≤ 3 s here).
 * - In Chromium (the production build; `--no-page` skips it): the file opened through the page's
 *   file input, the time until the canvas is ready and until the page is quiet, and the main
 *   thread's longest task (goal ≤ 200 ms) and total long-task time meanwhile (./onnxPage.ts).
 */
import { InferenceSession } from 'onnxruntime-node';
import { OPEN_INPUT_ID } from '../../src/editor/persist/openFiles';
import { decodeOnnx } from '../../src/export/onnx/decode';
import { IMPORT_STAGES, type ImportStage, importOnnx } from '../../src/export/onnx/import/importOnnx';
import { bigOnnx } from '../../src/testing/onnxFiles';
import { buildApp, openPage } from '../shared/chromium';
import { median } from '../shared/measure';
import type { BenchRow } from '../shared/table';
import { type SettledOpen, settledOpen } from './onnxPage';

const NODES = 10_000;
/** The goal for the whole import of the 10,000-node file, in ms. */
const IMPORT_GOAL = 3000;
/** The goal for the page's longest main-thread task while the file opens, in ms. */
const LONGEST_GOAL = 200;

async function timed(runs: number, f: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    await f();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** The import's time per stage, from one run's progress reports. */
function stageTimes(bytes: Uint8Array): Map<ImportStage, number> {
  const start = new Map<ImportStage, number>();
  const t0 = performance.now();
  importOnnx(bytes, 'big', (p) => {
    if (!start.has(p.stage)) start.set(p.stage, performance.now() - t0);
  });
  const end = performance.now() - t0;
  const out = new Map<ImportStage, number>();
  IMPORT_STAGES.forEach((s, k) => {
    const next = IMPORT_STAGES[k + 1];
    out.set(s, (next ? (start.get(next) ?? end) : end) - (start.get(s) ?? end));
  });
  return out;
}

async function nodeRows(bytes: Uint8Array): Promise<{ rows: BenchRow[]; boxes: number }> {
  const runs = 5;
  const r = importOnnx(bytes, 'big');
  if (!r.ok) throw new Error(`the bench file does not import: ${r.errors[0]?.message}`);
  const decode = await timed(runs, () => decodeOnnx(bytes));
  const ort = await timed(runs, async () => (await InferenceSession.create(bytes)).release());
  const imported = await timed(runs, () => importOnnx(bytes, 'big'));
  const stages = stageTimes(bytes);
  const boxes = r.file.diagram.boxes.length;
  const groups = r.file.diagram.groups.length;
  const row = (name: string, value: number, unit: string, note?: string): BenchRow => ({
    suite: 'onnx',
    name,
    value,
    unit,
    ...(note ? { note } : {}),
  });
  const rows = [
    row(`bare protobuf decode, ${NODES} nodes`, decode, 'ms', `${(bytes.length / 1024).toFixed(0)} kB`),
    row('onnxruntime-node session create', ort, 'ms'),
    row(
      'Lensboard import',
      imported,
      'ms',
      `${boxes} boxes in ${groups} groups; goal ≤ ${IMPORT_GOAL} ms: ${imported <= IMPORT_GOAL ? 'pass' : 'MISS'}`,
    ),
    ...IMPORT_STAGES.map((s) => row(`  of which ${s}`, stages.get(s) ?? 0, 'ms')),
    row('import ÷ session create', imported / ort, '×'),
    row('import ÷ bare decode', imported / decode, '×'),
  ];
  return { rows, boxes };
}

/** Opens the file in the built app through its file input (onnxPage.ts). */
async function pageOpen(bytes: Uint8Array, boxes: number): Promise<SettledOpen> {
  const dir = await buildApp('bench-onnx');
  const opened = await openPage(dir, { path: '?debug' });
  try {
    const open = await settledOpen(opened.page, bytes, `#${OPEN_INPUT_ID}`, boxes);
    if (opened.errors.length > 0) throw new Error(`the page failed: ${opened.errors.join('; ')}`);
    return open;
  } finally {
    await opened.close();
  }
}

export async function benchOnnx(args: readonly string[]): Promise<BenchRow[]> {
  const bytes = bigOnnx(NODES);
  const { rows, boxes } = await nodeRows(bytes);
  if (args.includes('--no-page')) return rows;
  const p = await pageOpen(bytes, boxes);
  const row = (name: string, value: number, note?: string): BenchRow => ({
    suite: 'onnx',
    name,
    value,
    unit: 'ms',
    ...(note ? { note } : {}),
  });
  const over = p.tasks.filter((t) => t.duration > LONGEST_GOAL).length;
  return [
    ...rows,
    row('page: Open… to a ready canvas', p.ready, 'the whole document in the store, its first group drawn'),
    row('page: Open… until 2 s without a long task', p.settled, 'the charts and the autosave after the paint'),
    row(
      'page: longest main-thread task',
      p.longest,
      `goal ≤ ${LONGEST_GOAL} ms: ${p.longest <= LONGEST_GOAL ? 'pass' : `MISS (${over} tasks over)`}`,
    ),
    row('page: long tasks in all', p.longTotal, `${p.tasks.length} tasks of 50 ms or more`),
  ];
}
