/**
 * A live class on a real class server (docs/class.md): a teacher starts a class, three students
 * (pages of one browser, opened side by side) join by its link with their names, find the
 * teacher's diagram locked on their canvas, follow the dataset the teacher chooses for everyone,
 * and train; the teacher's board shows three curves, and the students see it once it is shared
 * (names only when shown); "Pause everyone" pauses all three; the teacher asks for everyone's
 * weights, reloads and finds every answer, downloads one student's model and opens it on their
 * own canvas (the class's diagram kept), animates a step of it and sees it in the lens view, then
 * goes back to it; the server is killed and started
 * again on its data mid-run, and every page reconnects with nothing lost; a box the teacher
 * moves moves on a student's canvas without stopping their run; "Reset everyone" takes every run
 * back to none; a student's points, pooled, become the class's dataset; the animation the teacher presents is presented on every student's page at the
 * teacher's frame; and the lesson the teacher opens shows on theirs at the teacher's step, their
 * step buttons not theirs until the teacher lets them step it themselves.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { menuCommand, nodes } from './editorHelpers';
import { expect, test } from './fixtures';
import { setTrainingSetting, trainingButton, trainingPanel } from './trainingHelpers';

test.describe.configure({ timeout: 600_000 });

// The class server's own port: E2E_CLASS_PORT, or the preview's plus 1000.
const PORT = Number(process.env.E2E_CLASS_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1000);
const URL = `http://127.0.0.1:${PORT}`;

function startServer(data: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/class-server/main.ts', '--host', '127.0.0.1', '--port', String(PORT), '--data', data],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => {
      if (b.toString().includes('class server on')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the class server exited with ${code}`)));
  });
}

const panel = (page: Page) => page.getByRole('region', { name: 'Class' });
const board = (page: Page) => page.getByRole('table', { name: 'The class' });

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
}

const NAMES = ['Ada', 'Bo', 'Cy'];
const status = (p: Page) => trainingPanel(p).getByRole('status', { name: 'Training status' });
const frameShown = (p: Page) => p.locator('.anim-where').getAttribute('data-frame');

async function joinAs(browser: Browser, link: string, code: string, name: string, drawn: number): Promise<Page> {
  const context = await browser.newContext();
  // The first student has every panel open, as the fixture opens the teacher's: the Data panel
  // shows the dataset. The others keep them folded, which spares the machine three previews.
  if (name === NAMES[0])
    await context.addInitScript(() =>
      localStorage.setItem(
        'lensboard.panels',
        JSON.stringify({ palette: true, inspector: true, data: true, training: true }),
      ),
    );
  const s = await context.newPage();
  await open(s, `${link}&engine=typed`);
  await expect(panel(s).getByLabel('Class code')).toHaveValue(code.replace('-', ''));
  await panel(s).getByLabel('Your name').fill(name);
  await panel(s).getByRole('button', { name: 'Join' }).click();
  // Ceilings on waiting, not bounds on speed: four pages on a busy two-core machine.
  await expect(s.getByRole('region', { name: 'Locked diagram' })).toBeVisible({ timeout: 60_000 });
  await expect(nodes(s)).toHaveCount(drawn);
  return s;
}

test('a teacher and three students: join, dataset, curves, shared board, pause, weights, restart, pooled data, presentation, lesson', async ({
  page,
  browser,
}) => {
  const data = mkdtempSync(join(tmpdir(), 'lensboard-class-e2e-'));
  let server = await startServer(data);
  try {
    await open(page, `${URL}/?engine=typed`);
    // Runs long enough to be paused: the setting travels with the diagram to every student.
    await setTrainingSetting(page, /^Epochs/, '100000');
    await page.getByRole('button', { name: 'Class', exact: true }).click();
    await panel(page).getByRole('button', { name: 'Start a class' }).click();
    const code = (await panel(page).locator('.live-code-value').textContent()) ?? '';
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const studentsLink = (await panel(page).getByRole('link').getAttribute('href')) ?? '';
    expect(studentsLink).not.toContain('teacher=');
    await expect(panel(page).getByRole('img', { name: 'QR code of the students’ link' })).toBeVisible();
    const drawn = await nodes(page).count();

    const students = await Promise.all(NAMES.map((name) => joinAs(browser, studentsLink, code, name, drawn)));
    // A student's page cannot edit: deleting everything is refused, the drawing stays.
    await nodes(students[0]).first().click();
    await students[0].keyboard.press('Delete');
    await expect(nodes(students[0])).toHaveCount(drawn);

    await test.step('a dataset for everyone', async () => {
      // A dataset for everyone, apart from the diagram: every student's Data panel follows, still locked.
      await panel(page).getByLabel('Dataset').selectOption('circles');
      await expect(students[0].getByRole('complementary', { name: 'Data' }).getByLabel('Dataset')).toHaveValue(
        'circles',
      );
      for (const s of students) await expect(s.getByRole('region', { name: 'Locked diagram' })).toBeVisible();
    });

    // Pressed together: a page that waited for the others' runs to start would wait on a busy machine.
    await Promise.all(students.map((s) => trainingButton(s, 'Play').click()));
    for (const s of students) await expect(status(s)).toHaveText(/^Training…/, { timeout: 60_000 });
    await expect(board(page).locator('tbody tr')).toHaveCount(3);
    await expect(page.locator('.live-curve')).toHaveCount(3);
    await panel(page).getByRole('button', { name: 'Pause everyone' }).click();
    for (const s of students) await expect(status(s)).toHaveText(/^Paused/);
    await expect(board(page).getByRole('cell', { name: 'paused', exact: true })).toHaveCount(3);
    const steps = await board(page).locator('tbody tr td:nth-child(3)').allTextContents();
    await expect(page.locator('.live-best')).toHaveCount(1);
    for (const name of NAMES) await expect(board(page)).not.toContainText(name);

    await test.step('at 1280×720 the Class panel is a column beside the canvas, never over the diagram', async () => {
      expect(page.viewportSize()?.width).toBe(1280);
      const measure = (p: Page) =>
        p.evaluate(() => {
          const panel = document.querySelector('.live-panel') as HTMLElement;
          const pane = (document.querySelector('main .react-flow') as HTMLElement).getBoundingClientRect();
          const inside = [...document.querySelectorAll('main .react-flow__node')].every((n) => {
            const r = n.getBoundingClientRect();
            return (
              r.left >= pane.left - 1 &&
              r.right <= pane.right + 1 &&
              r.top >= pane.top - 1 &&
              r.bottom <= pane.bottom + 1
            );
          });
          return {
            sideways: panel.scrollWidth - panel.clientWidth,
            pageScroll: document.documentElement.scrollHeight - innerHeight,
            besidePanel: pane.right <= panel.getBoundingClientRect().left,
            inside,
          };
        });
      // the teacher's board of three, and a student's locked diagram framed whole beside the panel
      // (every side panel is open here, as a user who opened them: the canvas's share of the
      // window with the panels on their rails is measured in docs/class.md)
      expect(await measure(page)).toMatchObject({ sideways: 0, pageScroll: 0, besidePanel: true });
      expect(await measure(students[0])).toMatchObject({ sideways: 0, pageScroll: 0, besidePanel: true, inside: true });
    });

    await test.step('the board shared with the class', async () => {
      // Shared, the board reaches the students: their names only once the teacher shows them.
      await expect(board(students[2])).toHaveCount(0);
      await panel(page).getByLabel('Share the board with the class').check();
      await expect(board(students[2]).locator('tbody tr')).toHaveCount(3);
      await expect(board(students[2])).not.toContainText('Ada');
      await panel(page).getByLabel('Show names').check();
      for (const name of NAMES) await expect(board(page)).toContainText(name);
      await expect(board(students[2])).toContainText('Ada');
    });

    await test.step('final weights, and one student’s model on the teacher’s canvas', async () => {
      // Final weights: every student's model file reaches the teacher; Ada's opens on the teacher's
      // canvas while the class keeps the class's diagram (the students' paused runs stay), and one click goes back.
      await panel(page).getByRole('button', { name: 'Ask everyone for their weights' }).click();
      // The teacher reloads as the answers come: the request is kept, every answer found.
      await page.reload();
      await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: /^Class / }).click();
      await panel(page).getByLabel('Show names').check();
      for (const name of NAMES)
        await expect(panel(page).getByRole('button', { name: `Download ${name}’s model` })).toBeVisible();
      const saved = page.waitForEvent('download');
      await panel(page).getByRole('button', { name: 'Download Ada’s model' }).click();
      expect((await saved).suggestedFilename()).toMatch(/^Ada-.*\.lensboard-model\.json$/);
      await panel(page).getByRole('button', { name: 'Open Ada’s model on my canvas' }).click();
      await expect(panel(page).getByRole('status').filter({ hasText: 'Your canvas shows Ada’s model' })).toBeVisible();
      await expect(status(page)).toHaveText(/^Paused|^Ready/);
      // Her run animates on the teacher's canvas from her step, and the lens view lights its strands.
      // The board after the reload fills in as the class's record reaches the page (a busy machine
      // once read Ada's row as 0 while her model stood at step 56,300): it comes to say her step.
      const before = (await status(page).textContent()) ?? '';
      const adaStep = Number(/after step (\d+)/.exec(before)?.[1] ?? 0);
      await expect(board(page).getByRole('row', { name: /Ada/ }).getByRole('cell').nth(1)).toHaveText(String(adaStep));
      const animation = page.getByRole('region', { name: 'Animation' });
      // The Class panel lies over the canvas's panels: the teacher folds it away to look.
      await panel(page).getByRole('button', { name: 'Close the class panel' }).click();
      await animation.getByRole('button', { name: 'Animate a step' }).click();
      await expect(animation.getByRole('heading', { name: 'The step starts' })).toBeVisible({ timeout: 60_000 });
      await expect(
        animation.locator('.anim-step'),
        `Ada's next step, the board saying ${adaStep}; the status when Animate was pressed: ${before}`,
      ).toHaveText(`step ${adaStep + 1}`);
      const timeline = animation.getByRole('slider', { name: 'Timeline' });
      await timeline.fill((await timeline.getAttribute('max')) ?? '0');
      await expect(animation.getByRole('heading', { name: /^Optimiser · / })).toBeVisible();
      await menuCommand(page, 'Lens view (backward strands)');
      await expect(page.locator('.optimiser-strand.anim-lit')).not.toHaveCount(0);
      await menuCommand(page, 'Lens view (backward strands)');
      await page.getByRole('button', { name: /^Class / }).click();
      await panel(page).getByRole('button', { name: 'Back to the class’s diagram' }).click();
      await expect(nodes(page)).toHaveCount(drawn);
      for (const s of students) await expect(status(s)).toHaveText(/^Paused/);
    });

    server.kill('SIGKILL');
    await expect(page.getByRole('button', { name: /Reconnecting/ })).toBeVisible();
    server = await startServer(data);
    await expect(page.getByRole('button', { name: /Connected/ })).toBeVisible();
    for (const s of students) await expect(s.getByRole('button', { name: /Connected/ })).toBeVisible();
    // Nothing lost: the same three runs at the same steps, and they go on from there.
    await expect(board(page).locator('tbody tr')).toHaveCount(3);
    expect(await board(page).locator('tbody tr td:nth-child(3)').allTextContents()).toEqual(steps);
    await trainingButton(students[1], 'Play').click();
    await expect(board(page).getByRole('row', { name: /Bo/ }).getByRole('cell').first()).not.toHaveText('paused');

    // The teacher moves a box: it moves on Bo's canvas, and Bo's run goes on.
    const before = await nodes(students[1]).first().getAttribute('style');
    const box = await nodes(page).first().boundingBox();
    if (!box) throw new Error('the teacher’s first box is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
    await expect(nodes(students[1]).first()).not.toHaveAttribute('style', before ?? '');
    await expect(status(students[1])).toHaveText(/^Training…/);

    // Reset everyone: every run, the running one and the paused ones, is back to no run.
    await panel(page).getByRole('button', { name: 'Reset everyone' }).click();
    await expect(board(page).getByRole('cell', { name: 'idle', exact: true })).toHaveCount(3);
    expect(await board(page).locator('tbody tr td:nth-child(3)').allTextContents()).toEqual(['0', '0', '0']);

    await test.step('pool the class’s data', async () => {
      // Pool the class's data: Ada clicks a point of the first class and types one of the second; the pool
      // becomes the class's dataset in place of the one chosen for everyone.
      await panel(students[0])
        .getByRole('button', { name: 'The plane: click to add a point' })
        .click({ position: { x: 120, y: 40 } });
      // The points take the shape of the teacher's diagram's dataset: XOR's features x, y and its classes.
      await panel(students[0]).getByLabel('Class positive').check();
      await panel(students[0]).getByLabel('x', { exact: true }).fill('-0.5');
      await panel(students[0]).getByLabel('y', { exact: true }).fill('-0.5');
      await panel(students[0]).getByRole('button', { name: 'Add the point' }).click();
      await expect(panel(students[0])).toContainText('2 of 100 points');
      await panel(page).getByRole('button', { name: 'Pool the class’s data' }).click();
      await expect(panel(page).getByRole('status', { name: 'Pooled data' })).toContainText(
        'Pooled 2 points from 1 student',
      );
      const dataset = students[0].getByRole('complementary', { name: 'Data' }).getByLabel('Dataset');
      await expect(dataset.locator('option:checked')).toHaveText('the class’s points');
    });

    await test.step('the presented animation, frame by frame', async () => {
      // The teacher presents the animation of a step: every student's page presents it, at the teacher's frame.
      await page.getByRole('button', { name: 'Present ▾' }).click();
      await page.getByRole('menuitem', { name: 'Animation of a step' }).click();
      // Tracing the step runs in the worker: a ceiling for a busy machine, as for Animate a step.
      await expect(page.locator('.anim-where')).toHaveAttribute('data-frame', '0', { timeout: 60_000 });
      // → walks the opening frame's parts, then the frames: pressed until a box's frame is shown
      // (each press moves the view of four pages: on a machine at load 30 it took over 15 s).
      await expect
        .poll(
          async () => {
            await page.keyboard.press('ArrowRight');
            return Number(await frameShown(page));
          },
          { timeout: 60_000 },
        )
        .toBeGreaterThan(1);
      const frame = (await frameShown(page)) ?? '';
      const pass = (await page.locator('.anim-where').getAttribute('data-pass')) ?? '';
      for (const s of students) {
        await expect(s.locator('html.presenting')).toHaveCount(1);
        await expect(s.locator('.anim-where')).toHaveAttribute('data-frame', frame);
        await expect(s.locator('.anim-where')).toHaveAttribute('data-pass', pass);
      }
      // A student's page says whose presentation it is, goes fullscreen on a press where the
      // browser allows it, and lets the student leave while the others stay.
      const bar = (p: Page) => p.getByRole('region', { name: 'Your teacher’s presentation' });
      await expect(bar(students[0])).toContainText(/Your teacher is presenting|keeps the presentation in its window/);
      // Offered only while the page is not fullscreen: a browser under automation may grant it unpressed.
      const full = bar(students[0]).getByRole('button', { name: 'Full screen' });
      if (await full.isVisible()) {
        await full.click();
        await expect(full).toHaveCount(0);
      }
      await students[0].screenshot({ path: 'test-results/liveClass-led-presentation.png' });
      await bar(students[1]).getByRole('button', { name: 'Leave the presentation (Esc)' }).click();
      await expect(students[1].locator('html.presenting')).toHaveCount(0);
      await expect(students[2].locator('html.presenting')).toHaveCount(1);
      await page.keyboard.press('Escape');
      for (const s of students) await expect(s.locator('html.presenting')).toHaveCount(0);
    });

    await test.step('the lesson at the teacher’s step', async () => {
      // The teacher opens a lesson and steps it: every student sees the same lesson at the same step.
      await panel(page).getByRole('button', { name: 'Close the class panel' }).click();
      await page.getByRole('button', { name: 'Lessons' }).click();
      const chooser = page.getByRole('dialog', { name: 'Lessons' });
      await chooser.getByRole('button', { name: 'A lens is a forward and a backward map' }).click();
      const discard = chooser.getByRole('button', { name: 'Start the lesson' });
      const lesson = (p: Page) => p.getByRole('region', { name: 'Lesson' });
      // The teacher moved a box: the chooser may first ask before it replaces the edited diagram.
      await expect(discard.or(lesson(page).getByText('Step 1 of 6'))).toBeVisible();
      if (await discard.isVisible()) await discard.click();
      await expect(lesson(page).getByText('Step 1 of 6')).toBeVisible();
      await lesson(page).getByRole('button', { name: 'Next ▶' }).click();
      for (const s of [page, ...students]) {
        await expect(lesson(s).getByText('Step 2 of 6')).toBeVisible();
        await expect(lesson(s).getByRole('heading', { name: 'Draw the missing wire' })).toBeVisible();
      }
      // The teacher leads: a student's step buttons are not theirs, and say why.
      const back = lesson(students[0]).getByRole('button', { name: '◀ Back' });
      await expect(back).toBeDisabled();
      await expect(back).toHaveAccessibleDescription(/Your teacher leads this lesson/);
      // Released, the student steps alone.
      await page.getByRole('button', { name: /^Class / }).click();
      await panel(page).getByLabel('Let students step the lesson themselves').check();
      await back.click();
      await expect(lesson(students[0]).getByText('Step 1 of 6')).toBeVisible();
      await expect(lesson(page).getByText('Step 2 of 6')).toBeVisible();
    });
  } finally {
    server.kill('SIGTERM');
  }
});
