/**
 * Open… with an ONNX file, as a teacher meets it: a small CNN written the way PyTorch exports
 * one opens as its string diagram (convolution, pooling, dense layer, softmax) with its weights;
 * a file with an op Lensboard cannot draw is refused naming the node, and nothing changes. An
 * MNIST CNN opens with the loss and optimiser the import chose, named in the notice; the next
 * Play runs what the Settings panel shows; Reset goes back to the imported weights, and New
 * random weights leaves them (docs/training-panel.md, "Opening a file").
 */
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { cnn, file, mnistCnn, node } from '../src/testing/onnxFiles';
import { menuCommand, nodes } from './editorHelpers';
import { expect, test } from './fixtures';
import { setTrainingSetting, trainingButton, trainingPanel, trainingSetting } from './trainingHelpers';

test.describe.configure({ timeout: 240_000 });

const notice = (page: Page) => page.getByRole('status', { name: 'Notice' });
const problem = (page: Page) => page.getByRole('alertdialog', { name: /^Cannot open/ });
const discardAsk = (page: Page) => page.getByRole('dialog', { name: 'Discard unsaved changes?' });

async function open(page: Page, path: string): Promise<void> {
  const picking = page.waitForEvent('filechooser');
  await menuCommand(page, 'Open…');
  await (await picking).setFiles(path);
  if (await discardAsk(page).isVisible()) {
    await discardAsk(page).getByRole('button', { name: 'Discard and open the file' }).click();
  }
}

test('an ONNX CNN opens as its diagram; an op it cannot draw is refused by node; an MNIST CNN trains with what the panel shows', async ({
  page,
  record,
}, info) => {
  await page.goto('/');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  const before = await nodes(page).count();

  const bad = info.outputPath('norm.onnx');
  writeFileSync(bad, file([node('LRN', ['input'], ['output'])], [], ['N', 4], ['N', 4]));
  await open(page, bad);
  await expect(problem(page)).toContainText('Cannot open “norm.onnx”');
  await expect(problem(page)).toContainText("node “output_node” (LRN): ONNX's LRN has no Lensboard generator");
  await page.screenshot({ path: info.outputPath('onnx-refused.png') });
  await problem(page).getByRole('button', { name: 'Close' }).click();
  await expect(nodes(page)).toHaveCount(before);

  const good = info.outputPath('cnn.onnx');
  writeFileSync(good, cnn());
  await open(page, good);
  await expect(notice(page)).toContainText('Opened the ONNX model “cnn.onnx” as a diagram with its weights');
  // named after the file, not the graph (torch names every graph “torch_jit”)
  await expect(page.getByLabel('Diagram name')).toHaveText('cnn');
  // input and its image reshape; filter, correlate2d; bias: parameter, two broadcasts, add; relu, pool, flatten;
  // W, linear, b, bias; output (the last Softmax is the loss's: softmax cross-entropy on the logits)
  await expect(nodes(page)).toHaveCount(16);
  await page.screenshot({ path: info.outputPath('onnx-opened.png') });

  // An MNIST CNN, opened on the same page: it trains with what the panel shows; Reset keeps its
  // weights, New random weights does not
  const path = info.outputPath('digits.onnx');
  writeFileSync(path, mnistCnn());
  await open(page, path);
  // One look at the notice for both of its parts: it fades after six seconds, and on a loaded
  // machine a second look can come after it has gone.
  await expect(notice(page)).toContainText(
    /Training uses softmax cross-entropy, since the model ends in Softmax.*Adam at learning rate 0\.001/s,
  );
  const panel = trainingPanel(page);
  const status = panel.getByRole('status', { name: 'Training status' });
  const accuracy = panel.getByLabel('Accuracy', { exact: true });
  // The imported weights are measured before any Play.
  await expect(accuracy).toHaveText(/%$/, { timeout: 60_000 });
  const imported = await accuracy.textContent();

  await setTrainingSetting(page, /^Epochs/, '1');
  await setTrainingSetting(page, /^Batch size/, '500');
  await (await trainingSetting(page, /^Loss function/)).selectOption('mse-mean');
  await trainingButton(page, 'Play').click();
  await expect(status).toHaveText(/^Done: 1 epoch, 20 steps/, { timeout: 60_000 });
  await expect(panel.getByText(/^This run:/)).toHaveText(
    'This run: mse-mean loss · adam (learning rate 0.001) · batch 500 · 1 epoch.',
  );
  await expect(accuracy).not.toHaveText(imported ?? '');
  await page.screenshot({ path: info.outputPath('onnx-trained.png') });

  await trainingButton(page, 'Reset').click();
  await expect(accuracy).toHaveText(imported ?? '', { timeout: 60_000 });
  await trainingButton(page, 'New random weights').click();
  await expect(trainingButton(page, 'New random weights')).toHaveCount(0);
  await expect(accuracy).not.toHaveText(imported ?? '');
  await page.screenshot({ path: info.outputPath('onnx-new-weights.png') });
  expect(record.consoleErrors).toEqual([]);
});
