/**
 * Runs the bench page in Chromium: builds it with Vite's JS API into node_modules/.cache,
 * serves it from a tiny static server on 127.0.0.1, drives /usr/bin/chromium (or
 * CHROMIUM_PATH) with Playwright on SwiftShader WebGL, and returns the page's rows.
 */
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_FLAGS, chromiumPath } from '../../chromium.config';
import { serveStatic } from '../../src/testing/serveStatic';
import type { PageRequest, PageResult } from './protocol';

export { serveStatic } from '../../src/testing/serveStatic';

const root = fileURLToPath(new URL('.', import.meta.url));
export const OUT_DIR = fileURLToPath(new URL('../../node_modules/.cache/lensboard-bench', import.meta.url));

export async function buildPage(outDir = OUT_DIR): Promise<string> {
  await build({
    configFile: false,
    root,
    base: './',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 8000 },
  });
  return outDir;
}

/**
 * For the profiling scripts: builds the page whose index.html is in `pageRoot` (unminified, so
 * profiles read), serves it, opens it in Chromium and waits for `window[global]`. `close` ends
 * the browser and the server.
 */
export async function openProfilePage(
  pageRoot: string,
  cacheName: string,
  global: string,
): Promise<{ page: Page; close(): Promise<void> }> {
  const outDir = fileURLToPath(new URL(`../../node_modules/.cache/${cacheName}`, import.meta.url));
  await build({
    configFile: false,
    root: pageRoot,
    base: './',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 8000, minify: false },
  });
  const { url, server } = await serveStatic(outDir);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_FLAGS] });
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(url);
  await page.waitForFunction((name) => name in window, global);
  return {
    page,
    async close() {
      await browser.close();
      server.close();
    },
  };
}

export async function runInChromium(request: PageRequest, timeoutMs = 600_000): Promise<PageResult> {
  const dir = await buildPage();
  const { url, server } = await serveStatic(dir);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_FLAGS],
  });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.setDefaultTimeout(timeoutMs);
    await page.goto(url);
    await page.waitForFunction(() => window.lensboardBench !== undefined);
    const result = await page.evaluate((req) => window.lensboardBench!.run(req), request);
    if (result.backend !== 'webgl')
      throw new Error(
        `Chromium ran tfjs on ${result.backend}, not webgl${errors.length ? `: ${errors.join('; ')}` : ''}`,
      );
    return result;
  } finally {
    await browser.close();
    server.close();
  }
}
