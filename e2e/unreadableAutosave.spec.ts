/**
 * Nothing the user made is lost: an autosave written by a newer version of Lensboard cannot be
 * read here, so it is kept aside, untouched, while the example opens; a banner says so on every
 * start, exports it as a file, and deletes it only when asked.
 */
import type { Page } from '@playwright/test';
import { openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

// Long user journeys (training, reloads, two pages): a machine shared with other work needs time.
test.describe.configure({ timeout: 180_000 });

const PENDING_KEY = 'lensboard.pendingAutosave';
const banner = (page: Page) => page.getByRole('region', { name: 'Unreadable saved diagram' });

const newer = {
  format: 'lensboard-document',
  version: 99,
  name: 'Made tomorrow',
  boxes: [{ id: 'q1', generator: 'quantum-gate', config: { qubits: 3 }, position: { x: 0, y: 0 } }],
  wires: [],
};

/** The records of Lensboard's IndexedDB store, by key (persist/idb.ts). */
function stored(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = indexedDB.open('lensboard', 1);
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const store = req.result.transaction('documents', 'readonly').objectStore('documents');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            resolve(Object.fromEntries(keys.result.map((k, i) => [String(k), values.result[i]])));
            req.result.close();
          };
        };
      }),
  );
}

async function reloadNow(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
}

test('an autosave from a newer version is kept aside, shown, exportable, and deleted only when asked', async ({
  page,
  record,
}, info) => {
  await openEditor(page);
  await expect.poll(async () => (await stored(page)).autosave !== undefined).toBe(true);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), PENDING_KEY)).toBeNull();
  await page.evaluate(
    (doc) =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open('lensboard', 1);
        req.onsuccess = () => {
          const tx = req.result.transaction('documents', 'readwrite');
          tx.objectStore('documents').put(doc, 'autosave');
          tx.objectStore('documents').put(Date.now() + 1e9, 'autosave-revision');
          tx.oncomplete = () => {
            req.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    newer,
  );

  await reloadNow(page);
  await expect(page.getByLabel('Diagram name')).toHaveText('XOR');
  await expect(banner(page)).toContainText('The autosaved diagram could not be read');
  await expect(banner(page)).toContainText('kept aside in this browser, untouched');
  await page.screenshot({ path: info.outputPath('unreadable-banner.png') });
  // Autosave writes its own slot again; the unreadable copy stays as it was, under its own key.
  await expect.poll(async () => (await stored(page)).autosave).toMatchObject({ name: 'XOR' });
  const aside = Object.entries(await stored(page)).filter(([k]) => k.startsWith('unreadable-'));
  expect(aside).toHaveLength(1);
  expect(aside[0][1]).toMatchObject({ copy: 'idb', raw: newer });

  const downloading = page.waitForEvent('download');
  await banner(page).getByRole('button', { name: 'Export it as a file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^unreadable-autosave-\d{4}-\d\d-\d\d\.json$/);
  const path = info.outputPath('kept.json');
  await download.saveAs(path);
  const { readFileSync } = await import('node:fs');
  expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(newer);

  await reloadNow(page);
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Delete it' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(Object.keys(await stored(page)).filter((k) => k.startsWith('unreadable-'))).toEqual([]);
  await reloadNow(page);
  await expect(banner(page)).toHaveCount(0);
  expect(record.consoleErrors).toEqual([]);
});
