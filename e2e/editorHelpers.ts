/** Helpers for the editor specs: acting as a user on the canvas and the palette. */
import { expect, type Locator, type Page } from '@playwright/test';

export const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
export const handle = (page: Page, id: string, port: string) =>
  node(page, id).locator(`.react-flow__handle[data-handleid="${port}"]`);
export const pane = (page: Page) => page.locator('main .react-flow__pane').first();
export const edge = (page: Page, from: string, to: string) =>
  page.locator(`main .react-flow__edge[aria-label="Edge from ${from} to ${to}"]`);
export const nodes = (page: Page) => page.locator('main .react-flow__node');
export const inspector = (page: Page) => page.getByRole('complementary', { name: 'Inspector' });
export const palette = (page: Page) => page.getByRole('complementary', { name: 'Palette' });

/**
 * Opens the editor; a native dialog (alert, confirm) would be a bug: the editor asks in the page.
 * A machine busy with other work may take a while to start it.
 */
export async function openEditor(page: Page): Promise<void> {
  page.on('dialog', (d) => {
    throw new Error(`unexpected native dialog: ${d.message()}`);
  });
  await page.goto('/?engine=typed');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
}

/** Starts from an empty canvas (the New diagram command, discarding unsaved work if asked). */
export async function newDiagram(page: Page): Promise<void> {
  await menuCommand(page, 'New diagram');
  // The question loads when first asked, so it may show a moment after the command: answer it
  // whenever it shows, until the canvas is empty.
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect
    .poll(async () => {
      if (await ask.isVisible()) await ask.getByRole('button', { name: 'Discard and start new' }).click();
      return nodes(page).count();
    })
    .toBe(0);
}

/** The zoom of the main canvas, read from React Flow's viewport transform. */
export async function canvasZoom(page: Page): Promise<number> {
  const style = (await page.locator('main .react-flow__viewport').first().getAttribute('style')) ?? '';
  return Number(/scale\(([\d.]+)\)/.exec(style)?.[1] ?? Number.NaN);
}

/** Drags a palette entry (found by searching its name) onto the canvas at a point of the pane. */
export async function dragFromPalette(
  page: Page,
  search: string,
  entryName: string,
  x: number,
  y: number,
): Promise<void> {
  await page.getByLabel('Search the palette').fill(search);
  const entry = page
    .getByRole('complementary', { name: 'Palette' })
    .getByRole('button', { name: entryName, exact: true });
  await entry.dragTo(pane(page), { targetPosition: { x, y } });
  await page.getByLabel('Search the palette').fill('');
}

/** Raw mouse steps from one handle to another, as a user drags a wire. */
export async function dragWire(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('handle not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 5, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
  await page.mouse.up();
}

export async function setField(page: Page, label: string | RegExp, value: string): Promise<void> {
  const field = page.getByRole('complementary', { name: 'Inspector' }).getByLabel(label);
  await field.fill(value);
  await field.press('Enter');
}

/** The header's menu each command is in (editor/Toolbar.tsx). */
const MENU_OF: Record<string, 'File' | 'Edit' | 'View'> = {
  'New diagram': 'File',
  'Open…': 'File',
  Examples: 'File',
  'Export JSON': 'File',
  'Share link…': 'File',
  'Picture…': 'File',
  Undo: 'Edit',
  Redo: 'Edit',
  'Group as Para box': 'Edit',
  'Auto-layout': 'Edit',
  'Fit view': 'View',
  'Lens view (backward strands)': 'View',
  'Show reverse derivative': 'View',
  'Keyboard shortcuts': 'View',
};

/** Runs a header command as a user does: opens its menu (File, Edit, View) and picks it. */
export async function menuCommand(page: Page, command: string): Promise<void> {
  const menu = MENU_OF[command];
  if (!menu) throw new Error(`no header menu has "${command}"`);
  await page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: menu, exact: true }).click();
  const list = page.getByRole('menu', { name: menu });
  await list
    .getByRole('menuitem', { name: command, exact: true })
    .or(list.getByRole('menuitemcheckbox', { name: command, exact: true }))
    .click();
  await expect(list).toHaveCount(0);
}
