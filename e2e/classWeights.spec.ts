/**
 * A student's run on the teacher's page (docs/class.md#final-weights): the teacher asks for
 * everyone's weights, the student's model comes back, and the teacher opens it on their own
 * canvas — the student's run goes on undisturbed — and comes back to the class's diagram with
 * one click; then the student adds points on the plane and the teacher pools them into the class's
 * dataset, which the student trains on. One teacher and one student: the e2e time budget's choice (liveClass.spec.ts has more).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { nodes } from './editorHelpers';
import { expect, test } from './fixtures';
import { setTrainingSetting, trainingButton, trainingPanel } from './trainingHelpers';

test.describe.configure({ timeout: 240_000 });

// Its own port: liveClass.spec.ts may run beside it.
const PORT = Number(process.env.E2E_PORT ?? 4173) + 1001;
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
const status = (page: Page) => trainingPanel(page).getByRole('status', { name: 'Training status' });

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('main[aria-busy="false"]')).toBeVisible({ timeout: 30_000 });
}

test('the teacher asks for a student’s weights, opens them on their canvas, goes back, and pools the class’s points', async ({
  page,
  browser,
}) => {
  const server = await startServer(mkdtempSync(join(tmpdir(), 'lensboard-class-weights-')));
  try {
    await open(page, `${URL}/?engine=typed`);
    await setTrainingSetting(page, /^Epochs/, '100000');
    await page.getByRole('button', { name: 'Class', exact: true }).click();
    await panel(page).getByRole('button', { name: 'Start a class' }).click();
    const studentsLink = await panel(page).getByRole('link').getAttribute('href');
    const drawn = await nodes(page).count();

    const s = await (await browser.newContext()).newPage();
    await open(s, `${studentsLink}&engine=typed`);
    await panel(s).getByLabel('Your name').fill('Ada');
    await panel(s).getByRole('button', { name: 'Join' }).click();
    await expect(nodes(s)).toHaveCount(drawn);

    // Asked before any run: the student's page says there is nothing yet.
    await panel(page).getByRole('button', { name: 'Ask everyone for their weights' }).click();
    await expect(panel(page).getByRole('note')).toHaveText('no trained weights yet');

    await trainingButton(s, 'Play').click();
    await expect(status(s)).toHaveText(/^Training…/);
    await panel(page).getByRole('button', { name: 'Ask Student 1 for their weights' }).click();
    const download = panel(page).getByRole('button', { name: 'Download Student 1’s model' });
    await expect(download).toBeVisible();
    const saved = page.waitForEvent('download');
    await download.click();
    expect((await saved).suggestedFilename()).toMatch(/^Student 1-.*\.lensboard-model\.json$/);

    await panel(page).getByRole('button', { name: 'Open Student 1’s model on my canvas' }).click();
    await expect(
      panel(page).getByRole('status').filter({ hasText: 'Your canvas shows Student 1’s model' }),
    ).toBeVisible();
    await expect(nodes(page)).toHaveCount(drawn);
    // The student's weights wait on the teacher's canvas, their step count with them.
    await expect(status(page)).toHaveText(/^Paused|^Ready/);
    // The class's diagram was not replaced: the student's run goes on.
    await expect(status(s)).toHaveText(/^Training…/);

    await panel(page).getByRole('button', { name: 'Back to the class’s diagram' }).click();
    await expect(panel(page).getByText('Your canvas shows')).toHaveCount(0);
    await expect(nodes(page)).toHaveCount(drawn);
    await expect(status(s)).toHaveText(/^Training…/);

    // Pool the class's data: Ada clicks a point of class A on the plane and types one of class B.
    const plane = panel(s).getByRole('button', { name: 'The plane: click to add a point' });
    await plane.click({ position: { x: 120, y: 40 } });
    await panel(s).getByLabel('Class B').check();
    await panel(s).getByLabel('x1').fill('-0.5');
    await panel(s).getByLabel('x2').fill('-0.5');
    await panel(s).getByRole('button', { name: 'Add the point' }).click();
    await expect(panel(s)).toContainText('2 of 100 points');
    await panel(page).getByRole('button', { name: 'Pool the class’s data' }).click();
    await expect(panel(page).getByRole('status', { name: 'Pooled data' })).toContainText(
      'Pooled 2 points from 1 student',
    );
    // Ada's diagram is now bound to the pooled points, and trains on them.
    await panel(s).getByRole('button', { name: 'Close the class panel' }).click();
    await s.getByRole('button', { name: 'Data', exact: true }).click();
    const dataset = s.getByRole('complementary', { name: 'Data' }).getByLabel('Dataset');
    await expect(dataset.locator('option:checked')).toHaveText('the class’s points');
    await trainingButton(s, 'Play').click();
    await expect(status(s)).toHaveText(/^Training…|^Done/);
  } finally {
    server.kill('SIGTERM');
  }
});
