/**
 * Pictures of the diagram as a teacher makes one for slides: previewed, then downloaded as SVG,
 * PNG and TikZ, each holding the boxes of the level on screen.
 */
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { menuCommand, nodes, openEditor } from './editorHelpers';
import { expect, test } from './fixtures';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Picture of the diagram' });

async function saved(page: Page, button: string, path: string): Promise<{ download: Download; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await dialog(page).getByRole('button', { name: button }).click();
  const download = await downloading;
  await download.saveAs(path);
  return { download, bytes: readFileSync(path) };
}

test('the diagram leaves as SVG, PNG and TikZ', async ({ page, record }, info) => {
  await openEditor(page);
  const boxes = await nodes(page).count();
  await menuCommand(page, 'Picture…');
  await expect(dialog(page)).toContainText(`The whole diagram: ${boxes} boxes`);
  const preview = dialog(page).getByRole('img', { name: /^The string diagram XOR/ });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100)).toBe(true);
  await page.screenshot({ path: info.outputPath('picture-dialog.png') });

  const svg = await saved(page, 'Download SVG', info.outputPath('xor.svg'));
  expect(svg.download.suggestedFilename()).toBe('XOR.svg');
  const text = svg.bytes.toString('utf8');
  expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(text.match(/<rect [^>]*rx="6"/g)).toHaveLength(boxes);
  expect(text).toContain('>linear 2→8</text>');

  const png = await saved(page, 'Download PNG', info.outputPath('xor.png'));
  expect(png.download.suggestedFilename()).toBe('XOR.png');
  expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.bytes.readUInt32BE(16)).toBeGreaterThan(500); // width, drawn at twice the canvas size

  const tex = await saved(page, 'Download TikZ', info.outputPath('xor.tex'));
  expect(tex.download.suggestedFilename()).toBe('XOR.tex');
  expect(tex.bytes.toString('utf8')).toMatch(
    /\\begin\{tikzpicture\}[\s\S]*\{linear 2\$\\to\$8\}[\s\S]*\\end\{tikzpicture\}/,
  );
  expect(record.consoleErrors).toEqual([]);
  expect(await record.cspViolations()).toEqual([]);
});
