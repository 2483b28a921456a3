import { bigDiagram } from '../src/testing/bigDiagram';
import {
  canvasZoom,
  dragFromPalette,
  dragWire,
  handle,
  menuCommand,
  newDiagram,
  node,
  openEditor,
  pane,
  setField,
} from './editorHelpers';
import { expect, test } from './fixtures';

test('drag from the palette onto the canvas, then connect two boxes handle to handle; a refused connection says why, in words', async ({
  page,
  record,
}) => {
  await openEditor(page);
  await newDiagram(page);
  await dragFromPalette(page, 'data input', 'data input', 150, 200);
  await setField(page, /^shape/, '2');
  await dragFromPalette(page, 'relu', 'relu', 400, 200);
  await expect(node(page, 'input1')).toBeVisible();
  await expect(node(page, 'relu1')).toBeVisible();
  await dragWire(page, handle(page, 'input1', 'x'), handle(page, 'relu1', 'x'));
  await expect(page.locator('main .react-flow__edge')).toHaveCount(1);
  await expect(page.locator('.wire-label')).toHaveText('2 numbers');

  // A new diagram, where a connection of the wrong size is refused with the sizes in words.
  await newDiagram(page);
  await dragFromPalette(page, 'data input', 'data input', 150, 200);
  await setField(page, /^shape/, '3');
  await dragFromPalette(page, 'linear', 'linear', 420, 200);
  await setField(page, /^inputs/, '4');
  await dragWire(page, handle(page, 'input1', 'x'), handle(page, 'linear1', 'x'));
  await expect(page.getByRole('status', { name: 'Notice', exact: true })).toContainText(
    '3 numbers cannot feed 4 numbers',
  );
  await expect(page.locator('main .react-flow__edge')).toHaveCount(0);
  expect(record.consoleErrors).toEqual([]);
});

test('a first visit opens the XOR example, compiled, with typed wires and its term; undo and redo by keyboard', async ({
  page,
  record,
}) => {
  await openEditor(page);
  await expect(node(page, 'lin1')).toBeVisible();
  // a first visit writes types in plain words (docs/notation.md)
  await expect(page.locator('.wire-label').first()).toHaveText(/^\d+ (numbers?|weights?)$/);
  await expect(page.getByRole('region', { name: 'Composite term' })).toContainText('linear[2→8]');

  const before = await page.locator('main .react-flow__node').count();
  await page.getByLabel('Search the palette').fill('sigmoid');
  await page.getByRole('button', { name: 'sigmoid', exact: true }).click();
  await expect(page.locator('main .react-flow__node')).toHaveCount(before + 1);
  await pane(page).click({ position: { x: 20, y: 20 } });
  await page.keyboard.press('Control+z');
  await expect(page.locator('main .react-flow__node')).toHaveCount(before);
  await page.keyboard.press('Control+Shift+z');
  await expect(page.locator('main .react-flow__node')).toHaveCount(before + 1);
  expect(record.consoleErrors).toEqual([]);
});

test('reload finds the diagram restored from autosave', async ({ page, record }) => {
  await openEditor(page);
  await newDiagram(page);
  await dragFromPalette(page, 'tanh', 'tanh', 300, 200);
  await expect(node(page, 'tanh1')).toBeVisible();
  await page.reload();
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible();
  await expect(node(page, 'tanh1')).toBeVisible();
  await expect(page.locator('main .react-flow__node')).toHaveCount(1);
  expect(record.consoleErrors).toEqual([]);
});

test('a document opened after a big one gets the term panel at its own height, not the last term’s', async ({
  page,
  record,
}, info) => {
  await openEditor(page);
  const termPanel = page.getByRole('region', { name: 'Composite term' });
  const open = async (doc: unknown, name: string) => {
    const picking = page.waitForEvent('filechooser');
    await menuCommand(page, 'Open…');
    await (await picking).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    if (await ask.isVisible()) await ask.getByRole('button', { name: /^Discard and open/ }).click();
  };
  const height = async () => (await termPanel.boundingBox())?.height ?? 0;
  const atOwnHeight = await height(); // XOR: one line of term

  await open(bigDiagram(300), 'big.json');
  await expect(termPanel).toContainText('linear[8→8]');
  await expect.poll(height).toBeGreaterThan(atOwnHeight + 20);

  // The same boxes with the last wire gone: it does not compose, and it is another document.
  const big = bigDiagram(300);
  await open({ ...big, name: 'broken', wires: big.wires.slice(0, -1) }, 'broken.json');
  await expect(termPanel).toContainText('to fix before the diagram composes');
  await expect.poll(height).toBeLessThanOrEqual(atOwnHeight + 2);
  await page.screenshot({ path: info.outputPath('term-own-height.png') });
  expect(record.consoleErrors).toEqual([]);
});

test('the map shows where the view is: a drag on it moves the view there, a scroll on it zooms', async ({
  page,
  record,
}) => {
  await openEditor(page);
  const map = page.getByRole('img', { name: /^Map of the diagram/ });
  await expect(map).toBeVisible();
  const frame = map.locator('.canvas-map-view');
  const viewport = () => page.locator('main .react-flow__viewport').evaluate((e) => (e as HTMLElement).style.transform);
  const before = await viewport();
  const frameBefore = await frame.boundingBox();
  const box = await map.boundingBox();
  if (!box || !frameBefore) throw new Error('no map');
  // Press on the map's right end and drag a little: the view centres there and follows.
  await page.mouse.move(box.x + box.width - 12, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 8, box.y + box.height / 2 + 4);
  await page.mouse.up();
  await expect.poll(viewport).not.toBe(before);
  await expect.poll(async () => (await frame.boundingBox())?.x ?? 0).toBeGreaterThan(frameBefore.x);
  const zoom = await canvasZoom(page);
  await map.hover();
  await page.mouse.wheel(0, -100);
  await expect.poll(() => canvasZoom(page)).toBeGreaterThan(zoom);
  expect(record.consoleErrors).toEqual([]);
});
