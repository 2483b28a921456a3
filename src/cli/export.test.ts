/**
 * The export command run as a user runs it (tsx in a subprocess): --help, a usage mistake, a
 * model the target cannot express, and a package written from a document.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadExample } from '../io/examples/index';

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/export.ts', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('export CLI', () => {
  it('prints usage on --help with exit 0, and exits 2 with usage on a bad call', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/usage: npm run export -- <model.json/);
    expect(help.stdout).toMatch(/pytorch {4}model.py/);
    const bad = run('src/io/examples/xor.json', '--to', 'pytorch');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/error: --out is required\n\nusage: npm run export/);
  });

  it('writes the package of a document, and refuses a generator PyTorch cannot express by name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lensboard-export-'));
    const ok = run('src/io/examples/xor.json', '--to', 'pytorch', '--out', join(dir, 'xor'));
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    for (const f of ['model.py', 'weights.safetensors', 'train.py', 'README.md'])
      expect(existsSync(join(dir, 'xor', f)), f).toBe(true);
    expect(readFileSync(join(dir, 'xor', 'model.py'), 'utf8')).toMatch(
      /lin1 = x @ self\.W1 {2}# linear 2→8 \(linear\)/,
    );

    const conv = loadExample('mnist-conv');
    const refused = {
      ...conv,
      boxes: conv.boxes.map((b) => (b.id === 'pool1' ? { ...b, generator: 'maxPoolSelect' } : b)),
      wires: [...conv.wires, { id: 'w-e', from: { box: 'relu1', port: 'y' }, to: { box: 'pool1', port: 'e' } }],
    };
    const doc = join(dir, 'select.json');
    writeFileSync(doc, JSON.stringify(refused));
    const no = run(doc, '--to', 'pytorch', '--out', join(dir, 'select'));
    expect(no.status).toBe(1);
    expect(no.stderr).toMatch(/cannot be exported to pytorch: maxPoolSelect has no PyTorch form \(box 'pool1'\)/);
    expect(existsSync(join(dir, 'select'))).toBe(false);
  });
});
