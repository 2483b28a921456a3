/**
 * Suite `onnx`: opening a big ONNX file (a residual MLP of 10,000 nodes, `bigOnnx` of
 * src/testing/onnxFiles.ts).
 * - In Node, in one run: a bare protobuf decode of the file (`decodeOnnx`), ONNX Runtime's
 *   session creation on the same bytes (onnxruntime-node, CPU) and Lensboard's whole import
 *   (decode, drawing, grouping, the compile check, the model file), each the median of a few
 *   runs, with the import's ratios to both and its goal (≤ 3 s here).
 * - In Chromium (the production build; `--no-page` skips it): the file opened through the page's
 *   file input, the time until the canvas draws its first group, and the main thread's longest
 *   task and total long-task time meanwhile (PerformanceObserver `longtask`).
 */
import { InferenceSession } from 'onnxruntime-node';
import { OPEN_INPUT_ID } from '../../src/editor/persist/openFiles';
import { decodeOnnx } from '../../src/export/onnx/decode';
import { IMPORT_STAGES, type ImportStage, importOnnx } from '../../src/export/onnx/import/importOnnx';
import { bigOnnx } from '../../src/testing/onnxFiles';
import { buildApp, openPage } from '../shared/chromium';
import { median } from '../shared/measure';
import type { BenchRow } from '../shared/table';

const NODES = 10_000;
/** The goal for the whole import of the 10,000-node file, in ms. */
const IMPORT_GOAL = 3000;

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

async function nodeRows(bytes: Uint8Array): Promise<BenchRow[]> {
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
  return [
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
}

interface PageOpen {
  drawn: number;
  longest: number;
  longTotal: number;
}

/** Opens the file in the built app through its file input; times in the page's own clock. */
async function pageOpen(bytes: Uint8Array): Promise<PageOpen> {
  const dir = await buildApp('bench-onnx');
  const opened = await openPage(dir);
  const { page } = opened;
  try {
    await page.waitForSelector('main[aria-busy="false"]', { timeout: 60_000 });
    await page.evaluate(() => {
      const w = window as unknown as { __long: { start: number; duration: number }[] };
      w.__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__long.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask' });
    });
    const t0 = await page.evaluate(() => performance.now());
    await page.setInputFiles(`#${OPEN_INPUT_ID}`, {
      name: 'big.onnx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(bytes),
    });
    const drawnAt = await page.waitForFunction(
      () => document.querySelector('main .react-flow__node[data-id="part1"]') && performance.now(),
      undefined,
      { timeout: 120_000 },
    );
    const drawn = ((await drawnAt.jsonValue()) as number) - t0;
    // The long tasks of the open end with the drawing; a task running across it is waited for.
    await page.waitForTimeout(1000);
    const long = await page.evaluate(
      () => (window as unknown as { __long: { start: number; duration: number }[] }).__long,
    );
    const ours = long.filter((l) => l.start >= t0);
    if (opened.errors.length > 0) throw new Error(`the page failed: ${opened.errors.join('; ')}`);
    return {
      drawn,
      longest: Math.max(0, ...ours.map((l) => l.duration)),
      longTotal: ours.reduce((a, l) => a + l.duration, 0),
    };
  } finally {
    await opened.close();
  }
}

export async function benchOnnx(args: readonly string[]): Promise<BenchRow[]> {
  const bytes = bigOnnx(NODES);
  const rows = await nodeRows(bytes);
  if (args.includes('--no-page')) return rows;
  const p = await pageOpen(bytes);
  const row = (name: string, value: number): BenchRow => ({ suite: 'onnx', name, value, unit: 'ms' });
  return [
    ...rows,
    row('page: Open… to the first group drawn', p.drawn),
    row('page: longest main-thread task', p.longest),
    row('page: long tasks in all', p.longTotal),
  ];
}
