/**
 * `tsx bench/profile/app/frameCost.ts`: what one frame costs the GPU process when almost
 * nothing changes. On the app bench's page (300 boxes, 1400×900, not training) a 2 px dot
 * changes colour every frame; the GPU process's SwapBuffers per frame is traced with each part
 * of the page hidden in turn (visibility: hidden, so the layout stays). On SwiftShader the whole
 * frame is drawn again each time, so this is the floor under every frame of a gesture.
 * `--help` prints this.
 */
import { buildApp, serveAndLaunch } from '../../shared/chromium';
import { pageRun } from '../../suites/appChromium';
import { trainableBigDiagram } from '../../suites/appDocuments';
import type { TraceEvent } from '../editor/traceKinds';

if (process.argv.includes('--help')) {
  process.stdout.write(
    "tsx bench/profile/app/frameCost.ts: the GPU process's time per frame, each part of the page hidden in turn\n",
  );
  process.exit(0);
}
if (process.argv.length > 2) {
  process.stderr.write('usage: tsx bench/profile/app/frameCost.ts (no arguments)\n');
  process.exit(2);
}
const H = (sel: string) => `${sel} { visibility: hidden !important; }`;
const variants: Record<string, string> = {
  base: '/* */',
  palette: H('.palette'),
  datapanel: H('.data-panel'),
  inspector: H('.inspector'),
  term: H('.term-panel'),
  training: H('section[aria-label=Training]'),
  charts: H('section[aria-label=Training] canvas'),
  anim: H('.anim-panel'),
  header: H('.app-header'),
  canvas: H('.react-flow'),
  viewport: H('.react-flow__viewport'),
  bg: H('.react-flow__background'),
  minimap: H('.react-flow__minimap'),
  allpanels: H(
    '.palette, .data-panel, .inspector, .term-panel, section[aria-label=Training], .anim-panel, .app-header, .status-bar',
  ),
};
const served = await serveAndLaunch(await buildApp('lensboard-app-variants'));
const errors: string[] = [];
try {
  const run = await pageRun(served, trainableBigDiagram(300), 'typed', errors);
  await run.page.waitForTimeout(1000);
  // a 2 px dot that changes colour every frame: a frame to draw each vsync, with almost no damage
  await run.page.evaluate(`(() => {
    const d = document.createElement('div');
    d.style.cssText = 'position:fixed;left:0;top:0;width:2px;height:2px;z-index:99999';
    document.body.append(d);
    let n = 0;
    const f = () => { d.style.background = n++ % 2 ? '#000' : '#fff'; requestAnimationFrame(f); };
    requestAnimationFrame(f);
  })()`);
  for (const round of [0, 1]) // the first round warms up
    for (const [v, css] of Object.entries(variants)) {
      await run.page.evaluate((c) => {
        const s = new CSSStyleSheet();
        s.replaceSync(c);
        document.adoptedStyleSheets = [s];
      }, css);
      await run.page.waitForTimeout(400);
      await served.browser.startTracing(run.page, { categories: ['viz', 'gpu'] });
      await run.page.waitForTimeout(1500);
      const ev = (JSON.parse((await served.browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
        .traceEvents;
      const sw = ev.filter((e) => e.ph === 'X' && e.name === 'SkiaOutputSurfaceImplOnGpu::SwapBuffers');
      const ms = sw.reduce((a, e) => a + (e.dur ?? 0), 0) / 1000 / Math.max(1, sw.length);
      const shown = ev.filter((e) => e.name === 'Display::FrameDisplayed').length / 1.5;
      if (round)
        process.stdout.write(
          `${v.padEnd(10)} ${shown.toFixed(0).padStart(3)} frames/s, SwapBuffers ${ms.toFixed(1)} ms a frame\n`,
        );
    }
  await run.close();
} finally {
  await served.close();
  if (errors.length) process.stderr.write(`${errors.join('\n')}\n`);
}
