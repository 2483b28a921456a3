/**
 * Suite `bigmodel-chromium`: the app in Chromium with a model of real size (docs/model-format.md,
 * *The archive*). A 784-h-h-10 MLP of about `--app-params` parameters (25 M by default) trained
 * one step with Adam is written as a `.lensboard` archive in Node (bigmodel.ts), then in the
 * built app: Open… of the archive (first stopped with the status bar's Cancel, which must change
 * nothing), Export model of what it opened (first stopped with Cancel export), and Open… of the
 * exported file. Each stage reports its time, the peak resident memory of Chromium's processes
 * during it (the sum of each process's peak, an upper bound, and the largest one; the kernel's
 * high-water marks, reset before the stage) over the weights' bytes, and the page's longest task
 * (PerformanceObserver 'longtask'): how long the page could not answer a click. `--profile=<dir>`
 * builds the app unminified and writes a CPU profile of each stage there, summarised on stderr
 * (../profile/app/stageProfile.ts). After each stage the processes' resident memory is read
 * again; `--heap=<dir>` first collects the garbage of the page and of each worker, and reports
 * what their JS heaps and ArrayBuffers still hold, with a heap snapshot of each thread written
 * there and its biggest objects named with what keeps them (../profile/app/stageHeap.ts).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { stageHeap, type ThreadHeap } from '../profile/app/stageHeap';
import { stageProfiler } from '../profile/app/stageProfile';
import { buildApp, openPage } from '../shared/chromium';
import { descendants, resetPeaks, residentNow, treePeaks, treeResident } from '../shared/processTree';
import type { Stage } from '../shared/stages';
import { type BenchRow, megabytes } from '../shared/table';
import { bigLabel, writeBigArchive } from './bigmodel';

const LONG = { timeout: 900_000 };

interface PageStage {
  readonly name: string;
  readonly ms: number;
  readonly sum: number;
  readonly largest: number;
  /** The processes' resident sum when the stage began. */
  readonly before: number;
  readonly longestTask: number;
  readonly note: string;
  /** The largest process's resident memory after the stage (after GC with `--heap`). */
  readonly largestAfter: number;
  /** With `--heap`: each thread's JS heap and ArrayBuffers after GC. */
  readonly heaps: readonly ThreadHeap[];
}

const opening = (page: Page) => page.getByRole('status', { name: 'Opening a file' });

/** The longest task the page ran since the last call (ms), from a PerformanceObserver it keeps. */
async function longestTask(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { __longest?: number; __observing?: boolean };
    if (!w.__observing) {
      w.__observing = true;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longest = Math.max(w.__longest ?? 0, e.duration);
      }).observe({ type: 'longtask' });
    }
    const longest = w.__longest ?? 0;
    w.__longest = 0;
    return longest;
  });
}

async function measuredStage(
  page: Page,
  name: string,
  act: () => Promise<string>,
  after: (name: string, last: boolean) => Promise<readonly ThreadHeap[]>,
  last = false,
): Promise<PageStage> {
  await longestTask(page);
  const pids = descendants();
  const before = treeResident(pids);
  resetPeaks(pids);
  process.stderr.write(`  ${name}…\n`);
  const t0 = performance.now();
  const note = await act();
  const ms = performance.now() - t0;
  const all = [...new Set([...pids, ...descendants()])];
  const { sum, largest } = treePeaks(all);
  const task = await longestTask(page);
  await page.waitForTimeout(1500); // the download's object URL is revoked after a second
  const heaps = await after(name, last);
  const largestAfter = residentNow(descendants()).largest;
  return { name, ms, sum, largest, before, longestTask: task, note, largestAfter, heaps };
}

/** What the page's store says (the app opened with ?debug exposes it): the file opening, the model opened. */
async function state(page: Page): Promise<{ opening: boolean; opened: string | null; canExport: boolean }> {
  return page.evaluate(() => {
    const s = (
      window as unknown as {
        lensboardStore: { getState(): { onnxOpening: unknown; openedModel: { file: string } | null } };
      }
    ).lensboardStore.getState();
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Export model');
    return { opening: s.onnxOpening !== null, opened: s.openedModel?.file ?? null, canExport: !button?.disabled };
  });
}

async function until(page: Page, done: () => Promise<boolean>): Promise<void> {
  const t0 = performance.now();
  while (!(await done())) {
    if (performance.now() - t0 > LONG.timeout) throw new Error('the page did not get there in 15 minutes');
    await page.waitForTimeout(100);
  }
}

async function pick(page: Page, path: string): Promise<void> {
  const picking = page.waitForEvent('filechooser');
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'File', exact: true }).click();
  await page.getByRole('menu', { name: 'File' }).getByRole('menuitem', { name: 'Open…', exact: true }).click();
  await (await picking).setFiles(path);
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  if (await discard.isVisible({ timeout: 1000 }).catch(() => false))
    await discard.getByRole('button', { name: 'Discard and open the file' }).click();
}

/** Open… of `path` until the model is opened and its weights are the session's (Export model enabled). */
async function openToEnd(page: Page, path: string, file: string): Promise<string> {
  await pick(page, path);
  let bar = false;
  await until(page, async () => {
    const s = await state(page);
    bar ||= s.opening;
    return s.opened === file && s.canExport;
  });
  return bar ? 'the status bar showed the percent read' : 'no bar was seen (it opened between looks)';
}

/** Open… stopped by the status bar's Cancel as soon as it shows: the diagram must not change. */
async function cancelledOpen(page: Page, path: string): Promise<string> {
  const boxes = () => page.evaluate(() => document.querySelectorAll('main .react-flow__node').length);
  const before = await boxes();
  await pick(page, path);
  await until(page, async () => {
    const s = await state(page);
    return s.opening || s.opened !== null;
  });
  const clicked = await opening(page)
    .getByRole('button', { name: 'Cancel' })
    .click({ timeout: 2000 })
    .then(() => true)
    .catch(() => false);
  await until(page, async () => !(await state(page)).opening);
  if (!clicked || (await state(page)).opened !== null) return 'it opened before Cancel could be pressed';
  if ((await boxes()) !== before) throw new Error('a cancelled open changed the diagram');
  return 'Cancel stopped it; nothing changed';
}

/** Export model stopped by Cancel export while its bar shows; says whether Cancel came in time. */
async function cancelledExport(page: Page): Promise<string> {
  let downloaded = false;
  const onDownload = () => {
    downloaded = true;
  };
  page.on('download', onDownload);
  await page.getByRole('button', { name: 'Export model' }).click(LONG);
  const cancel = page.getByRole('button', { name: 'Cancel export' });
  await until(page, async () => downloaded || (await cancel.isVisible()));
  const clicked = await cancel
    .click({ timeout: 2000 })
    .then(() => true)
    .catch(() => false);
  await until(page, async () => downloaded || (await state(page)).canExport);
  await page.waitForTimeout(500);
  page.off('download', onDownload);
  if (clicked && !downloaded) return 'Cancel export stopped it, nothing saved';
  return 'Cancel came after the last chunk: the file was saved';
}

async function exportToEnd(page: Page, out: string): Promise<string> {
  const downloading = page.waitForEvent('download', LONG);
  await page.getByRole('button', { name: 'Export model' }).click(LONG);
  let bar = false;
  let name: string | undefined;
  void downloading.then(async (d) => {
    await d.saveAs(out);
    name = d.suggestedFilename();
  });
  await until(page, async () => {
    bar ||= await page.getByRole('progressbar', { name: 'Writing the model file' }).isVisible();
    return name !== undefined;
  });
  return `saved ${name} (${megabytes((await stat(out)).size)})${bar ? ', the bar showed' : ''}`;
}

export async function benchBigModelChromium(args: readonly string[]): Promise<BenchRow[]> {
  const flag = args.find((a) => a.startsWith('--app-params='));
  const params = flag ? Number(flag.slice('--app-params='.length)) : 25e6;
  const profileDir = args.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
  const heapDir = args.find((a) => a.startsWith('--heap='))?.slice('--heap='.length);
  const label = bigLabel(params);
  process.stderr.write(`bigmodel-chromium ${label}\n`);
  const dir = await mkdtemp(join(tmpdir(), 'lensboard-bigmodel-chromium-'));
  const built = await buildApp(profileDir ? 'bench-bigmodel-profiled' : 'bench-bigmodel', !profileDir);
  const page = await openPage(built, { path: '?debug', viewport: { width: 1280, height: 720 } });
  try {
    const path = join(dir, 'big.lensboard');
    const weightBytes = await writeBigArchive(params, path, [] as Stage[]);
    const fileBytes = (await stat(path)).size;
    const p = page.page;
    await p.locator('main[aria-busy="false"]').waitFor(LONG);
    const profiler = await stageProfiler(p, profileDir);
    const heap = await stageHeap(p, heapDir, args.includes('--heap-workers'));
    const measured = (name: string, act: () => Promise<string>, last = false) =>
      measuredStage(p, name, () => profiler.around(name, act), heap.after, last);
    const stages = [
      await measured('Open… stopped by Cancel', () => cancelledOpen(p, path)),
      await measured('Open… of the archive', () => openToEnd(p, path, 'big.lensboard')),
      await measured('Export model stopped by Cancel export', () => cancelledExport(p)),
      await measured('Export model', () => exportToEnd(p, join(dir, 'again.lensboard'))),
      await measured(
        'Open… of the exported file',
        () => openToEnd(p, join(dir, 'again.lensboard'), 'again.lensboard'),
        true,
      ),
    ];
    if (page.errors.length > 0) throw new Error(`the page reported errors: ${page.errors.join('; ')}`);
    return stages.map((s) => ({
      suite: 'bigmodel-chromium',
      name: `${label}: ${s.name}`,
      value: s.ms / 1000,
      unit: 's',
      memory: `Chromium peak ≤ ${megabytes(s.sum)}, +${megabytes(Math.max(0, s.sum - s.before))} = ${(Math.max(0, s.sum - s.before) / weightBytes).toFixed(2)}× weights in the stage (largest process ${megabytes(s.largest)})`,
      note: `${s.note}; longest task ${s.longestTask.toFixed(0)} ms; weights ${megabytes(weightBytes)}, file ${megabytes(fileBytes)}; after it the largest process ${megabytes(s.largestAfter)}${s.heaps.map((h) => `, ${h.thread} JS ${megabytes(h.used)} + ArrayBuffers ${megabytes(h.buffers)}`).join('')}`,
    }));
  } finally {
    await page.close();
    await rm(dir, { recursive: true, force: true });
  }
}
