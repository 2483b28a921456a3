/**
 * Open… with an ONNX file of 10,000 nodes, as a user meets it: the status bar names the file,
 * the stage and the percent while its worker draws it, Cancel stops it and changes nothing, and
 * opened again it arrives as its diagram drawn in groups of about a hundred boxes, while the page
 * went on answering (the Messages log opens during the import). A model of 1,500 boxes or more
 * is autosaved as its JSON text, made a slice at a time (src/editor/jsonSlices.ts), and comes
 * back whole after a reload.
 */
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { bigOnnx } from '../src/testing/onnxFiles';
import { menuCommand, nodes } from './editorHelpers';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const opening = (page: Page) => page.getByRole('status', { name: 'Opening a file' });
const notice = (page: Page) => page.getByRole('status', { name: 'Notice' });
const discardAsk = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

async function open(page: Page, path: string): Promise<void> {
  const picking = page.waitForEvent('filechooser');
  await menuCommand(page, 'Open…');
  await (await picking).setFiles(path);
}

test('a 10,000-node ONNX file opens with progress and Cancel, then as groups', async ({ page, record }, info) => {
  await page.goto('/');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  const before = await nodes(page).count();
  const big = info.outputPath('big.onnx');
  writeFileSync(big, bigOnnx(10_000));

  await open(page, big);
  await expect(opening(page)).toContainText(/Opening big\.onnx — \d+% \(/);
  await opening(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(opening(page)).toHaveCount(0);
  await expect(notice(page)).toContainText('Stopped opening “big.onnx”: nothing changed.');
  await expect(nodes(page)).toHaveCount(before);

  await open(page, big);
  await expect(opening(page)).toContainText(/Opening big\.onnx — \d+% \((reading the file|drawing its nodes)/);
  await page.getByRole('button', { name: /^Messages/ }).click();
  await expect(page.getByRole('region', { name: 'Messages' })).toBeVisible();
  if (await discardAsk(page).isVisible()) {
    await discardAsk(page).getByRole('button', { name: 'Discard and open the file' }).click();
  }
  await expect(notice(page)).toContainText('Opened the ONNX model “big.onnx” as a diagram with its weights', {
    timeout: 60_000,
  });
  await expect(opening(page)).toHaveCount(0);
  await expect(page.getByLabel('Diagram name')).toHaveText('big');
  await expect(page.locator('main .react-flow__node[data-id="part1"]')).toBeVisible();
  await page.getByRole('button', { name: 'Close the messages' }).click();
  await page.screenshot({ path: info.outputPath('big-onnx-opened.png') });
  expect(record.consoleErrors).toEqual([]);
});

/**
 * The autosave slot's document as IndexedDB holds it (src/editor/persist/idb.ts): a big one's
 * JSON text is stored as a Blob, read here as `{ blob: text }`.
 */
const storedAutosave = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const req = indexedDB.open('lensboard', 1);
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const get = req.result.transaction('documents', 'readonly').objectStore('documents').get('autosave');
          get.onsuccess = () => {
            req.result.close();
            const stored: unknown = get.result;
            if (stored instanceof Blob) stored.text().then((blob) => resolve({ blob }), reject);
            else resolve(stored);
          };
        };
      }),
  );

test('a model of 1,600 boxes is autosaved as its text in a Blob and comes back whole after a reload', async ({
  page,
  record,
}, info) => {
  await page.goto('/');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  const file = info.outputPath('big.onnx');
  writeFileSync(file, bigOnnx(1100));
  await open(page, file);
  if (await discardAsk(page).isVisible()) {
    await discardAsk(page).getByRole('button', { name: 'Discard and open the file' }).click();
  }
  await expect(notice(page)).toContainText('Opened the ONNX model “big.onnx”', { timeout: 60_000 });
  const term = page.getByRole('region', { name: 'Composite term' });
  // the model's term, layer by layer from its first node to its output: compiled whole
  await expect(term).toContainText(/m0_node .* output_node$/, { timeout: 30_000 });
  const opened = await term.textContent();
  await expect
    .poll(async () => {
      const stored = (await storedAutosave(page)) as { blob?: unknown } | undefined;
      return typeof stored?.blob === 'string' && stored.blob.includes('"name":"big"');
    })
    .toBe(true);

  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Diagram name')).toHaveText('big');
  await expect(page.locator('main .react-flow__node[data-id="part1"]')).toBeVisible();
  await expect(term).toHaveText(opened ?? '', { timeout: 30_000 });
  expect(record.consoleErrors).toEqual([]);
});
