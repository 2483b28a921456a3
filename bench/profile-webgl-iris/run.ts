/**
 * `npx tsx bench/profile-webgl-iris/run.ts '{"what":"trainer","epochs":1}' '{"what":"layers"}' …`:
 * runs each request (see IrisProfileRequest in page.ts) in turn in one Chromium page on webgl
 * (SwiftShader), so later requests find the shader programs earlier ones compiled; prints each
 * result. Start a new command for a cold first epoch.
 */
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_FLAGS, chromiumPath } from '../../chromium.config';
import { serveStatic } from '../browser/harness';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../../node_modules/.cache/lensboard-profile-webgl-iris', import.meta.url));
await build({
  configFile: false,
  root,
  base: './',
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 8000, minify: false },
});
const { url, server } = await serveStatic(outDir);
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_FLAGS] });
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(url);
  await page.waitForFunction(() => 'profileIris' in window);
  for (const arg of process.argv.slice(2)) {
    const req = JSON.parse(arg);
    const r = await page.evaluate(
      (q) => (window as unknown as { profileIris: { run(q: unknown): Promise<unknown> } }).profileIris.run(q),
      req,
    );
    console.log(arg, JSON.stringify(r, null, 1));
  }
} finally {
  await browser.close();
  server.close();
}
