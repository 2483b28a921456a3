/**
 * The TikZ pictures compile with a stock LaTeX: every example's picture, in a plain article with
 * only tikz and amssymb, through Debian's pdflatex (texlive-latex-base and texlive-pictures;
 * .ci/run installs them). A picture LaTeX refuses fails here with LaTeX's own first error line.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { examples, loadExample } from '../../io/examples';
import { diagramPicture, pictureTikz } from './pictures';

const PDFLATEX = '/usr/bin/pdflatex';
const dir = mkdtempSync(join(tmpdir(), 'lensboard-tikz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function compile(name: string, tikz: string): { ok: boolean; log: string } {
  const tex = [
    '\\documentclass{article}',
    '\\usepackage{tikz}',
    '\\usepackage{amssymb}',
    '\\pagestyle{empty}',
    '\\begin{document}',
    tikz,
    '\\end{document}',
    '',
  ].join('\n');
  writeFileSync(join(dir, `${name}.tex`), tex);
  try {
    execFileSync(PDFLATEX, ['-halt-on-error', '-interaction=nonstopmode', '-no-shell-escape', `${name}.tex`], {
      cwd: dir,
      stdio: 'pipe',
      timeout: 120_000,
    });
    return { ok: existsSync(join(dir, `${name}.pdf`)), log: '' };
  } catch {
    const log = readFileSync(join(dir, `${name}.log`), 'utf8');
    return { ok: false, log: log.split('\n').find((l) => l.startsWith('!')) ?? log.slice(-800) };
  }
}

describe('TikZ pictures under a stock LaTeX', () => {
  it('has pdflatex (apt-get install texlive-latex-base texlive-pictures)', () => {
    expect(existsSync(PDFLATEX)).toBe(true);
  });

  it('refuses what LaTeX refuses (the check is not vacuous)', () => {
    const bad = compile('bad', '\\begin{tikzpicture}\\node {a_b};\\end{tikzpicture}');
    expect(bad.ok).toBe(false);
    expect(bad.log).toMatch(/^! Missing \$ inserted/);
  });

  it.each(examples.map((e) => e.id))('%s compiles', (id) => {
    const doc = loadExample(id);
    const picture = diagramPicture(doc, undefined, {});
    const result = compile(id, pictureTikz(picture, doc.name ?? id));
    expect(result.log).toBe('');
    expect(result.ok).toBe(true);
  });
});
