/**
 * `tsx bench/profile/editor/editPaint.ts [boxes] [--out file.cpuprofile]`: where the time of the
 * editor bench's "edit to painted result" goes. Builds the app unminified, opens the big diagram,
 * makes the bench's edit 20 times under the CPU profiler, and prints the median edit-to-paint
 * time, how many React components rendered per edit (counted from the page's React DevTools
 * hook); with --out, the CPU profile for summarise.ts; with --trace, a DevTools trace of the
 * 20 edits and the main thread's time per edit by kind (script, style, layout, paint, …).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { bigDiagram } from '../../../src/testing/bigDiagram';
import { openPage, waitForDiagram } from '../../shared/chromium';
import { mainThreadByKind, TRACE_CATEGORIES } from './traceKinds';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(
    'usage: tsx bench/profile/editor/editPaint.ts [boxes=300] [--out file.cpuprofile] [--trace file.json] [--all]',
  );
  process.exit(0);
}
const boxes = Number(args.find((a) => /^\d+$/.test(a)) ?? 300);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : undefined;
const traceAt = args.indexOf('--trace');
const tracePath = traceAt >= 0 ? args[traceAt + 1] : undefined;
/** With --all, every component that rendered, not the first 25. */
const all = args.includes('--all');

/** Counts the fibers React commits, by component name, through the DevTools hook React looks for. */
const COUNT_RENDERS = `(() => {
  const counts = {};
  window.__renders = counts;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { return 1; },
    onCommitFiberRoot(_id, root) {
      // As React DevTools decides it: a fiber rendered when it did work (PerformedWork = 1) or is new;
      // a subtree whose children are the ones of the last commit was not visited at all.
      const walk = (f) => {
        for (let c = f.child; c; c = c.sibling) {
          const t = c.type;
          const name = t && typeof t !== 'string' && (t.displayName || t.name || (t.type && (t.type.displayName || t.type.name)));
          const prev = c.alternate;
          if (name && (prev === null || (c.flags & 1) === 1)) {
            counts[name] = (counts[name] || 0) + 1;
            if (prev && name === 'BoxNode') {
              const a = prev.memoizedProps, b = c.memoizedProps;
              const why = a === b ? 'its own state' : Object.keys(b).filter((k) => a[k] !== b[k]).join(',') || 'equal props';
              counts['  BoxNode because ' + why] = (counts['  BoxNode because ' + why] || 0) + 1;
            }
          }
          if (!prev || c.child !== prev.child) walk(c);
        }
      };
      walk(root.current);
    },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
  };
})()`;

/** The bench's edit (b1's units 8 ↔ 9: every wire after the next linear box loses its type and gets it back), or a label edit that changes one box. */
const EDIT = (i: number, kind = 'units') => `new Promise((done) => {
  const store = window.lensboardStore;
  for (const k in window.__renders) delete window.__renders[k];
  const t0 = performance.now();
  ${kind === 'units' ? `store.getState().setConfig('b1', 'out', ${8 + (i % 2)});` : `store.getState().setLabel('b1', 'linear ${i}');`}
  store.getState().setView({ compiled: store.compile(store.getState().doc) });
  requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
})`;

async function main() {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'lensboard-editor-profile-'));
  await build({ root, logLevel: 'warn', build: { outDir: dir, emptyOutDir: true, minify: false } });
  const { page, close } = await openPage(dir, { path: '?backend=cpu&debug', viewport: { width: 1400, height: 900 } });
  try {
    await page.addInitScript(COUNT_RENDERS);
    await page.reload();
    await page.locator('main[aria-busy="false"]').waitFor({ timeout: 120_000 });
    await page.evaluate(
      (doc) =>
        (window as unknown as { lensboardStore: { getState(): { setDocument(d: unknown): void } } }).lensboardStore
          .getState()
          .setDocument(doc),
      bigDiagram(boxes),
    );
    await waitForDiagram(page, boxes);
    await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: 'Fit view' }).click();
    await page.waitForTimeout(1000);
    for (let i = 0; i < 3; i++) await page.evaluate(EDIT(i));
    const cdp = await page.context().newCDPSession(page);
    const browser = page.context().browser();
    if (tracePath && browser) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    else {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const times: number[] = [];
    let renders: Record<string, number> = {};
    for (let i = 0; i < 20; i++) {
      times.push(Number(await page.evaluate(EDIT(i))));
      renders = (await page.evaluate('({ ...window.__renders })')) as Record<string, number>;
      await page.waitForTimeout(200);
    }
    let profile: unknown;
    if (tracePath && browser) {
      await browser.stopTracing();
      console.log(`main thread per edit (a trace of 20 edits, ${tracePath}):`);
      console.log(mainThreadByKind(JSON.parse(readFileSync(tracePath, 'utf8')), 20));
    } else profile = (await cdp.send('Profiler.stop')).profile;
    const labelTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      labelTimes.push(Number(await page.evaluate(EDIT(i, 'label'))));
      await page.waitForTimeout(200);
    }
    labelTimes.sort((a, b) => a - b);
    console.log(`a label edit (one box changes), for comparison: median ${labelTimes[10].toFixed(1)} ms`);
    if (out && profile) writeFileSync(out, JSON.stringify(profile));
    times.sort((a, b) => a - b);
    console.log(
      `edit to paint, ${boxes} boxes: median ${times[10].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[19].toFixed(1)})`,
    );
    console.log('components rendered by the last edit:');
    for (const [name, n] of Object.entries(renders)
      .sort((a, b) => b[1] - a[1])
      .slice(0, all ? undefined : 25))
      console.log(`  ${n}\t${name}`);
    if (out) console.log(`profile written to ${out}: read it with tsx bench/profile/summarise.ts ${out} 25`);
  } finally {
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
