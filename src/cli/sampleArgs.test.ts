import { describe, expect, it } from 'vitest';
import { parseSampleArgs } from './sampleArgs';

describe('sample’s arguments', () => {
  it('take a model, a prompt, and a length, temperature and seed with defaults', () => {
    expect(parseSampleArgs(['m.json', '--prompt', 'ab|'])).toEqual({
      ok: true,
      args: { model: 'm.json', prompt: 'ab|', length: 40, temperature: 0, seed: 1 },
    });
    expect(parseSampleArgs(['m.json', '--prompt=ab', '--length', '5', '--temperature', '0.7', '--seed', '9'])).toEqual({
      ok: true,
      args: { model: 'm.json', prompt: 'ab', length: 5, temperature: 0.7, seed: 9 },
    });
    expect(parseSampleArgs(['--help'])).toEqual({ ok: 'help' });
  });

  it('refuse what they cannot use, saying which', () => {
    const error = (argv: string[]) => {
      const r = parseSampleArgs(argv);
      return r.ok === false ? r.error : null;
    };
    expect(error(['m.json'])).toBe('give the text to continue with --prompt');
    expect(error(['--prompt', 'a'])).toBe('give one model file, got 0 argument(s)');
    expect(error(['m.json', '--prompt', 'a', '--length', '-1'])).toMatch(
      /^--length must be an integer in \[0, 10000\]/,
    );
    expect(error(['m.json', '--prompt', 'a', '--temperature', '-1'])).toMatch(/^--temperature must be a number/);
    expect(error(['m.json', '--prompt', 'a', '--top-k', '3'])).toBe('unknown option --top-k');
  });
});
