import { readFileSync } from 'node:fs';
import { menuCommand } from './editorHelpers';
import { expect, test } from './fixtures';
import { trainingButton, trainingPanel } from './trainingHelpers';

test('the app loads with its panels and a canvas; its Content-Security-Policy is served as a header and as a meta tag', async ({
  page,
  record,
}) => {
  const response = await page.goto('/?backend=cpu');
  await expect(page).toHaveTitle('Lensboard');
  await expect(page.getByRole('heading', { name: 'Lensboard' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Palette' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Inspector' })).toBeVisible();
  await expect(page.locator('.react-flow__pane')).toBeVisible();
  await expect(page.locator('.react-flow__minimap')).toBeVisible();
  await expect(page.locator('.react-flow__controls')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Training' }).getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(page.getByTestId('backend-status')).toHaveText('— (next run: tfjs · cpu)');
  expect(record.consoleErrors).toEqual([]);

  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  const meta = page.locator('meta[http-equiv="Content-Security-Policy"]');
  await expect(meta).toHaveAttribute('content', /object-src 'none'/);
  // eval is refused from page code (page.evaluate itself is exempt, so probe from a task).
  const evalRefused = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        setTimeout(() => {
          try {
            // biome-ignore lint/security/noGlobalEval: the test proves eval is refused
            const indirectEval = window.eval;
            indirectEval('1');
            resolve(false);
          } catch {
            resolve(true);
          }
        }, 0),
      ),
  );
  expect(evalRefused).toBe(true);
  // That refusal is itself a violation event: clear it so the fixture checks only the app.
  await page.evaluate(() => {
    (window as unknown as { __cspViolations: string[] }).__cspViolations.length = 0;
  });
  const refusal = record.consoleErrors.findIndex((m) => /Refused to evaluate/.test(m));
  if (refusal >= 0) record.consoleErrors.splice(refusal, 1);
});

test('a session that trains XOR on wasm and exports a PNG breaks no rule of the strict policy', async ({
  page,
  record,
}, info) => {
  test.setTimeout(120_000); // wasm starting cold in the worker
  const response = await page.goto('/?engine=wasm');
  // Relaxed only for tfjs's WebAssembly and the picture's blob: images (src/app/csp.ts).
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("style-src 'self';");
  expect(policy).toContain("img-src 'self' blob:;");
  expect(policy).toContain("worker-src 'self';");
  expect(policy).not.toMatch(/unsafe-inline|data:|'unsafe-eval'/);
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });

  const status = trainingPanel(page).getByRole('status', { name: 'Training status' });
  for (let step = 1; step <= 3; step++) {
    await trainingButton(page, 'Step').click();
    await expect(status).toHaveText(new RegExp(`^Paused after step ${step}\\.`), { timeout: 60_000 });
  }
  await expect(page.getByTestId('backend-status')).toHaveText('tfjs · wasm');

  await menuCommand(page, 'Picture…');
  const dialog = page.getByRole('dialog', { name: 'Picture of the diagram' });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PNG' }).click();
  const path = info.outputPath('xor.png');
  await (await downloading).saveAs(path);
  expect(readFileSync(path).subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  expect(await record.cspViolations()).toEqual([]);

  // The net holds: an inline style attribute set from a page task is refused and recorded.
  const styled = await page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        setTimeout(() => {
          document.body.setAttribute('style', 'outline: 3px solid red');
          resolve(getComputedStyle(document.body).outlineStyle);
        }, 0),
      ),
  );
  expect(styled).toBe('none');
  // Once per policy that refused it: the header's and the meta tag's.
  await expect.poll(async () => new Set(await record.cspViolations())).toEqual(new Set(['style-src-attr: inline']));
  await page.evaluate(() => {
    document.body.removeAttribute('style');
    (window as unknown as { __cspViolations: string[] }).__cspViolations.length = 0;
  });
  record.consoleErrors.splice(
    0,
    record.consoleErrors.length,
    ...record.consoleErrors.filter((m) => !/^Applying inline style violates/.test(m)),
  );
});
