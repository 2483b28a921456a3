/**
 * A live class on a real class server (docs/class.md): a teacher starts a class, two students
 * (three pages in one browser, the e2e time budget's choice) join by its link with their names,
 * find the teacher's diagram locked on their canvas and train; the teacher's board shows two
 * curves; "Pause everyone" pauses both; the server
 * is killed and started again on its data mid-run, and every page reconnects with nothing lost;
 * a box the teacher moves moves on a student's canvas without stopping their run; "Reset
 * everyone" then takes both runs back to none.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { nodes } from './editorHelpers';
import { expect, test } from './fixtures';
import { setTrainingSetting, trainingButton, trainingPanel } from './trainingHelpers';

test.describe.configure({ timeout: 180_000 });

const PORT = Number(process.env.E2E_PORT ?? 4173) + 1000;
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

test('a teacher and two students: join, locked diagram, curves, pause everyone, a server restart', async ({
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
    const studentsLink = await panel(page).getByRole('link').getAttribute('href');
    expect(studentsLink).not.toContain('teacher=');
    await expect(panel(page).getByRole('img', { name: 'QR code of the students’ link' })).toBeVisible();
    const drawn = await nodes(page).count();

    const students: Page[] = [];
    for (const name of ['Ada', 'Bo']) {
      const s = await (await browser.newContext()).newPage();
      await open(s, `${studentsLink}&engine=typed`);
      await expect(panel(s).getByLabel('Class code')).toHaveValue(code.replace('-', ''));
      await panel(s).getByLabel('Your name').fill(name);
      await panel(s).getByRole('button', { name: 'Join' }).click();
      await expect(s.getByRole('region', { name: 'Locked diagram' })).toBeVisible();
      await expect(nodes(s)).toHaveCount(drawn);
      students.push(s);
    }
    // A student's page cannot edit: deleting everything is refused, the drawing stays.
    await nodes(students[0]).first().click();
    await students[0].keyboard.press('Delete');
    await expect(nodes(students[0])).toHaveCount(drawn);

    for (const s of students) await trainingButton(s, 'Play').click();
    await expect(board(page).locator('tbody tr')).toHaveCount(2);
    await expect(page.locator('.live-curve')).toHaveCount(2);
    await expect(page.locator('.live-best')).toHaveCount(1);
    for (const name of ['Ada', 'Bo']) await expect(board(page)).not.toContainText(name);
    await panel(page).getByLabel('Show names').check();
    for (const name of ['Ada', 'Bo']) await expect(board(page)).toContainText(name);

    await panel(page).getByRole('button', { name: 'Pause everyone' }).click();
    for (const s of students)
      await expect(trainingPanel(s).getByRole('status', { name: 'Training status' })).toHaveText(/^Paused/);
    await expect(board(page).getByRole('cell', { name: 'paused', exact: true })).toHaveCount(2);
    const steps = await board(page).locator('tbody tr td:nth-child(3)').allTextContents();

    server.kill('SIGKILL');
    await expect(page.getByRole('button', { name: /Reconnecting/ })).toBeVisible();
    server = await startServer(data);
    await expect(page.getByRole('button', { name: /Connected/ })).toBeVisible();
    for (const s of students) await expect(s.getByRole('button', { name: /Connected/ })).toBeVisible();
    // Nothing lost: the same two runs at the same steps, and they go on from there.
    await expect(board(page).locator('tbody tr')).toHaveCount(2);
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
    await expect(trainingPanel(students[1]).getByRole('status', { name: 'Training status' })).toHaveText(/^Training…/);

    // Reset everyone: both runs, the running one and the paused one, are back to no run.
    await panel(page).getByRole('button', { name: 'Reset everyone' }).click();
    await expect(board(page).getByRole('cell', { name: 'idle', exact: true })).toHaveCount(2);
    expect(await board(page).locator('tbody tr td:nth-child(3)').allTextContents()).toEqual(['0', '0']);
  } finally {
    server.kill('SIGTERM');
  }
});
