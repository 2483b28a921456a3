/** The export command's arguments: --help, the required target and folder, unknown options refused. */
import { describe, expect, it } from 'vitest';
import { exportUsage, parseExportArgs } from './exportArgs';

describe('export arguments', () => {
  it('asks for help, a model, --to and --out', () => {
    expect(parseExportArgs(['--help'])).toEqual({ ok: 'help' });
    expect(parseExportArgs(['m.json', '--out', 'd'])).toMatchObject({ ok: false, error: '--to is required' });
    expect(parseExportArgs([])).toMatchObject({ ok: false, error: /give one model file, got 0/ });
    expect(parseExportArgs(['m.json', '--to', 'keras', '--out', 'd'])).toMatchObject({
      ok: false,
      error: /--to must be one of/,
    });
    expect(parseExportArgs(['m.json', '--fast'])).toMatchObject({ ok: false, error: 'unknown option --fast' });
    expect(exportUsage()).toMatch(/^usage: npm run export -- <model.json/);
  });
});
