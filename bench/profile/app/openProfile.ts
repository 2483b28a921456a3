/**
 * `tsx bench/profile/app/openProfile.ts [out.cpuprofile] [--dir built-folder]`: what the page's
 * main thread does from navigation to a ready canvas on a first visit — a CPU profile of one cold
 * load of the unminified production app (or of the build in --dir), summarised by
 * ../summarise.ts: the functions by self and by total time, and the script's time by module.
 */
import { writeFileSync } from 'node:fs';
import { loadExample } from '../../../src/io/examples';
import { buildApp, serveAndLaunch } from '../../shared/chromium';
import { OPEN_PROBE, VIEWPORT } from '../../suites/appChromium';
import { summarise } from '../summarise';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log('usage: tsx bench/profile/app/openProfile.ts [out.cpuprofile] [--dir built-folder]');
  process.exit(0);
}
const dirAt = args.indexOf('--dir');
const out =
  args.find((a, i) => a.endsWith('.cpuprofile') && args[i - 1] !== '--dir') ?? '/tmp/lensboard-open.cpuprofile';
const dir = dirAt >= 0 ? args[dirAt + 1] : await buildApp('lensboard-open-profile', false);
const served = await serveAndLaunch(dir);
try {
  const context = await served.browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.addInitScript(OPEN_PROBE(loadExample('xor').boxes.length));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(served.url);
  await page.waitForFunction(() => (window as unknown as { __open: { ready: number | null } }).__open.ready !== null);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Parameters<typeof summarise>[0] };
  const open = await page.evaluate(() => (window as unknown as { __open: unknown }).__open);
  writeFileSync(out, JSON.stringify(profile));
  console.log(`ready canvas: ${JSON.stringify(open)}; profile in ${out}`);
  console.log(summarise(profile, 25));
  // Script time by module: which of the bundle's sources the main thread runs.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byUrl = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const url = byId.get(id)?.callFrame.url.replace(/^.*\/assets\//, '') || '(native)';
    byUrl.set(url, (byUrl.get(url) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  console.log('\nself time by file, ms');
  for (const [u, ms] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`  ${ms.toFixed(0).padStart(6)}  ${u}`);
  await context.close();
} finally {
  await served.close();
}
