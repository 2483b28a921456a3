import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium.config';
const b = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_FLAGS] });
const page = await b.newPage({ viewport: { width: 1280, height: 720 } });
await page.goto('http://127.0.0.1:4203/?engine=typed');
await page.waitForSelector('main[aria-busy="false"]', { timeout: 30000 });
await page.getByRole('button', { name: 'Lessons', exact: true }).click();
await page.getByRole('button', { name: 'A lens is a forward and a backward map' }).click();
await page.getByRole('button', { name: 'Next ▶' }).click();
for (let i = 0; i < 4; i++) {
  await page.waitForTimeout(400);
  console.log(await page.evaluate(() => ['.lesson-panel', '.react-flow__node[data-id="lin1"] [data-handleid="y"]', '.react-flow__node[data-id="bias1"] [data-handleid="x"]', '.react-flow__viewport'].map((s) => { const e = document.querySelector(s); const r = e?.getBoundingClientRect(); return [s.slice(0, 40), r && [r.x, r.y, r.width, r.height].map(Math.round), s.includes('viewport') ? (e as HTMLElement).style.transform : ''];})));
}
await page.screenshot({ path: '/tmp/shots/lens2.png' });
await b.close();
