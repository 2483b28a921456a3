/**
 * Share links as a teacher uses them: the diagram (not its weights) in a link, with panels
 * hidden for a class; opened in another page of the same browser it asks before replacing the
 * diagram kept there, and a damaged link is refused with a message, changing nothing. A class
 * link locks the diagram for the students; only the teacher's link unlocks it.
 */
import type { Page } from '@playwright/test';
import { menuCommand, nodes, openEditor, pane } from './editorHelpers';
import { expect, test } from './fixtures';

// Long user journeys (training, reloads, two pages): a machine shared with other work needs time.
test.describe.configure({ timeout: 180_000 });

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
  await openEditor(page);
  await openExample(page, 'Iris, one dense layer');
  await expect(title(page)).toHaveText('Iris: dense 4→3 σ (the paper)');
  await menuCommand(page, 'Share link…');
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

/** Where React Flow drew a box in the diagram's own coordinates (its transform), whatever the view's pan. */
const placeOf = (page: Page, index: number) =>
  nodes(page)
    .nth(index)
    .evaluate((el) => (el as HTMLElement).style.transform);

test("a class link holds: the students' link locks the diagram with no Unlock, the teacher's link unlocks", async ({
  page,
  context,
  record,
}, info) => {
  await openEditor(page);
  await menuCommand(page, 'Share link…');
  await shareDialog(page)
    .getByLabel(/Lock the diagram/)
    .check();
  const studentsField = shareDialog(page).getByLabel('Students’ link (locked)');
  const teachersField = shareDialog(page).getByLabel('Teacher’s link (can unlock)');
  await expect(studentsField).toHaveValue(/#d=[A-Za-z0-9_-]+$/);
  await expect(teachersField).toHaveValue(/#d=[A-Za-z0-9_-]+&key=[A-Za-z0-9_-]{22}$/);
  const students = await studentsField.inputValue();
  const teachers = await teachersField.inputValue();
  expect(teachers.startsWith(`${students}&key=`)).toBe(true);
  await page.screenshot({ path: info.outputPath('share-class-links.png') });
  await shareDialog(page).getByRole('button', { name: 'Close' }).click();

  const other = await context.newPage();
  await ready(other, students.replace('/#', '/?engine=typed#'));
  const banner = other.getByRole('region', { name: 'Locked diagram' });
  await expect(banner).toContainText('Open the teacher’s link to unlock');
  await expect(banner.getByRole('button', { name: 'Unlock' })).toHaveCount(0);
  const boxes = await nodes(other).count();
  // A drag of a box does not move it.
  const before = await placeOf(other, 1);
  const at = await nodes(other).nth(1).boundingBox();
  if (!at) throw new Error('the box is not on screen');
  await other.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await other.mouse.down();
  await other.mouse.move(at.x + at.width / 2 + 120, at.y + at.height / 2 + 80, { steps: 8 });
  await other.mouse.up();
  expect(await placeOf(other, 1)).toBe(before);
  // Select a box, press Delete: refused, said, and nothing changes.
  await nodes(other).nth(1).click();
  await other.keyboard.press('Delete');
  const notice = other.getByRole('status', { name: 'Notice' });
  await expect(notice).toContainText('The diagram is locked by the class link');
  await expect(nodes(other)).toHaveCount(boxes);
  await other.screenshot({ path: info.outputPath('locked.png') });
  // Training is the class's: Step still trains.
  const training = other.getByRole('region', { name: 'Training' });
  await training.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(training.getByLabel('Step', { exact: true })).toHaveText('1', { timeout: 30_000 });
  // A reload (the link's hash is gone; the autosave brings the diagram back) does not unlock it.
  await other.reload();
  await expect(other.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText('Open the teacher’s link to unlock');
  // The lock belongs to the linked diagram: a lesson's own diagram opens free, Undo brings the locked one back.
  await other.getByRole('button', { name: 'Lessons', exact: true }).click();
  const lessonsDialog = other.getByRole('dialog', { name: 'Lessons' });
  await lessonsDialog.getByRole('button', { name: 'A lens is a forward and a backward map' }).click();
  const startAnyway = lessonsDialog.getByRole('button', { name: 'Start the lesson' });
  if (await startAnyway.isVisible()) await startAnyway.click();
  await expect(banner).toBeHidden();
  await other
    .getByRole('region', { name: 'Lesson', exact: true })
    .getByRole('button', { name: 'Close the lesson' })
    .click();
  await pane(other).click({ position: { x: 5, y: 5 } });
  await other.keyboard.press('Control+z');
  await expect(banner).toContainText('Open the teacher’s link to unlock');
  await expect(nodes(other)).toHaveCount(boxes);
  await other.close();

  const teacher = await context.newPage();
  await ready(teacher, teachers);
  const unlockable = teacher.getByRole('region', { name: 'Locked diagram' });
  await unlockable.getByRole('button', { name: 'Unlock' }).click();
  await expect(unlockable).toBeHidden();
  await nodes(teacher).nth(1).click();
  await teacher.keyboard.press('Delete');
  await expect(nodes(teacher)).toHaveCount(boxes - 1);
  await pane(teacher).click({ position: { x: 5, y: 5 } });
  expect(record.consoleErrors).toEqual([]);
});
