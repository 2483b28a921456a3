/**
 * Pages in Chromium, for the suites and the profilers: a page is built by Vite's JS API into
 * node_modules/.cache/<name>, served from a tiny static server on 127.0.0.1 and opened in
 * /usr/bin/chromium (or CHROMIUM_PATH) with Playwright, on SwiftShader WebGL.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_FLAGS, chromiumPath } from '../../chromium.config';
import { serveStatic } from '../../src/testing/serveStatic';

/**
 * A git worktree may share node_modules (a symlink) with the main checkout: the folder carries
 * the checkout's name so that two checkouts building at once do not overwrite each other's page.
 */
export const cacheDir = (name: string): string => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  return fileURLToPath(new URL(`../../node_modules/.cache/${name}-${basename(root)}`, import.meta.url));
};

/**
 * Builds the page whose index.html is in the folder `root` on its own (not with the app's Vite
 * config) into the cache folder `name`; unminified for a profiler, so its profiles read.
 */
export async function buildPage(root: string, name: string, minify = true): Promise<string> {
  const outDir = cacheDir(name);
  await build({
    configFile: false,
    root,
    base: './',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 8000, minify },
  });
  return outDir;
}

/**
 * Builds the production app with its own Vite config (the repository root, as `npm run build`
 * does) into the cache folder `name`. `npm run build` makes public/data first (`npm run data`);
 * the JS API does not, so a missing MNIST file is named here rather than failing in the page.
 * Unminified for a profiler, so its profiles read.
 */
export async function buildApp(name: string, minify = true): Promise<string> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  if (!existsSync(`${root}/public/data/mnist.bin`))
    throw new Error('public/data/mnist.bin is missing: run `npm run data`');
  const outDir = cacheDir(name);
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, ...(minify ? {} : { minify: false }) } });
  return outDir;
}

/** A built folder served on 127.0.0.1 and one Chromium, for suites that open many fresh contexts. */
export interface Served {
  readonly url: string;
  readonly browser: Browser;
  /** Ends the browser and the server. */
  close(): Promise<void>;
}

export async function serveAndLaunch(dir: string, port = 0): Promise<Served> {
  const { url, server } = await serveStatic(dir, port);
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_FLAGS] });
    return {
      url,
      browser,
      close: async () => {
        await browser.close();
        server.close();
      },
    };
  } catch (e) {
    server.close();
    throw e;
  }
}

export interface OpenPage {
  readonly page: Page;
  /** The page's uncaught errors and console errors so far. */
  readonly errors: readonly string[];
  /** Ends the browser and the server. */
  close(): Promise<void>;
}

/** Serves the built folder `dir` and opens `path` under it in a fresh Chromium. */
export async function openPage(
  dir: string,
  options: { path?: string; viewport?: { width: number; height: number }; onError?: (e: string) => void } = {},
): Promise<OpenPage> {
  const { url, browser, close } = await serveAndLaunch(dir);
  const errors: string[] = [];
  const record = (e: string) => {
    errors.push(e);
    options.onError?.(e);
  };
  try {
    const page = await browser.newPage(options.viewport ? { viewport: options.viewport } : {});
    page.on('pageerror', (e) => record(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') record(m.text());
    });
    await page.goto(`${url}${options.path ?? ''}`);
    return { page, errors, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * For the profilers: builds the page in `pageRoot` unminified, opens it and waits for
 * `window[global]`, printing the page's errors as they come.
 */
export async function openProfilePage(pageRoot: string, cacheName: string, global: string): Promise<OpenPage> {
  const dir = await buildPage(pageRoot, cacheName, false);
  const opened = await openPage(dir, { onError: (e) => console.error('page error:', e) });
  await opened.page.waitForFunction((name) => name in window, global);
  return opened;
}

/**
 * Waits until the page's editor holds a document of `boxes` boxes and the canvas shows it: a big
 * diagram mounts only the boxes in view (editor/canvas/DiagramCanvas.tsx), so not all of them.
 */
export async function waitForDiagram(page: Page, boxes: number): Promise<void> {
  await page.waitForFunction(
    (n) =>
      (window as unknown as { lensboardStore: { getState(): { doc: { boxes: unknown[] } } } }).lensboardStore.getState()
        .doc.boxes.length >= n && document.querySelectorAll('main .react-flow__node').length > 0,
    boxes,
  );
}
