/**
 * A teacher writes a lesson in the page and a class runs it: the lesson editor records steps
 * from clicks on boxes, takes the words and what a step waits for, reorders, saves a lesson
 * file; the Lessons dialog opens that file (and refuses a broken one, naming the JSON path,
 * changing nothing). Every lesson — the five built in and the teacher's — is looked at at
 * 1280×720, 1366×768 and 1920×1080 (one page, resized): the lesson panel overlaps no other
 * region, its words are whole, the document does not scroll (e2e/screenChecks.ts). A lesson
 * file dropped on the canvas opens, and so does a share link that carries a lesson.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { node, openEditor, pane } from './editorHelpers';
import { expect, test } from './fixtures';
import { expectScreenFits } from './screenChecks';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

const LOOK = {
  regions: {
    header: 'header.app-header',
    banners: '.app-banners > *',
    palette: 'aside.palette',
    inspector: 'aside.inspector',
    data: '[aria-label="Data"]',
    training: 'section.train-panel',
    lesson: 'section.lesson-panel',
    minimap: 'main .react-flow__minimap',
    zoom: 'main .react-flow__controls',
    notice: '[aria-label="Notice"]',
  },
  texts: '.lesson-panel h2, .lesson-panel h3, .lesson-panel .lesson-text, .lesson-panel .lesson-task',
};

const chooser = (page: Page) => page.getByRole('dialog', { name: 'Lessons' });
const lessonPanel = (page: Page) => page.getByRole('region', { name: 'Lesson', exact: true });

async function openLessons(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Lessons', exact: true }).click();
  await expect(chooser(page)).toBeVisible();
}

/** Starts a lesson from the dialog, saying yes if the page asks about unsaved work. */
async function startBuiltIn(page: Page, title: string): Promise<void> {
  await openLessons(page);
  await chooser(page).getByRole('button', { name: title }).click();
  const ask = chooser(page).getByRole('button', { name: 'Start the lesson' });
  if (await ask.isVisible()) await ask.click();
  await expect(lessonPanel(page).getByText(/^Step 1 of/)).toBeVisible();
}

async function looksRightAtEverySize(page: Page, what: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // The panel finds its corner once the canvas has its new size.
    await expect(lessonPanel(page)).toBeVisible();
    await page.waitForFunction(() => {
      const p = document.querySelector('.lesson-panel')?.getBoundingClientRect();
      return !!p && p.right <= window.innerWidth && p.bottom <= window.innerHeight;
    });
    await expectScreenFits(page, LOOK, what);
  }
  await page.setViewportSize(SIZES[0]);
}

/**
 * Drags the canvas by an empty point of its pane until box `id` lies clear of `cover` (a panel
 * over the canvas), as a user brings a box out from under a panel before clicking it.
 */
async function dragOutFromUnder(page: Page, id: string, cover: Locator): Promise<void> {
  const box = await node(page, id).boundingBox();
  const over = await cover.boundingBox();
  if (!box || !over) throw new Error(`box ${id} or the panel over it is not on the screen`);
  const by = over.x - 24 - (box.x + box.width);
  if (by >= 0) return;
  // a point of the bare pane left of the panel, where a press pans the canvas
  const from = await pane(page).evaluate((p, right) => {
    const r = p.getBoundingClientRect();
    for (let y = r.bottom - 12; y > r.top; y -= 16)
      for (let x = r.left + 12; x < Math.min(r.right, right) - 12; x += 16) {
        const hit = document.elementFromPoint(x, y);
        if (hit && p.contains(hit) && !hit.closest('.nopan, .react-flow__node, .react-flow__edge')) return { x, y };
      }
    return null;
  }, over.x);
  if (!from) throw new Error('no bare point of the canvas to drag it by');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + by / 2, from.y, { steps: 4 });
  await page.mouse.move(from.x + by, from.y, { steps: 4 });
  await page.mouse.up();
  // clear of the panel: what lies at the box's middle is the box
  await expect
    .poll(() =>
      node(page, id).evaluate((n) => {
        const r = n.getBoundingClientRect();
        return n.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
    )
    .toBe(true);
}

test('a teacher writes a lesson by clicking, saves it, and the class opens the file', async ({
  page,
  record,
}, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize(SIZES[0]);
  await openEditor(page);

  await openLessons(page);
  await chooser(page).getByRole('button', { name: 'Write a lesson…' }).click();
  const writer = page.getByRole('region', { name: 'Write a lesson' });
  await expect(writer).toBeVisible();
  await writer.getByLabel('Title', { exact: true }).fill('XOR, two layers');
  await writer.getByLabel('Summary').fill('Where the inputs go, and how the network learns.');

  // A click on a box makes a step pointing at it; a second box joins the chosen step.
  await node(page, 'x').click();
  const steps = writer.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(1);
  await writer.getByLabel('Text').fill('The two inputs of XOR come in here.');
  await node(page, 'lin1').click();
  await expect(writer.getByRole('status', { name: 'What step 1 points at' })).toContainText('box x, box lin1');

  // A second step: it waits for a training step and rings the Step button.
  const newSteps = writer.getByRole('button', { name: 'Clicks make new steps' });
  await newSteps.click();
  // pressed: the next click makes a step (the button is off while no step is chosen)
  await expect(newSteps).toBeDisabled();
  // lin2 lies under the editor at 1280×720: the teacher drags the canvas to bring it out first.
  // (Clicked where it lies, Playwright reaches it only by scrolling React Flow's wrapper, which
  // React Flow scrolls back at its next scroll event: landing between the press and the release,
  // that put the release on the editor, and no step was made.)
  await dragOutFromUnder(page, 'lin2', writer);
  await node(page, 'lin2').click();
  await expect(steps.getByRole('listitem')).toHaveCount(2);
  await writer.getByLabel('Step title').fill('One step of learning');
  await writer.getByLabel('Text').fill('Press Step: the loss goes back through every box.');
  await writer.getByLabel('Waits for').selectOption({ label: 'Training steps taken' });
  const ringStep = writer.getByRole('checkbox', { name: 'Step', exact: true });
  await ringStep.click();
  await expect(ringStep).toBeChecked();

  // A step added, moved up, and deleted again.
  await writer.getByRole('button', { name: 'Add a step' }).click();
  await expect(steps.getByRole('listitem')).toHaveCount(3);
  await writer.getByRole('button', { name: 'Move step 3 up' }).click();
  await expect(steps.getByRole('listitem').nth(1)).toContainText('2. Step 3');
  await expect(writer.getByRole('region', { name: 'Not ready yet' })).toContainText('steps[1].text');
  await writer.getByRole('button', { name: 'Delete step 2' }).click();
  await expect(steps.getByRole('listitem')).toHaveCount(2);
  await expect(writer.getByRole('region', { name: 'Not ready yet' })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('lesson-editor-1280.png') });
  await page.setViewportSize(SIZES[2]);
  await page.screenshot({ path: info.outputPath('lesson-editor-1920.png') });
  await page.setViewportSize(SIZES[0]);

  // A reload loses none of it: the editor opened again holds the draft whole.
  await page.reload();
  await openLessons(page);
  await chooser(page).getByRole('button', { name: 'Write a lesson…' }).click();
  await expect(writer.getByLabel('Title', { exact: true })).toHaveValue('XOR, two layers');
  await expect(steps.getByRole('listitem')).toHaveCount(2);
  await expect(steps.getByRole('listitem').nth(1)).toContainText('One step of learning');
  await expect(writer.getByRole('region', { name: 'Not ready yet' })).toHaveCount(0);

  // Saved as a file, as the class receives it.
  const saving = page.waitForEvent('download');
  await writer.getByRole('button', { name: 'Save as a file' }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe('xor-two-layers.lesson.json');
  const file = info.outputPath('xor-two-layers.lesson.json');
  await saved.saveAs(file);
  const text = readFileSync(file, 'utf8');
  expect(JSON.parse(text)).toMatchObject({ format: 'lensboard-lesson', version: 1, start: { example: 'xor' } });

  // Tried in place, then back to the editor with the draft kept.
  await writer.getByRole('button', { name: 'Try the lesson' }).click();
  await expect(lessonPanel(page).getByRole('heading', { name: 'XOR, two layers' })).toBeVisible();
  await lessonPanel(page).getByRole('button', { name: 'Back to the lesson editor' }).click();
  await expect(writer.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(2);
  await writer.getByRole('button', { name: 'Close the lesson editor' }).click();

  // A broken file dropped on the dialog is refused by path; nothing changes.
  await openLessons(page);
  const broken = text.replace('"text": "The two inputs of XOR come in here."', '"text": 7');
  const drop = await page.evaluateHandle((t) => {
    const d = new DataTransfer();
    d.items.add(new File([t], 'broken.lesson.json', { type: 'application/json' }));
    return d;
  }, broken);
  await chooser(page).dispatchEvent('drop', { dataTransfer: drop });
  const refused = chooser(page).getByRole('alert', { name: 'The lesson file was not opened' });
  await expect(refused).toContainText('steps[0].text');
  const truncated = await page.evaluateHandle(
    (t) => {
      const d = new DataTransfer();
      d.items.add(new File([t], 'cut.lesson.json', { type: 'application/json' }));
      return d;
    },
    text.slice(0, 60),
  );
  await chooser(page).dispatchEvent('drop', { dataTransfer: truncated });
  await expect(refused).toContainText(/not valid JSON at line \d+, column \d+/);
  await expect(lessonPanel(page)).toHaveCount(0);

  // The saved file, picked in the dialog, runs; and fits every size.
  await chooser(page).getByLabel('Lesson file', { exact: true }).setInputFiles(file);
  const ask = chooser(page).getByRole('button', { name: 'Start the lesson' });
  if (await ask.isVisible()) await ask.click();
  const panel = lessonPanel(page);
  await expect(panel.getByText('Step 1 of 2')).toBeVisible();
  await expect(panel.getByText('The two inputs of XOR come in here.')).toBeVisible();
  await looksRightAtEverySize(page, 'the teacher’s lesson, step 1');
  await panel.getByRole('button', { name: 'Next ▶' }).click();
  await expect(page.locator('[data-lesson-spot]')).toHaveText('Step');
  await page.screenshot({ path: info.outputPath('teacher-lesson-1280.png') });
  await looksRightAtEverySize(page, 'the teacher’s lesson, step 2');
  expect(record.consoleErrors).toEqual([]);
});

test('a lesson file dropped on the canvas opens the lesson, and so does a share link carrying one; each built-in lesson’s panel fits at 1280×720, 1366×768 and 1920×1080', async ({
  page,
  record,
}, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize(SIZES[0]);
  await openEditor(page);
  const text = readFileSync('src/classroom/lessons/lens.json', 'utf8');
  const transfer = await page.evaluateHandle((t) => {
    const d = new DataTransfer();
    d.items.add(new File([t], 'lens.lesson.json', { type: 'application/json' }));
    return d;
  }, text);
  await pane(page).dispatchEvent('dragover', { dataTransfer: transfer });
  await pane(page).dispatchEvent('drop', { dataTransfer: transfer });
  await expect(
    lessonPanel(page).getByRole('heading', { name: 'A lens is a forward and a backward map' }),
  ).toBeVisible();
  await expect(lessonPanel(page).getByText('Step 1 of 6')).toBeVisible();
  await lessonPanel(page).getByRole('button', { name: 'Close the lesson' }).click();

  // a lesson written here, shared as a link, opened by a student in a fresh tab
  await openLessons(page);
  await chooser(page).getByRole('button', { name: 'Write a lesson…' }).click();
  const writer = page.getByRole('region', { name: 'Write a lesson' });
  await writer.getByLabel('Title', { exact: true }).fill('Sent by link');
  await writer.getByLabel('Summary').fill('A lesson that travels in its link.');
  await node(page, 'lin1').click();
  await writer.getByLabel('Text').fill('This box learns its weights.');
  await writer.getByRole('button', { name: 'Make share links' }).click();
  const link = await writer.getByLabel('Link', { exact: true }).inputValue();
  expect(link).toMatch(/#/);
  const student = await page.context().newPage();
  await student.goto(link);
  await expect(lessonPanel(student).getByRole('heading', { name: 'Sent by link' })).toBeVisible();
  await expect(lessonPanel(student).getByText('This box learns its weights.')).toBeVisible();
  await expect(student.locator('main .react-flow__node[data-id="lin1"]')).toBeVisible();
  await student.close();
  await writer.getByRole('button', { name: 'Close the lesson editor' }).click();
  await expect(writer).toHaveCount(0);

  // on the same page: each built-in lesson's panel fits at 1280×720, 1366×768 and 1920×1080
  await openLessons(page);
  const titles = await chooser(page).getByRole('listitem').getByRole('button').allTextContents();
  expect(titles).toHaveLength(6);
  await chooser(page).getByRole('button', { name: 'Close' }).click();
  for (const title of titles) {
    await startBuiltIn(page, title);
    await looksRightAtEverySize(page, `“${title}”, step 1`);
    if (title === titles[0]) {
      await page.screenshot({ path: info.outputPath('lesson-1280.png') });
      await page.setViewportSize(SIZES[2]);
      await page.screenshot({ path: info.outputPath('lesson-1920.png') });
      await page.setViewportSize(SIZES[0]);
    }
    await lessonPanel(page).getByRole('button', { name: 'Close the lesson' }).click();
  }
  expect(record.consoleErrors).toEqual([]);
});
