/**
 * Share links as a teacher uses them: the diagram (not its weights) in a link, with panels
 * hidden for a class; opened in another page of the same browser it asks before replacing the
 * diagram kept there, and a damaged link is refused with a message, changing nothing.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Long user journeys (training, reloads, two pages): a machine shared with other work needs time.
test.describe.configure({ timeout: 180_000 });

/** The editor, opened; a loaded machine may take a while to start it. */
async function openApp(page: Page): Promise<void> {
  page.on('dialog', (d) => {
    throw new Error(`unexpected native dialog: ${d.message()}`);
  });
  await page.goto('/?engine=typed');
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
}

const title = (page: Page) => page.getByLabel('Diagram name');
const tools = (page: Page) => page.getByRole('toolbar', { name: 'Editor tools' });
const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share link' });
const replaceAsk = (page: Page) => page.getByRole('dialog', { name: 'Replace the diagram kept in this browser?' });

async function openExample(page: Page, name: string): Promise<void> {
  await tools(page).getByRole('button', { name: 'Examples' }).click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name, exact: true }).click();
}

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
}

test('a share link opens the diagram elsewhere, asking first, with the panels it hides', async ({
  page,
  context,
  record,
}, info) => {
  await openApp(page);
  await openExample(page, 'Iris, one dense layer');
  await expect(title(page)).toHaveText('Iris: dense 4→3 σ (the paper)');
  await tools(page).getByRole('button', { name: 'Share link…' }).click();
  await shareDialog(page).getByLabel('Hide the palette').check();
  const field = shareDialog(page).getByLabel('Link');
  await expect(field).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/#d=[A-Za-z0-9_-]+&hide=palette$/);
  const link = await field.inputValue();
  await page.screenshot({ path: info.outputPath('share-dialog.png') });
  await shareDialog(page).getByRole('button', { name: 'Close' }).click();
  // The diagram kept in this browser is now another one.
  await openExample(page, 'Iris, hidden layer');
  await expect(title(page)).toHaveText('Iris: 4→20 σ → 3 σ (the paper)');

  const other = await context.newPage();
  other.on('dialog', (d) => {
    throw new Error(`unexpected native dialog: ${d.message()}`);
  });
  await ready(other, link);
  await expect(replaceAsk(other)).toBeVisible();
  await other.screenshot({ path: info.outputPath('share-asks.png') });
  await replaceAsk(other).getByRole('button', { name: 'Cancel' }).click();
  await expect(title(other)).toHaveText('Iris: 4→20 σ → 3 σ (the paper)');
  expect(new URL(other.url()).hash).toBe('');

  await other.goto('about:blank');
  await other.goto(link);
  await expect(other.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  await replaceAsk(other).getByRole('button', { name: 'Replace it with the link’s diagram' }).click();
  await expect(title(other)).toHaveText('Iris: dense 4→3 σ (the paper)');
  await expect(other.getByRole('complementary', { name: 'Palette' })).toBeHidden();
  await expect(other.getByRole('complementary', { name: 'Inspector' })).toBeVisible();
  await other.screenshot({ path: info.outputPath('share-opened.png') });

  await other.goto(`${new URL(link).origin}/#d=AAAA`);
  await expect(other.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  const refused = other.getByRole('alertdialog', { name: 'Cannot open “the shared link”' });
  await expect(refused).toContainText('the link is damaged');
  await refused.getByRole('button', { name: 'Close' }).click();
  await expect(title(other)).toHaveText('Iris: dense 4→3 σ (the paper)');
  expect(record.consoleErrors).toEqual([]);
});
